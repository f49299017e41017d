/// One language's view of a file that holds every language of one table: a String Catalog
/// (`StringCatalogView`) or a localized-object JSON file (`LocalizedObjectTable`).
///
/// A bundle keeps one view per language, all with the file's path. An edit goes through one
/// view; every other view of the path then adopts the edited file (`adopt`), so the views never
/// disagree, and `save()` writes the path once. One view per file reports the file's own
/// diagnostics, so a broken file is reported once, not once per language.
public protocol MultiLanguageTable: TableDocument {
  /// The language this view shows.
  var language: String { get }
  /// A view of `language` over this view's copy of the file that reports none of the file's
  /// diagnostics: for a language that the bundle adds.
  func view(for language: String) -> any MultiLanguageTable
  /// Takes the file from `other` (a view of the same file after an edit through it); false
  /// when `other` is a different kind of view.
  mutating func adopt(_ other: any MultiLanguageTable) -> Bool
  /// Keys this language has no value for but reads from a less specific language of the same
  /// file (`en-GB` → `en`), as the file's readers resolve it; such a key is not missing.
  var inheritedKeys: Set<String> { get }
}

extension MultiLanguageTable {
  /// None by default (String Catalogs: each language stands on its own).
  public var inheritedKeys: Set<String> { [] }
}

extension StringCatalogView: MultiLanguageTable {
  public func view(for language: String) -> any MultiLanguageTable {
    StringCatalogView(catalog: catalog, language: language, carriesDiagnostics: false)
  }

  public mutating func adopt(_ other: any MultiLanguageTable) -> Bool {
    guard let other = other as? StringCatalogView else { return false }
    replaceCatalog(other.catalog)
    return true
  }
}

extension LocalizedObjectTable: MultiLanguageTable {
  public func view(for language: String) -> any MultiLanguageTable {
    LocalizedObjectTable(document: document, language: language, carriesFileDiagnostics: false)
  }

  public mutating func adopt(_ other: any MultiLanguageTable) -> Bool {
    guard let other = other as? LocalizedObjectTable else { return false }
    replaceDocument(other.document)
    return true
  }
}
