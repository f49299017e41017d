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

  /// Reads a String Catalog or a `.json` file outside any `.lproj` folder as one table per
  /// language; `stamp` is the file's when it was read. `data` is handed over: a catalog's bytes
  /// go as soon as they are decoded, not when its 200,000 units have been read.
  static func multiLanguageTables(
    _ data: consuming Data, format: TableFormat, name: String, path: String, display: String, fallbackLanguage: String,
    stamp: FileStamp?
  ) -> MultiLanguageRead {
    let tables: [LocaleTable]
    if format == .xcstrings {
      tables = catalogTables(
        StringCatalogDocument(data: consume data, file: display), name: name, path: path,
        fallbackLanguage: fallbackLanguage)
    } else {
      let document = LocalizedObjectDocument(data: data, file: display)
      if let mismatch = document.mismatch { return .notMultiLanguage(mismatch.description) }
      tables = document.localeTables(name: name, path: path)
    }
    return .tables(read(tables, stamp: stamp))
  }

  /// Reads the multi-language file at `path` of `store` (see `multiLanguageTables`): a String
  /// Catalog straight into the array its reader keeps (`BundleStore.readBytes`), anything else
  /// as `Data`.
  static func multiLanguageTables(
    in store: BundleStore, path: String, entry: Int, bundle: String, format: TableFormat, name: String,
    display: String, fallbackLanguage: String
  ) throws -> MultiLanguageRead {
    guard format == .xcstrings else {
      let (data, stamp) = try store.read(path, entry: entry, bundle: bundle)
      return multiLanguageTables(
        consume data, format: format, name: name, path: path, display: display, fallbackLanguage: fallbackLanguage,
        stamp: stamp)
    }
    let (bytes, stamp) = try store.readBytes(path, entry: entry, bundle: bundle)
    let catalog = StringCatalogDocument(bytes: consume bytes, file: display)
    return .tables(
      read(catalogTables(catalog, name: name, path: path, fallbackLanguage: fallbackLanguage), stamp: stamp))
  }

  /// One table per language view of `catalog`.
  private static func catalogTables(
    _ catalog: StringCatalogDocument, name: String, path: String, fallbackLanguage: String
  ) -> [LocaleTable] {
    StringCatalogView.views(of: catalog, fallbackLanguage: fallbackLanguage).map { view in
      LocaleTable(language: view.language, name: name, path: path, format: .xcstrings, document: view)
    }
  }

  /// `tables` marked as read from a file with `stamp`.
  private static func read(_ tables: [LocaleTable], stamp: FileStamp?) -> [LocaleTable] {
    tables.map { table in
      var table = table
      table.origin = .read(stamp)
      return table
    }
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
      throw GlossaError.noSuchTable(bundle: name, table: table, tables: tableNames)
    }
    // A view of the file already read: no change until a value is set through it.
    tables.append(
      LocaleTable(
        language: language, name: table, path: template.path, format: template.format,
        document: view.view(for: language), origin: template.origin))
    tables.sort(by: LocalizationBundle.tableOrder)
    return tables.firstIndex { isView($0) && $0.language == language } ?? 0
  }

  /// Hands the file edited through `tables[index]` to every other view of the same path, each
  /// with a new revision.
  mutating func syncViews(from index: Int) {
    guard let edited = tables[index].document as? any MultiLanguageTable else { return }
    let path = tables[index].path
    for other in tables.indices where other != index && tables[other].path == path {
      if var view = tables[other].document as? any MultiLanguageTable, view.adopt(edited) {
        tables[other].replace(view)
      }
    }
  }
}
