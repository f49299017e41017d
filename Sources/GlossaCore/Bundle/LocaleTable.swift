import Foundation

/// One table file of one language in a bundle (`de.lproj/Localizable.strings`).
public struct LocaleTable: Sendable {
  /// The language code from the `.lproj` folder name (`de`, `pt-BR`, `Base`).
  public var language: String
  /// The table name: the file's base name (`Localizable`, `InfoPlist`, `json`), prefixed by its
  /// folder when a bundle holds `.lproj` folders in more than one place.
  public var name: String
  /// The file's path relative to the bundle root, with `/` separators.
  public var path: String
  public var format: TableFormat
  /// The parsed, editable document.
  public var document: any TableDocument
  /// True when the document was edited since it was loaded or saved.
  public var isModified: Bool

  public init(
    language: String, name: String, path: String, format: TableFormat,
    document: any TableDocument, isModified: Bool = false
  ) {
    self.language = language
    self.name = name
    self.path = path
    self.format = format
    self.document = document
    self.isModified = isModified
  }

  public var entries: [Entry] { document.entries }
  public var diagnostics: [Diagnostic] { document.diagnostics }
}
