import Foundation

/// A JSON file of localized objects: a multi-language table in which each key holds its value
/// per language (`{"greeting": {"en": "Hello", "fr": "Bonjour"}}`).
///
/// The file is read by the JSON table reader, so key paths, byte fidelity and editing style are
/// those of `JSONTableDocument`; this type only decides which objects are localized and routes
/// edits. An object is localized when it has at least one member, every member key is a locale
/// code (`LocaleCode`) and every member value is a string. The file qualifies when its top-level
/// value is an object that either is itself localized (a whole-file object, key `""`) or holds
/// at least one localized object, nested at any depth, and no string outside localized objects.
public struct LocalizedObjectDocument: Sendable {
  /// Why a file is not a localized-object file, with the place that decided it.
  public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
    public var line: Int?
    public var column: Int?
    public var message: String
    public var description: String {
      guard let line else { return message }
      return "\(line):\(column ?? 1): \(message)"
    }
  }

  /// The file name used in diagnostics.
  public var file: String { json.file }
  /// Every localized object in file order.
  public private(set) var objects: [LocalizedObject] = []
  /// Every language of any object, as first written, in order of first appearance.
  public private(set) var languages: [String] = []
  /// The JSON reader's problems plus a `duplicate-key` for a language written twice in one
  /// object under different spellings (`pt-BR`, `pt_BR`).
  public private(set) var diagnostics: [Diagnostic] = []
  /// True when the top-level object is itself the only localized object.
  public private(set) var isWholeFile = false
  /// Nil when the file is a localized-object file; otherwise why not.
  public private(set) var mismatch: Mismatch?
  /// The same bytes read as an ordinary JSON table (use it when `mismatch` is set).
  public internal(set) var json: JSONTableDocument

  /// Reads `data`; check `mismatch` to learn whether it is a localized-object file.
  public init(data: Data, file: String) {
    json = JSONTableDocument(data: data, file: file)
    classify()
  }

  /// Reads `data` and requires it to be a localized-object file.
  /// - Throws: `GlossaError.notLocalizedObjects` naming the file, line and column that make it something else.
  public static func read(_ data: Data, file: String) throws -> LocalizedObjectDocument {
    let document = LocalizedObjectDocument(data: data, file: file)
    if let mismatch = document.mismatch {
      throw GlossaError.notLocalizedObjects(
        file, line: mismatch.line, column: mismatch.line == nil ? nil : mismatch.column ?? 1, reason: mismatch.message)
    }
    return document
  }

  /// The file's bytes as they would be written now.
  public func serialized() -> Data { json.serialized() }

  /// The object of `key` (the later one when a key path repeats).
  public func object(forKey key: String) -> LocalizedObject? {
    objects.last { $0.key == key }
  }

  /// One `TableDocument` per language (in `languages` order); the first carries the file's diagnostics.
  public func tables() -> [LocalizedObjectTable] {
    languages.enumerated().map { index, language in
      LocalizedObjectTable(document: self, language: language, carriesFileDiagnostics: index == 0)
    }
  }

  /// The language a `duplicate-key` diagnostic is about (the member it names), else nil.
  public func language(of diagnostic: Diagnostic) -> String? {
    guard diagnostic.kind == .duplicateKey, let key = diagnostic.key else { return nil }
    for object in objects {
      for value in object.values where memberPath(object.key, value.language) == key { return value.language }
    }
    return nil
  }

  /// The flat JSON key of one language member.
  func memberPath(_ key: String, _ language: String) -> String {
    key.isEmpty ? language : key + "." + language
  }

  /// Recomputes objects, languages and diagnostics from the JSON tree.
  mutating func classify() {
    objects = []
    languages = []
    isWholeFile = false
    mismatch = nil
    diagnostics = json.diagnostics
    if let first = json.diagnostics.first(where: { $0.kind == .parseError || $0.kind == .encodingError }) {
      mismatch = Mismatch(line: first.line, column: first.column, message: first.message)
      return
    }
    guard let root = json.root, let source = json.source else {
      mismatch = Mismatch(message: "the file is empty; expected an object of localized objects")
      return
    }
    let index = TextPositions(source.bytes, bodyStart: source.bodyStart)
    if Self.isLocalized(root) {
      isWholeFile = true
      let place = index.location(of: root.start)
      objects = [object("", root, line: place.line, column: place.column, index: index)]
    } else {
      var stray: (key: String, offset: Int)?
      collect(root, prefix: nil, index: index, stray: &stray)
      if let stray {
        let place = index.location(of: stray.offset)
        mismatch = Mismatch(
          line: place.line, column: place.column,
          message:
            "'\(stray.key)' is a string outside any localized object (an object whose keys are all locale codes and whose values are all strings)"
        )
      } else if objects.isEmpty {
        let place = index.location(of: root.start)
        mismatch = Mismatch(
          line: place.line, column: place.column,
          message: "no localized object (an object whose keys are all locale codes and whose values are all strings)")
      }
    }
    guard mismatch == nil else {
      objects = []
      return
    }
    var seen = Set<String>()
    for object in objects {
      for language in object.languages where seen.insert(language).inserted { languages.append(language) }
      diagnostics += spellingDuplicates(in: object)
    }
  }

  /// Localized objects below `object` in file order; remembers the first string outside them.
  /// The JSON reader caps nesting depth, so the recursion is bounded.
  private mutating func collect(
    _ object: JSONNode, prefix: String?, index: TextPositions, stray: inout (key: String, offset: Int)?
  ) {
    for member in object.members {
      let key = prefix.map { $0 + "." + member.key } ?? member.key
      switch member.value.kind {
      case .object where Self.isLocalized(member.value):
        let place = index.location(of: member.keyStart)
        objects.append(self.object(key, member.value, line: place.line, column: place.column, index: index))
      case .object:
        collect(member.value, prefix: key, index: index, stray: &stray)
      case .string:
        if stray == nil { stray = (key, member.keyStart) }
      case .array, .number, .literal:
        continue
      }
    }
  }

  private func object(_ key: String, _ node: JSONNode, line: Int, column: Int, index: TextPositions) -> LocalizedObject
  {
    let values = node.members.map { member in
      let place = index.location(of: member.keyStart)
      return LocalizedValue(language: member.key, value: member.value.text, line: place.line, column: place.column)
    }
    return LocalizedObject(key: key, values: values, line: line, column: column)
  }

  /// An object with members, each keyed by a locale code and holding a string.
  static func isLocalized(_ node: JSONNode) -> Bool {
    node.kind == .object && !node.members.isEmpty
      && node.members.allSatisfy { $0.value.kind == .string && LocaleCode.isLocaleCode($0.key) }
  }

  /// `pt-BR` and `pt_BR` (or `EN` and `en`) in one object: the later one wins on lookup.
  private func spellingDuplicates(in object: LocalizedObject) -> [Diagnostic] {
    var first: [LanguageTag: LocalizedValue] = [:]
    var result: [Diagnostic] = []
    for value in object.values {
      guard let tag = LanguageTag(value.language) else { continue }
      if let earlier = first[tag] {
        if earlier.language != value.language {
          let name = object.key.isEmpty ? "the object" : "'\(object.key)'"
          result.append(
            Diagnostic(
              kind: .duplicateKey, file: file, line: value.line, column: value.column,
              message:
                "language '\(value.language)' of \(name) repeats '\(earlier.language)' from line \(earlier.line); the later value wins",
              key: memberPath(object.key, value.language), relatedLine: earlier.line))
        }
      } else {
        first[tag] = value
      }
    }
    return result
  }
}
