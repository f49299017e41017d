import Foundation

/// String Catalogs in a bundle: one catalog file is one table per language.
///
/// Every language's `LocaleTable` holds a `StringCatalogView` of the same catalog and the same
/// path. An edit goes through one view; the edited catalog is then handed to every other view of
/// that file (`syncCatalog`), so the views never disagree, and `save()` writes the file once.
extension LocalizationBundle {
  /// One table per language of the catalog in `data` (the source language first).
  static func catalogTables(
    _ data: Data, name: String, path: String, display: String, fallbackLanguage: String
  ) -> [LocaleTable] {
    let catalog = StringCatalogDocument(data: data, file: display)
    return StringCatalogView.views(of: catalog, fallbackLanguage: fallbackLanguage).map { view in
      LocaleTable(language: view.language, name: name, path: path, format: .xcstrings, document: view)
    }
  }

  /// A catalog given directly as the bundle argument.
  static func loadCatalogFile(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw GlossaError("\(name): cannot read the file (\(error.localizedDescription))")
    }
    let base = url.lastPathComponent.split(separator: ".", maxSplits: 1).first.map(String.init) ?? url.lastPathComponent
    let tables = catalogTables(
      data, name: base, path: url.lastPathComponent, display: name,
      fallbackLanguage: options.sourceLanguage ?? options.language ?? "en")
    let source = (tables.first?.document as? StringCatalogView)?.catalog.sourceLanguage
    var bundle = LocalizationBundle(
      name: name, storage: .file(url), tables: tables,
      developmentLanguage: source ?? tables.first?.language ?? "en")
    try bundle.applySourceLanguage(options.sourceLanguage)
    return bundle
  }

  /// True when `table` is a String Catalog.
  public func isCatalog(table: String) -> Bool {
    tables.contains { $0.name == table && $0.format == .xcstrings }
  }

  /// The catalog behind `table`, if it is a String Catalog.
  public func catalog(table: String) -> StringCatalogDocument? {
    tables.lazy.compactMap { $0.name == table ? ($0.document as? StringCatalogView)?.catalog : nil }.first
  }

  /// Sets any unit of catalog `table` (plain, plural, device, device → plural, substitution);
  /// the state becomes `state` (`translated` by default, as Xcode marks an edited value).
  ///
  /// - Throws: `GlossaError` when `table` is not a catalog or the catalog cannot take the value.
  public mutating func setCatalogValue(
    _ value: String, at path: CatalogUnitPath, table: String, state: TranslationState = .translated
  ) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.setUnit(value, at: path, state: state) }
  }

  /// Sets the state of a catalog unit (`translated` marks it reviewed).
  /// - Throws: `GlossaError` when there is no such unit.
  public mutating func setCatalogState(_ state: TranslationState, at path: CatalogUnitPath, table: String) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.setState(state, at: path) }
  }

  /// Removes a catalog unit.
  /// - Throws: `GlossaError` when there is no such unit.
  public mutating func removeCatalogUnit(at path: CatalogUnitPath, table: String) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.removeUnit(at: path) }
  }

  /// The catalog unit at `path`, if any.
  public func catalogUnit(at path: CatalogUnitPath, table: String) -> CatalogUnit? {
    catalog(table: table)?.unit(at: path)
  }

  /// The table index of `language`'s view of catalog `table`, adding a view for a language the
  /// catalog does not have yet (its first unit creates the localization).
  mutating func catalogViewIndex(language: String, table: String) throws -> Int {
    if let index = tables.firstIndex(where: { $0.name == table && $0.language == language && $0.format == .xcstrings })
    {
      return index
    }
    guard let template = tables.first(where: { $0.name == table && $0.format == .xcstrings }),
      let view = template.document as? StringCatalogView
    else {
      let known = tableNames.joined(separator: ", ")
      throw GlossaError("\(name): no String Catalog named \"\(table)\" (tables: \(known.isEmpty ? "none" : known))")
    }
    tables.append(
      LocaleTable(
        language: language, name: table, path: template.path, format: .xcstrings,
        document: StringCatalogView(catalog: view.catalog, language: language, carriesDiagnostics: false)))
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return tables.firstIndex { $0.name == table && $0.language == language && $0.format == .xcstrings } ?? 0
  }

  private mutating func editView(_ index: Int, _ change: (inout StringCatalogView) throws -> Void) throws {
    guard var view = tables[index].document as? StringCatalogView else {
      throw GlossaError("\(name): \(tables[index].path) is not a String Catalog")
    }
    try change(&view)
    tables[index].document = view
    syncCatalog(from: index)
  }

  /// Hands the catalog edited through `tables[index]` to every other view of the same file and
  /// marks them all modified.
  mutating func syncCatalog(from index: Int) {
    guard let edited = tables[index].document as? StringCatalogView else { return }
    let path = tables[index].path
    for other in tables.indices where tables[other].path == path && tables[other].format == .xcstrings {
      if other != index, var view = tables[other].document as? StringCatalogView {
        view.replaceCatalog(edited.catalog)
        tables[other].document = view
      }
      tables[other].isModified = true
    }
  }
}
