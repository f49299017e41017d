import Foundation

/// Files that hold every language of one table (String Catalogs, localized-object JSON) in a
/// bundle: one `LocaleTable` per language, all with the file's path, each holding a
/// `MultiLanguageTable` view. Edits go through one view and are handed to the others
/// (`syncViews`); `save()` writes each path once.
extension LocalizationBundle {
  /// What reading a candidate multi-language file gave.
  enum MultiLanguageRead {
    /// One table per language (a catalog's source language first, else the file's order).
    case tables([LocaleTable])
    /// A `.json` file that is not a localized-object file, and why (`line:column: reason`).
    case notMultiLanguage(String)
  }

  /// Reads a String Catalog or a `.json` file outside any `.lproj` folder as one table per language.
  static func multiLanguageTables(
    _ data: Data, format: TableFormat, name: String, path: String, display: String, fallbackLanguage: String
  ) -> MultiLanguageRead {
    if format == .xcstrings {
      let catalog = StringCatalogDocument(data: data, file: display)
      return .tables(
        StringCatalogView.views(of: catalog, fallbackLanguage: fallbackLanguage).map { view in
          LocaleTable(language: view.language, name: name, path: path, format: .xcstrings, document: view)
        })
    }
    let document = LocalizedObjectDocument(data: data, file: display)
    if let mismatch = document.mismatch { return .notMultiLanguage(mismatch.description) }
    return .tables(document.localeTables(name: name, path: path))
  }

  /// A String Catalog or localized-object file given directly as the bundle argument; nil for a
  /// `.json` file that is not a localized-object file when `--lang` names its language (it is
  /// then one language's JSON table).
  /// - Throws: `GlossaError` when the file cannot be read, or is a `.json` file that is neither
  ///   a localized-object file nor given a language (the message says why, with line and column).
  static func loadMultiLanguageFile(
    _ url: URL, format: TableFormat, name: String, options: BundleLoadOptions
  ) throws -> LocalizationBundle? {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw GlossaError("\(name): cannot read the file (\(error.localizedDescription))")
    }
    let file = url.lastPathComponent
    let base = file.split(separator: ".", maxSplits: 1).first.map(String.init) ?? file
    let read = multiLanguageTables(
      data, format: format, name: base, path: file, display: name,
      fallbackLanguage: options.sourceLanguage ?? options.language ?? "en")
    guard case .tables(let tables) = read else {
      if options.language != nil { return nil }
      let reason = if case .notMultiLanguage(let reason) = read { reason } else { "" }
      throw GlossaError(
        "\(name): cannot tell the file's language: it is not in a <language>.lproj folder and not a localized-object JSON file (\(reason)); put it in a <language>.lproj folder or pass --lang"
      )
    }
    let catalogSource = (tables.first?.document as? StringCatalogView)?.catalog.sourceLanguage
    let languages = tables.map(\.language)
    var bundle = LocalizationBundle(
      name: name, storage: .file(url), tables: tables,
      developmentLanguage: catalogSource ?? (languages.contains("en") ? "en" : languages.first ?? "en"))
    try bundle.applySourceLanguage(options.sourceLanguage)
    return bundle
  }

  /// `bundle`, unless it has no tables because every candidate was a `.json` file that is not a
  /// localized-object file: then an error that says why for each (the first five).
  static func requireTables(
    _ bundle: LocalizationBundle, files: [(String, Data)], name: String, where place: String
  ) throws -> LocalizationBundle {
    guard bundle.tables.isEmpty else { return bundle }
    var reasons: [String] = []
    for (path, data) in files {
      guard let file = BundleLayout.tableFile(path), file.language.isEmpty, file.format == .json else { continue }
      if case .notMultiLanguage(let reason) = multiLanguageTables(
        data, format: .json, name: file.base, path: path, display: path, fallbackLanguage: "en")
      {
        reasons.append("\(path):\(reason)")
      }
    }
    let shown = reasons.prefix(5).joined(separator: "; ") + (reasons.count > 5 ? "; and \(reasons.count - 5) more" : "")
    throw GlossaError(
      "\(name): \(place) no .lproj folders with tables, no .xcstrings catalogs and no localized-object .json files"
        + (shown.isEmpty ? "" : " (not localized objects: \(shown))"))
  }

  /// True when `table` is a file that holds every language (a catalog or localized objects).
  public func isMultiLanguage(table: String) -> Bool {
    tables.contains { $0.name == table && $0.document is any MultiLanguageTable }
  }

  /// The table index of `language`'s view of multi-language `table`, adding a view for a
  /// language the file does not have yet (its first value creates the language in the file).
  /// - Throws: `GlossaError` when `table` is not a multi-language file.
  mutating func multiLanguageViewIndex(language: String, table: String) throws -> Int {
    func isView(_ t: LocaleTable) -> Bool { t.name == table && t.document is any MultiLanguageTable }
    if let index = tables.firstIndex(where: { isView($0) && $0.language == language }) { return index }
    guard let template = tables.first(where: isView), let view = template.document as? any MultiLanguageTable else {
      let known = tableNames.joined(separator: ", ")
      throw GlossaError(
        "\(name): no String Catalog or localized-object file named \"\(table)\" (tables: \(known.isEmpty ? "none" : known))"
      )
    }
    tables.append(
      LocaleTable(
        language: language, name: table, path: template.path, format: template.format,
        document: view.view(for: language)))
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return tables.firstIndex { isView($0) && $0.language == language } ?? 0
  }

  /// Hands the file edited through `tables[index]` to every other view of the same path and
  /// marks them all modified.
  mutating func syncViews(from index: Int) {
    guard let edited = tables[index].document as? any MultiLanguageTable else { return }
    let path = tables[index].path
    for other in tables.indices where tables[other].path == path {
      if other != index, var view = tables[other].document as? any MultiLanguageTable, view.adopt(edited) {
        tables[other].document = view
      }
      tables[other].isModified = true
    }
  }
}
