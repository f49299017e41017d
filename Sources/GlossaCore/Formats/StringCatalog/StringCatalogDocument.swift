import Foundation

/// An Xcode String Catalog (`.xcstrings`): every language of one table in one JSON file.
///
/// Lossless: an unedited catalog serialises to the bytes it was read from, an edit splices only
/// the bytes concerned, and inserted members are laid out and ordered as Xcode writes them (see
/// `CatalogJSONValue` and `CatalogKeyOrder`). Problems are diagnostics with line and column.
public struct StringCatalogDocument: Sendable {
  /// The file name used in diagnostics.
  public let file: String
  public private(set) var diagnostics: [Diagnostic] = []
  /// `sourceLanguage`: the development language.
  public private(set) var sourceLanguage: String?
  /// `version` as written (`1.0`, `1.1`).
  public private(set) var version: String?
  /// Every key in file order.
  public private(set) var keys: [CatalogKey] = []
  /// Every string unit in file order.
  public private(set) var units: [CatalogUnit] = []
  /// Every substitution in file order.
  public private(set) var substitutions: [CatalogSubstitution] = []

  let original: Data
  var source: SourceText?
  var isEdited = false
  /// The number of edits that changed bytes since the catalog was read: an edit that leaves it
  /// unchanged changed nothing.
  var editCount = 0
  var root: JSONNode?
  var hasSyntaxError = false
  private var unitIndex: [CatalogUnitPath: Int] = [:]
  private var keyIndex: [String: Int] = [:]

  /// Parses `data` (UTF-8, a BOM is tolerated and kept); problems become diagnostics.
  public init(data: Data, file: String) {
    self.file = file
    self.original = data
    do {
      source = try SourceText.decode(data, allowUTF16: false)
    } catch {
      diagnostics = [error.diagnostic(file: file, expected: "a UTF-8 String Catalog")]
      return
    }
    reparse()
  }

  /// The file's bytes as they would be written now.
  public func serialized() -> Data {
    guard isEdited, let source else { return original }
    return source.encoded()
  }

  /// Languages of the catalog: the source language first, then every language with a
  /// localization, sorted.
  public var languages: [String] {
    var seen = Set<String>()
    for key in keys { seen.formUnion(key.languages) }
    if let sourceLanguage { seen.remove(sourceLanguage) }
    return (sourceLanguage.map { [$0] } ?? []) + seen.sorted()
  }

  /// The unit at `path`, if the catalog has it.
  public func unit(at path: CatalogUnitPath) -> CatalogUnit? {
    unitIndex[path].map { units[$0] }
  }

  /// The key-level fields of `key`, if the catalog has it.
  public func key(_ key: String) -> CatalogKey? {
    keyIndex[key].map { keys[$0] }
  }

  /// The substitutions of `key` in `language`.
  public func substitutions(of key: String, language: String) -> [CatalogSubstitution] {
    substitutions.filter { $0.key == key && $0.language == language }
  }

  mutating func reparse() {
    guard let source else { return }
    let lines = TextPositions(source.bytes, bodyStart: source.bodyStart)
    let (node, errors) = JSONReader.parse(source.bytes, start: source.bodyStart)
    root = node
    hasSyntaxError = !errors.isEmpty
    var reader = StringCatalogReader(bytes: source.bytes, lines: lines, file: file)
    for error in errors {
      let place = lines.location(of: error.offset)
      reader.diagnostics.append(
        Diagnostic(kind: .parseError, file: file, line: place.line, column: place.column, message: error.message))
    }
    if let node {
      reader.read(node)
    } else if errors.isEmpty {
      reader.diagnostics.append(
        Diagnostic(
          kind: .parseError, file: file, line: 1, column: 1,
          message: "expected a String Catalog object, found an empty file"))
    }
    diagnostics = reader.diagnostics
    sourceLanguage = reader.sourceLanguage
    version = reader.version
    keys = reader.keys
    units = reader.units
    substitutions = reader.substitutions
    unitIndex = [:]
    for (index, unit) in units.enumerated() { unitIndex[unit.path] = index }
    keyIndex = [:]
    for (index, key) in keys.enumerated() { keyIndex[key.key] = index }
  }
}
