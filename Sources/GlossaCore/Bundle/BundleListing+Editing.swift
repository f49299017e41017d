import Foundation

extension BundleListing {
  /// Table names, sorted (as `LocalizationBundle.tableNames`).
  public var tableNames: [String] { Set(files.map(\.name)).sorted() }

  /// The one table name when the bundle has one, else `Localizable` if present.
  public var defaultTableName: String? {
    let names = tableNames
    if names.count == 1 { return names[0] }
    return names.first { $0 == "Localizable" }
  }

  /// The table a key belongs to when no `--table` is given: the one table holding `key` in
  /// `languages` (source first; `Localizable` when it is one of several), else the default
  /// table for a new key.
  /// - Throws: `GlossaError` when several tables hold the key, or there is no default table.
  public func tableName(holding key: String, in languages: [String]) throws -> String {
    let names = tableNames
    if names.count == 1 { return names[0] }
    var holding: [String] = []
    for language in languages where holding.isEmpty {
      for table in try tables(of: [language]) where !holding.contains(table.name) {
        if table.entries.contains(where: { $0.key == key }) || table.document.pluralFamilies.contains(where: { $0.key == key }) {
          holding.append(table.name)
        }
      }
    }
    if holding.count == 1 { return holding[0] }
    // `Localizable` is the table a plain NSLocalizedString reads: it wins a tie.
    if let fallback = defaultTableName, holding.contains(fallback) { return fallback }
    if holding.count > 1 {
      throw GlossaError("\(name): \(key) is in several tables (\(holding.sorted().joined(separator: ", "))); choose one with --table")
    }
    guard let fallback = defaultTableName else {
      throw GlossaError("\(name): \(key) is in no table; to add it choose one with --table (tables: \(names.joined(separator: ", ")))")
    }
    return fallback
  }

  /// The bundle's spelling of a language code: exact, else ignoring case and `_`/`-`.
  public func matchingLanguage(_ code: String) -> String? { LocalizationBundle.matching(code, in: languages) }

  /// The bundle with only the files of `table` in `languages` parsed: what one edit needs.
  ///
  /// When the development language has no file of `table`, the table's first file is read too
  /// (`setValue` copies its layout for a new language's file). `save()` writes only modified
  /// tables, so for a zip every other entry is copied as it is, never inflated. A bundle read
  /// whole (single file, URL, String Catalog) comes back whole.
  /// - Throws: `GlossaError` when the bundle has no table `table` (as `setValue` words it), or a
  ///   zip entry that is read turns out damaged.
  public func bundle(table: String, languages: [String]) throws -> LocalizationBundle {
    guard isPartial else { return try loadAll() }
    guard files.contains(where: { $0.name == table }) else {
      let known = tableNames.joined(separator: ", ")
      throw GlossaError("\(name): no table named \"\(table)\" (tables: \(known.isEmpty ? "none" : known))")
    }
    var wanted = files.indices.filter { files[$0].name == table && languages.contains(files[$0].language) }
    if !wanted.contains(where: { files[$0].language == developmentLanguage }),
      let template = files.indices.filter({ files[$0].name == table }).min(by: { a, b in
        (files[a].language, files[a].name, files[a].path) < (files[b].language, files[b].name, files[b].path)
      }),
      !wanted.contains(template)
    {
      wanted.append(template)
    }
    var bundle = skeleton
    bundle.tables = try read(wanted, parallel: true)
    return bundle
  }

}
