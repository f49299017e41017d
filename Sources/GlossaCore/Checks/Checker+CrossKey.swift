extension Checker {
  /// The kinds whose findings about a key depend on other keys' values or names: a per-key
  /// re-check after an edit cannot tell them, so the review asks `crossKeyFindings` for the
  /// edited language (in the background) and keeps them until it answers.
  public static let crossKeyKinds: Set<FindingKind> = [.inconsistentTranslation, .caseDuplicateKey]

  /// The findings of the kinds in `crossKeyKinds` (those this checker runs) for one language of
  /// `bundle` (checked against `remote` when given), as a full run reports them, with the
  /// indexes kept in `cache`: what the review asks for after an edit in that language.
  public func crossKeyFindings(
    language: String, in bundle: LocalizationBundle, against remote: LocalizationBundle? = nil,
    cache: inout KeyCheckCache
  ) -> [Finding] {
    let crossKey = checks.filter { Self.crossKeyKinds.contains($0.kind) }
    guard !crossKey.isEmpty else { return [] }
    let source = Self.sourceLanguage(of: bundle)
    let tables = cache.tables(of: language, in: bundle, remote: false)
    let sourceTables = language == source ? tables : cache.tables(of: source, in: bundle, remote: false)
    let groups = crossKey.contains { $0.kind == .inconsistentTranslation } ? SourceTextGroups(sourceTables) : nil
    let subject = LanguageSubject(
      language: language, sourceLanguage: source, tables: tables, sourceTables: sourceTables,
      remoteTables: remote.map { cache.tables(of: language, in: $0, remote: true) }, options: options,
      bundleName: bundle.name, sourceTextGroups: groups, permissions: nil)
    var found: [Finding] = []
    for check in crossKey { check.check(subject) { found.append($0) } }
    return finish(found)
  }
}
