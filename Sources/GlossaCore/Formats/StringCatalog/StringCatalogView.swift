import Foundation

/// One language of a String Catalog as a table, so every check and command that reads tables
/// works on catalogs.
///
/// Entries: one per unit of `language` (`plural`, `device`, and `variable` = the substitution
/// name), carrying the key's comment, the unit's state and whether the key is translatable. In
/// the source language a key without a unit reads as its own text, as Xcode does. Edits go to
/// the whole catalog: `serialized()` is the catalog file.
public struct StringCatalogView: TableDocument {
  /// The catalog this view reads.
  public private(set) var catalog: StringCatalogDocument
  /// The language shown.
  public let language: String
  /// True for the one view per catalog that reports the catalog's diagnostics (so a bundle
  /// reports each problem once, not once per language).
  public let carriesDiagnostics: Bool
  public private(set) var entries: [Entry] = []
  public private(set) var pluralFamilies: [PluralFamily] = []

  /// The view of `language`; `carriesDiagnostics` for the one view that reports problems.
  public init(catalog: StringCatalogDocument, language: String, carriesDiagnostics: Bool) {
    self.catalog = catalog
    self.language = language
    self.carriesDiagnostics = carriesDiagnostics
    project()
  }

  /// The view of `language` with its entries already projected.
  private init(
    catalog: StringCatalogDocument, language: String, carriesDiagnostics: Bool, projected: CatalogProjection.Result
  ) {
    self.catalog = catalog
    self.language = language
    self.carriesDiagnostics = carriesDiagnostics
    entries = projected.entries
    pluralFamilies = projected.pluralFamilies
  }

  /// One view per language of `catalog` (its source language first); the first carries the
  /// diagnostics. `fallbackLanguage` names the only view of a catalog with no languages. The
  /// views are made in parallel, of the entries the catalog's read gathered when it could (see
  /// `CatalogGathering`).
  public static func views(of catalog: StringCatalogDocument, fallbackLanguage: String) -> [StringCatalogView] {
    let found = catalog.languages
    let languages = found.isEmpty ? [fallbackLanguage] : found
    // Each language's gathered parts, handed over to the worker that makes its view.
    var gathered: ParallelResults<[CatalogGathering.Part]>?
    if var gathering = catalog.takeGathered() {
      let parts = ParallelResults<[CatalogGathering.Part]>(count: languages.count)
      for (index, language) in languages.enumerated() { parts.set(index, gathering.takeParts(of: language)) }
      gathered = parts
    }
    let handed = gathered
    let results = ParallelResults<StringCatalogView>(count: languages.count)
    DispatchQueue.concurrentPerform(iterations: languages.count) { index in
      let language = languages[index]
      let view =
        if let handed {
          StringCatalogView(
            catalog: catalog, language: language, carriesDiagnostics: index == 0,
            projected: CatalogProjection.result(of: language, parts: handed.take(index) ?? [], catalog: catalog))
        } else {
          StringCatalogView(catalog: catalog, language: language, carriesDiagnostics: index == 0)
        }
      results.set(index, view)
    }
    return results.values
  }

  public var diagnostics: [Diagnostic] { carriesDiagnostics ? catalog.diagnostics : [] }

  public func serialized() -> Data { catalog.serialized() }

  /// True when `language` is the catalog's source language.
  public var isSourceLanguage: Bool { catalog.sourceLanguage == language }

  /// Sets a plain value or plural form (`variable` = substitution name); see `setUnit`.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws {
    try setUnit(value, at: CatalogUnitPath(key: key, language: language, substitution: variable, plural: plural))
  }

  /// Sets the value of any unit of this language and gives it `state`; without one, a changed
  /// value becomes `translated` and an unchanged one is no edit (see
  /// `StringCatalogDocument.setValue(_:at:state:)`).
  public mutating func setUnit(_ value: String, at path: CatalogUnitPath, state: TranslationState? = nil) throws {
    var path = path
    path.language = language
    try catalog.setValue(value, at: path, state: state)
    project()
  }

  /// Sets the state of a unit of this language (nil removes it).
  public mutating func setState(_ state: TranslationState?, at path: CatalogUnitPath) throws {
    var path = path
    path.language = language
    try catalog.setState(state, at: path)
    project()
  }

  /// Removes one unit of this language; without a plural or variable, the plain unit.
  public mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    try removeUnit(at: CatalogUnitPath(key: key, language: language, substitution: variable, plural: plural))
  }

  /// Removes any unit of this language.
  public mutating func removeUnit(at path: CatalogUnitPath) throws {
    var path = path
    path.language = language
    try catalog.removeUnit(at: path)
    project()
  }

  /// Replaces the catalog (after an edit through another language's view).
  public mutating func replaceCatalog(_ catalog: StringCatalogDocument) {
    self.catalog = catalog
    project()
  }

  /// Makes `entries` and `pluralFamilies` from the catalog (see `CatalogProjection`).
  private mutating func project() {
    let result = CatalogProjection.single(catalog, language: language)
    entries = result.entries
    pluralFamilies = result.pluralFamilies
  }
}
