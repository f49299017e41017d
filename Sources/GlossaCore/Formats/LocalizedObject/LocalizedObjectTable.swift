import Foundation

/// One language of a localized-object file, seen as an ordinary table so checks, dump and the
/// bundle code can use it.
///
/// Every view of a file serialises the whole file; an edit through a view changes that view's
/// copy of the document. Callers that show several languages of one file should route edits to
/// one document (`document`) and rebuild the views from it.
public struct LocalizedObjectTable: TableDocument {
  /// The whole file.
  public private(set) var document: LocalizedObjectDocument
  /// The language this view shows (as first written in the file).
  public let language: String
  /// Whether `diagnostics` includes the file's own problems (one view per file should).
  public let carriesFileDiagnostics: Bool
  public private(set) var entries: [Entry] = []
  /// Keys whose object has no value in this view's language but has one in the language without
  /// its region (`en-GB` reads `en`'s value), as `glossa resolve` and content services resolve them.
  public private(set) var inheritedKeys: Set<String> = []

  /// A view of `language` in `document`.
  public init(document: LocalizedObjectDocument, language: String, carriesFileDiagnostics: Bool = true) {
    self.document = document
    self.language = language
    self.carriesFileDiagnostics = carriesFileDiagnostics
    rebuild()
  }

  /// Diagnostics about this language (a repeated member), plus the file's other problems when
  /// this view carries them; so each diagnostic of a file appears in exactly one view.
  public var diagnostics: [Diagnostic] {
    let tag = LanguageTag(language)
    return document.diagnostics.filter { diagnostic in
      guard let about = document.language(of: diagnostic) else { return carriesFileDiagnostics }
      return about == language || (tag != nil && LanguageTag(about) == tag)
    }
  }

  public func serialized() -> Data { document.serialized() }

  /// Sets the value of `key` in this view's language.
  /// - Throws: `GlossaError` for a plural form (localized objects hold none) or what
  ///   `LocalizedObjectDocument.setValue` refuses.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws {
    if plural != nil || variable != nil {
      throw GlossaError.invalidEdit(document.file, problem: .localizedObjectsHaveNoPlurals(key: key))
    }
    try document.setValue(value, forKey: key, language: language)
    rebuild()
  }

  /// Removes this language's value of `key`.
  public mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    guard plural == nil, variable == nil else {
      throw GlossaError.invalidEdit(document.file, problem: .localizedObjectsHaveNoPlurals(key: nil))
    }
    try document.removeValue(forKey: key, language: language)
    rebuild()
  }

  /// Replaces the file (after an edit through another language's view).
  public mutating func replaceDocument(_ document: LocalizedObjectDocument) {
    self.document = document
    rebuild()
  }

  private mutating func rebuild() {
    entries = document.objects.compactMap { object in
      object.value(for: language).map { Entry(key: object.key, value: $0.value, line: $0.line, column: $0.column) }
    }
    inheritedKeys = []
    guard let base = LanguageTag(language)?.withoutRegion?.description else { return }
    for object in document.objects where object.value(for: language) == nil && object.value(for: base) != nil {
      inheritedKeys.insert(object.key)
    }
  }
}

extension LocalizedObjectDocument {
  /// One `LocaleTable` per language for a bundle: table `name`, file `path`, format `.json`,
  /// each holding that language's view (the first carries the file's diagnostics).
  public func localeTables(name: String, path: String) -> [LocaleTable] {
    tables().map { LocaleTable(language: $0.language, name: name, path: path, format: .json, document: $0) }
  }
}
