/// `case-duplicate-key`: two keys of a development-language table differ only in case
/// (`Settings.Title` and `settings.title`). Warning: lookups are case-sensitive, so one of them
/// is usually a typo that shows the wrong text (or none) on some screen. Reported once per
/// extra key, in the development language (translations copy its keys).
public struct CaseDuplicateKey: Check {
  public var kind: FindingKind { .caseDuplicateKey }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language == language.sourceLanguage else { return }
    for name in language.tables.keys.sorted() {
      guard let table = language.tables[name] else { continue }
      var first: [String: String] = [:]
      for key in table.keys {
        // Keys without a capital letter on either side are the usual case: no lowercasing.
        let folded = key.lowercased()
        guard let earlier = first[folded] else {
          first[folded] = key
          continue
        }
        let record = table.record(for: key)
        let comments = [record?.entry?.comment, table.record(for: earlier)?.entry?.comment]
        if comments.contains(where: { Suppression.kinds(in: $0).contains(.caseDuplicateKey) }) { continue }
        emit(
          Finding(
            kind: .caseDuplicateKey, severity: .warning, bundle: language.bundleName, language: language.language,
            table: name, key: key, file: record?.location.file ?? table.path, line: record?.location.line,
            message:
              "Key “\(key)” differs from “\(earlier)” only in case; lookups tell them apart, so one is likely a typo."))
      }
    }
  }
}
