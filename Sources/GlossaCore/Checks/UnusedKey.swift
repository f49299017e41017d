/// `unused-key`: a key of the development language (or `Base`) that no code under `--sources`
/// looks up: dead weight for every translator. Info: code can build keys at run time
/// (`NSLocalizedString(name, …)`), which no scan sees.
///
/// `InfoPlist` tables are never reported (the system reads them). A table named after a scanned
/// storyboard or xib (`Main.strings` for `Main.storyboard`) holds `<object id>.<property>` keys:
/// one is unused when the file has no object with that id. An interpolated literal uses every key
/// it matches (`NSLocalizedString("menu.\(id)", …)` uses `menu.open` and `menu.close`). Tables the
/// config names as looked up with keys built at run time (`runtime-tables:`) are never reported,
/// nor are those of a storyboard or xib that is not well-formed (`unreadable-file` says where).
public struct UnusedKey: Check {
  public var kind: FindingKind { .unusedKey }
  public var inspectsKeys: Bool { false }
  /// What the code uses.
  public var uses: SourceKeyUses
  /// Tables whose keys the app builds at run time (`runtime-tables:`): none of their keys is
  /// reported.
  public var runtimeTables: Set<String>

  public init(uses: SourceKeyUses, runtimeTables: Set<String> = []) {
    self.uses = uses
    self.runtimeTables = runtimeTables
  }

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language == language.sourceLanguage || language.language == "Base" else { return }
    let byTable = uses.byTable()
    let roots = uses.roots.joined(separator: ", ")
    for (path, table) in language.tables.sorted(by: { $0.key < $1.key }) {
      // Code names a table by its file name, whichever resource folder of the root holds it.
      let name = SourceKeyUses.lookupName(of: path)
      if name.lowercased() == "infoplist" || runtimeTables.contains(name) || runtimeTables.contains(path)
        || uses.partlyReadInterfaceTables.contains(name)
      {
        continue
      }
      let tableUses = byTable[name] ?? []
      let isInterface = uses.interfaceTables.contains(name)
      let ids = Set(tableUses.compactMap { if case .objectID(let id) = $0.key { id } else { nil } })
      var exact: Set<String> = []
      var patterns: [KeyPattern] = []
      for use in tableUses {
        if case .exact(let key) = use.key { exact.insert(key) }
        if case .pattern = use.key, let pattern = KeyPattern(use.key) { patterns.append(pattern) }
      }
      for key in table.keys where !table.untranslatable.contains(key) {
        guard let record = table.record(for: key) else { continue }
        let message: String
        if isInterface, let dot = key.firstIndex(of: "."), ids.contains(String(key[..<dot])) {
          continue
        } else if exact.contains(key) || patterns.contains(where: { $0.matches(key) }) {
          continue
        } else if isInterface, let dot = key.firstIndex(of: ".") {
          message =
            "No object of \(name).storyboard or \(name).xib has the id “\(UntrustedText.shown(String(key[..<dot])))”"
            + "; the entry is never shown."
        } else {
          message = "No code under \(roots) uses the key; it may be dead weight for translators."
        }
        if Suppression.kinds(in: record.entry?.comment).contains(.unusedKey) { continue }
        let location = record.location
        emit(
          Finding(
            kind: .unusedKey, severity: .info, bundle: language.bundleName, language: language.language,
            table: path, key: key, file: location.file, line: location.line, message: message))
      }
    }
  }
}
