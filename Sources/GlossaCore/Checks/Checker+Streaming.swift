extension Checker {
  /// The language translations are compared against, from the languages that have tables.
  static func sourceLanguage(development: String, languages: Set<String>) -> String {
    languages.contains(development) || !languages.contains("Base") ? development : "Base"
  }

  /// Streams every finding, bundle-wide ones first, then language by language (source language
  /// first); within a group the order is file, line, key, kind, category.
  ///
  /// The one way checks run, for `glossa lint` and the review alike. Languages the bundle has
  /// not read are read here one at a time and dropped when checked (only the source's comments
  /// are kept: `max-length`), so memory holds the source, two languages and the findings; read
  /// languages (with their edits) are checked as they stand.
  /// - Throws: `GlossaError` when a table's bytes cannot be read (a damaged zip entry); nothing
  ///   is emitted then.
  public func run(_ bundle: LocalizationBundle, against remote: LocalizationBundle? = nil, emit: (Finding) -> Void)
    throws
  {
    try run(bundle, against: remote, batch: { $0 }, emit: { $0.forEach(emit) })
  }

  /// `run(_:against:emit:)` in batches: the findings about the bundle as a whole, then those of
  /// each language, each turned into a `T` by `batch` on the worker that checked the language
  /// (so that a report can render its parts in parallel) and emitted in report order.
  public func run<T>(
    _ bundle: LocalizationBundle, against remote: LocalizationBundle? = nil,
    batch: @escaping @Sendable ([Finding]) -> T, emit: (T) -> Void
  ) throws {
    let languages = Set(bundle.languages)
    let source = Self.sourceLanguage(development: bundle.developmentLanguage, languages: languages)
    let sourceTables = Self.indexes(try bundle.tables(language: source))[source] ?? [:]
    let plan = LanguagePlan(
      context: CheckContext(bundle: bundle.withoutTables, remote: remote?.withoutTables, options: options),
      source: source, sourceTables: sourceTables, languages: languages.union(remote?.languages ?? []),
      hasRemote: remote != nil,
      permissions: checks.contains { $0.kind == .unlocalizedPermission }
        ? try AppPermissions.read(bundle: bundle, options: options) : nil)
    try run(plan, batch: batch, emit: emit) { language in
      // Only the source's comments are read (`max-length`), and `Base`'s, which stands alone.
      let comments = language == "Base"
      let local =
        language == source
        ? sourceTables
        : Self.indexes(try bundle.tables(language: language, keepsComments: comments), like: sourceTables)[
          language] ?? [:]
      let other = try remote.map {
        Self.indexes(try $0.tables(language: language, keepsComments: comments), like: sourceTables)[language]
          ?? [:]
      }
      return (local, other)
    }
  }

  /// Every finding, in report order (see `run(_:against:emit:)`).
  public func findings(in bundle: LocalizationBundle, against remote: LocalizationBundle? = nil) throws -> [Finding] {
    var result: [Finding] = []
    try run(bundle, against: remote) { result.append($0) }
    return result
  }
}
