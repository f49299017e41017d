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

  /// The bundle's spelling of a language code: exact, else ignoring case and `_`/`-`.
  public func matchingLanguage(_ code: String) -> String? {
    let all = languages
    if all.contains(code) { return code }
    let folded = code.replacingOccurrences(of: "_", with: "-").lowercased()
    return all.first { $0.replacingOccurrences(of: "_", with: "-").lowercased() == folded }
  }

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
