import Foundation

/// A JSON string table: nested objects flatten to dotted key paths (`login.title`).
///
/// Only string leaves of objects become entries; numbers, booleans, null and arrays are kept
/// byte for byte but are not entries. A member's flat key is its parent's flat key, a dot, and
/// its own key as written, so `{"login.title": …}` and `{"login": {"title": …}}` both give
/// `login.title` (two such members in one file are reported as duplicates).
public struct JSONTableDocument: TableDocument {
  /// The file name used in diagnostics.
  public let file: String
  public private(set) var entries: [Entry] = []
  public private(set) var diagnostics: [Diagnostic] = []

  let original: Data
  var source: SourceText?
  var isEdited = false
  var root: JSONNode?
  var hasSyntaxError = false
  /// Each string leaf with the object holding it, in file order (parallel to `entries`).
  var leaves: [Leaf] = []

  /// A string member and its place in the tree.
  struct Leaf: Sendable, Hashable {
    var key: String
    var member: JSONMember
    var parent: JSONNode
  }

  /// Parses `data` (UTF-8, a BOM is tolerated and kept); problems become diagnostics.
  public init(data: Data, file: String) {
    self.file = file
    self.original = data
    (source, diagnostics) = SourceText.decode(document: data, file: file, allowUTF16: false, expected: "UTF-8 JSON")
    reparse()
  }

  /// The file's bytes as they would be written now.
  public func serialized() -> Data {
    guard isEdited, let source else { return original }
    return source.encoded()
  }

  mutating func reparse() {
    guard let source else { return }
    entries = []
    diagnostics = []
    leaves = []
    let index = TextPositions(source.bytes, bodyStart: source.bodyStart)
    let (node, errors) = JSONReader.parse(source.bytes, start: source.bodyStart)
    root = node
    hasSyntaxError = !errors.isEmpty
    for error in errors {
      let place = index.location(of: error.offset)
      diagnostics.append(
        Diagnostic(kind: .parseError, file: file, line: place.line, column: place.column, message: error.message))
    }
    guard let node else { return }
    guard node.kind == .object else {
      let place = index.location(of: node.start)
      diagnostics.append(
        Diagnostic(
          kind: .parseError, file: file, line: place.line, column: place.column,
          message: "expected an object at the top level, found \(Self.describe(node.kind))"))
      return
    }
    flatten(node, prefix: nil)
    var firstLine: [String: Int] = [:]
    for leaf in leaves {
      let place = index.location(of: leaf.member.keyStart)
      if let earlier = firstLine[leaf.key] {
        diagnostics.append(
          Diagnostic(
            kind: .duplicateKey, file: file, line: place.line, column: place.column,
            message: "key '\(leaf.key)' appears again; the first occurrence is on line \(earlier)",
            key: leaf.key, relatedLine: earlier))
      } else {
        firstLine[leaf.key] = place.line
      }
      entries.append(Entry(key: leaf.key, value: leaf.member.value.text, line: place.line, column: place.column))
    }
  }

  static func describe(_ kind: JSONNode.Kind) -> String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .literal: "a literal"
    }
  }

  /// Collects string leaves depth-first; the reader already capped the depth.
  private mutating func flatten(_ object: JSONNode, prefix: String?) {
    for member in object.members {
      let key = prefix.map { $0 + "." + member.key } ?? member.key
      switch member.value.kind {
      case .string: leaves.append(Leaf(key: key, member: member, parent: object))
      case .object: flatten(member.value, prefix: key)
      case .array, .number, .literal: continue
      }
    }
  }
}
