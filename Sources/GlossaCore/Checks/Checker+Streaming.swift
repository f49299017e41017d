extension Checker {
  /// The language translations are compared against, from the languages that have tables.
  static func sourceLanguage(development: String, languages: Set<String>) -> String {
    languages.contains(development) || !languages.contains("Base") ? development : "Base"
  }

  /// Streams every finding of a listed bundle while reading it one language at a time: the
  /// source language is parsed and indexed once, then each other language (with the
  /// `--against` bundle's same language) is read, parsed, checked and dropped, two at a time on
  /// two cores. The findings and their order are exactly those of `run` on the loaded bundle.
  ///
  /// - Throws: `GlossaError` when a table's bytes cannot be read (a damaged zip entry); nothing
  ///   is emitted then.
  public func run(_ listing: BundleListing, against remote: BundleListing? = nil, emit: (Finding) -> Void) throws {
    try run(listing, against: remote, batch: { $0 }, emit: { $0.forEach(emit) })
  }

  /// `run(_:against:emit:)` in batches: the findings about the bundle as a whole, then those of
  /// each language, each turned into a `T` by `batch` on the worker that checked the language
  /// (so that a report can render its parts in parallel) and emitted in report order.
  public func run<T>(
    _ listing: BundleListing, against remote: BundleListing? = nil, batch: @escaping @Sendable ([Finding]) -> T,
    emit: (T) -> Void
  ) throws {
    let languages = Set(listing.languages)
    let source = Self.sourceLanguage(development: listing.developmentLanguage, languages: languages)
    let sourceTables = Self.indexes(try listing.tables(language: source))[source] ?? [:]
    let plan = LanguagePlan(
      context: CheckContext(bundle: listing.skeleton, remote: remote?.skeleton, options: options),
      source: source, sourceTables: sourceTables, languages: languages.union(remote?.languages ?? []),
      hasRemote: remote != nil)
    try run(plan, batch: batch, emit: emit) { language in
      // Only the source's comments are read (`max-length`), and `Base`'s, which stands alone.
      let comments = language == "Base"
      let local =
        language == source
        ? sourceTables
        : Self.indexes(try listing.tables(language: language, keepsComments: comments))[language] ?? [:]
      let other = try remote.map {
        Self.indexes(try $0.tables(language: language, keepsComments: comments))[language] ?? [:]
      }
      return (local, other)
    }
  }

  /// Every finding of a listed bundle, in report order (see `run(_:against:emit:)`).
  public func findings(in listing: BundleListing, against remote: BundleListing? = nil) throws -> [Finding] {
    var result: [Finding] = []
    try run(listing, against: remote) { result.append($0) }
    return result
  }
}
