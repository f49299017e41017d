import Foundation

extension BundleListing {
  /// The languages to read before the review's first screen when `shown` is shown: the language
  /// translations are compared against, `shown`, and languages sharing `shown`'s base language
  /// (`pt` for `pt-BR`), which the effective value can fall back to.
  public func firstLanguages(showing shown: String?) -> [String] {
    let languages = self.languages
    var wanted = [developmentLanguage]
    if !languages.contains(developmentLanguage) && languages.contains("Base") { wanted.append("Base") }
    if let shown, languages.contains(shown) {
      let base = Self.baseLanguage(shown)
      wanted += languages.filter { $0 == shown || Self.baseLanguage($0) == base }
    }
    var seen = Set<String>()
    return wanted.filter { seen.insert($0).inserted }
  }

  private static func baseLanguage(_ code: String) -> Substring {
    code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(code)
  }

  /// Reads and parses every table of `languages` (both cores), sorted as `LocalizationBundle.tables`.
  ///
  /// - Throws: `GlossaError` naming the archive and entry when a zip entry is damaged.
  public func tables(of languages: Set<String>) throws -> [LocaleTable] {
    try read(files.indices.filter { languages.contains(files[$0].language) }, parallel: true)
  }

  /// The skeleton with the tables of `languages`.
  public func bundle(with languages: Set<String>) throws -> LocalizationBundle {
    var bundle = skeleton
    bundle.tables = try tables(of: languages)
    return bundle
  }
}

extension LocalizationBundle {
  /// Adds the tables of languages read later (see `BundleListing`), keeping the order of `tables`.
  public mutating func insert(_ more: [LocaleTable]) {
    guard !more.isEmpty else { return }
    tables += more
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
  }
}
