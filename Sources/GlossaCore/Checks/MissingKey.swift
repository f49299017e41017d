/// `missing-key`: a key of the source language is absent in a translation (a plural family counts
/// as one key). Error: users see the development-language text. A language that lacks a whole
/// table file gets one finding for the table, without a key (a warning for `InfoPlist`, whose
/// values fall back to `Info.plist` and which apps often localize in only a few languages).
public struct MissingKey: Check {
  public var kind: FindingKind { .missingKey }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let table = subject.translationTable, !table.isUndecodable, let source = subject.source,
      subject.translation == nil
    else { return }
    let what =
      source.entry.map { "its source text is \(quoted($0.value))" }
      ?? (source.families.isEmpty && !source.devices.isEmpty ? "it varies by device" : "it is a plural family")
    emit(
      subject.finding(
        .missingKey, .error,
        "Key “\(subject.key)” is missing in \(subject.language) (\(source.file):\(source.line) has it; \(what))."
      ))
  }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    let bundle = context.bundle
    let source = Checker.sourceLanguage(of: bundle)
    var present: [String: Set<String>] = [:]
    for table in bundle.tables { present[table.language, default: []].insert(table.name) }
    let sourceFiles = bundle.tables.filter { $0.language == source }
    let sourceNames = Set(sourceFiles.map(\.name))
    for language in present.keys.sorted() where language != source && language != "Base" {
      for name in sourceNames.sorted() where !(present[language]?.contains(name) ?? false) {
        let files = sourceFiles.filter { $0.name == name }
        if Self.readsFromBaseLanguage(files, language: language) { continue }
        let keyCount = TableIndex(files: files).keys.count
        let path = files.first.map { Self.path($0.path, language: language) } ?? name
        emit(
          Finding(
            kind: .missingKey, severity: name == "InfoPlist" ? .warning : .error, bundle: bundle.name,
            language: language,
            table: name, file: path,
            message:
              "The \(name) table is missing in \(language): its \(keyCount) key\(keyCount == 1 ? "" : "s") "
              + "show in \(source)."))
      }
    }
  }

  /// `path` with its `.lproj` folder replaced by `language`'s.
  static func path(_ path: String, language: String) -> String {
    BundleLayout.path(path, language: language)
  }
}
