import Foundation

/// String Catalogs in a bundle: one catalog file is one table per language.
///
/// Every language's `LocaleTable` holds a `StringCatalogView` of the same catalog and the same
/// path (see `MultiLanguageTable`); these are the catalog-only operations (units, states).
extension LocalizationBundle {
  /// True when `table` is a String Catalog.
  public func isCatalog(table: String) -> Bool {
    tables.contains { $0.name == table && $0.format == .xcstrings }
  }

  /// The catalog behind `table`, if it is a String Catalog.
  public func catalog(table: String) -> StringCatalogDocument? {
    tables.lazy.compactMap { $0.name == table ? ($0.document as? StringCatalogView)?.catalog : nil }.first
  }

  /// Sets any unit of catalog `table` (plain, plural, device, device → plural, substitution);
  /// the state becomes `state`, else `translated` when the value changes (as Xcode marks an
  /// edited value). The value the unit already has, without a `state`, is no edit.
  ///
  /// - Throws: `GlossaError` when `table` is not a catalog or the catalog cannot take the value.
  public mutating func setCatalogValue(
    _ value: String, at path: CatalogUnitPath, table: String, state: TranslationState? = nil
  ) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.setUnit(value, at: path, state: state) }
  }

  /// Sets the state of a catalog unit (`translated` marks it reviewed; nil removes the state).
  /// - Throws: `GlossaError` when there is no such unit.
  public mutating func setCatalogState(_ state: TranslationState?, at path: CatalogUnitPath, table: String) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.setState(state, at: path) }
  }

  /// Removes a catalog unit.
  /// - Throws: `GlossaError` when there is no such unit.
  public mutating func removeCatalogUnit(at path: CatalogUnitPath, table: String) throws {
    let index = try catalogViewIndex(language: path.language, table: table)
    try editView(index) { try $0.removeUnit(at: path) }
  }

  /// `edit` with the String Catalog state change its value implies: a catalog marks a changed
  /// value `translated` (as Xcode does), so the edit carries the state the unit had, and its
  /// inverse (an undo) gives that state back with the value. Any other edit (another format,
  /// a unit added or removed, a unit already `translated`) comes back as it is.
  public func withImpliedState(_ edit: Edit) -> Edit {
    let address = edit.address
    guard edit.states == nil, edit.newValue != nil, !edit.isValueNoOp, isCatalog(table: address.table) else {
      return edit
    }
    let path = CatalogUnitPath(
      key: address.key, language: address.language, substitution: address.variable, device: address.device,
      plural: address.plural)
    guard let unit = catalogUnit(at: path, table: address.table), unit.state != .translated else { return edit }
    var implied = edit
    implied.states = [CatalogStateChange(table: address.table, path: path, old: unit.state, new: .translated)]
    return implied
  }

  /// The catalog unit at `path`, if any.
  public func catalogUnit(at path: CatalogUnitPath, table: String) -> CatalogUnit? {
    catalog(table: table)?.unit(at: path)
  }

  /// The table index of `language`'s view of catalog `table` (added when the catalog lacks
  /// the language: its first unit creates the localization).
  mutating func catalogViewIndex(language: String, table: String) throws -> Int {
    guard isCatalog(table: table) else {
      throw GlossaError.noSuchTable(bundle: name, table: table, tables: tableNames)
    }
    return try multiLanguageViewIndex(language: language, table: table)
  }

  private mutating func editView(_ index: Int, _ change: (inout StringCatalogView) throws -> Void) throws {
    guard var view = tables[index].document as? StringCatalogView else {
      throw GlossaError.invalidEdit(display(tables[index].path), problem: .notACatalog)
    }
    let edits = view.catalog.editCount
    try change(&view)
    // A change that changed no byte (the same value or state) leaves the table unmodified.
    guard view.catalog.editCount != edits else { return }
    tables[index].replace(view)
    syncViews(from: index)
  }
}
