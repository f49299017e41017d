/// `missing-key`: a key of the source language is absent in a translation (a plural family counts
/// as one key). Error: users see the development-language text. A language that lacks a whole
/// table file gets one finding for the table, without a key (a warning for `InfoPlist`, whose
/// values fall back to `Info.plist` and which apps often localize in only a few languages).
public struct MissingKey: Check {
  public var kind: FindingKind { .missingKey }
  public var keyTriggers: KeyShape { .noTranslation }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let table = subject.translationTable, !table.isUndecodable, let source = subject.source,
      subject.translation == nil
    else { return }
    // A plain value beside a plural entry in another file is a placeholder: the family is the key.
    let plainIsTheText = source.familyFile == source.file
    let what =
      (plainIsTheText ? source.entry.map { "its source text is \(quoted($0.value))" } : nil)
      ?? (source.families.isEmpty && !source.devices.isEmpty ? "it varies by device" : "it is a plural family")
    let place = source.location
    emit(
      subject.finding(
        .missingKey, .error, file: subject.location.file,
        "Key “\(subject.key)” is missing in \(subject.language) (\(place.file):\(place.line) has it; \(what))."
      ))
  }

  public func check(_ subject: LanguageSubject, emit: (Finding) -> Void) {
    let language = subject.language
    let source = subject.sourceLanguage
    guard language != source, language != "Base", !subject.tables.isEmpty else { return }
    for (name, table) in subject.sourceTables.sorted(by: { $0.key < $1.key }) where subject.tables[name] == nil {
      if Self.readsFromBaseLanguage(table.files, language: language) { continue }
      let keyCount = table.keyCount
      let path = table.files.map(\.path).min().map { Self.path($0, language: language) } ?? name
      emit(
        Finding(
          kind: .missingKey, severity: name == "InfoPlist" ? .warning : .error, bundle: subject.bundleName,
          language: language,
          table: name, file: path,
          message:
            "The \(name) table is missing in \(language): its \(keyCount) key\(keyCount == 1 ? "" : "s") "
            + "show in \(source)."))
    }
  }

  /// `path` with its `.lproj` folder replaced by `language`'s.
  static func path(_ path: String, language: String) -> String {
    BundleLayout.path(path, language: language)
  }
}
