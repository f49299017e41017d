/// `stale-key`: a String Catalog key whose `extractionState` is `stale`: Xcode no longer finds
/// it in the code. Info: dead text that translators may still be paying for; delete the key
/// (Xcode's “Remove stale strings”) or, when code outside Xcode's view uses it, mark it
/// `manual`. Reported once, in the development language.
public struct StaleKey: Check {
  public var kind: FindingKind { .staleKey }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language == language.sourceLanguage else { return }
    CatalogKeyFlags.forEachKey(in: language.tables) { key, table, path in
      guard key.extractionState == "stale", !Suppression.kinds(in: key.comment).contains(.staleKey) else { return }
      emit(
        Finding(
          kind: .staleKey, severity: .info, bundle: language.bundleName, language: language.language,
          table: table, key: key.key, file: path, line: key.line,
          message: "Key “\(key.key)” is stale: Xcode no longer finds it in the code."))
    }
  }
}
