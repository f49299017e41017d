/// One JSON value with the byte ranges an edit needs.
struct JSONNode: Sendable, Hashable {
  enum Kind: Sendable, Hashable { case object, array, string, number, literal }
  var kind: Kind
  /// Offset of the value's first byte.
  var start: Int
  /// Offset just past the value's last byte (for a string, past the closing quote).
  var end: Int
  /// The decoded text of a string.
  var text: String = ""
  var members: [JSONMember] = []
  var items: [JSONNode] = []
}

/// One `"key": value` of an object.
struct JSONMember: Sendable, Hashable {
  var key: String
  /// Offset of the key's opening quote.
  var keyStart: Int
  /// Offset just past the key's closing quote.
  var keyEnd: Int
  var value: JSONNode
}

/// A syntax error at a byte offset.
struct JSONSyntaxError: Sendable, Hashable {
  var offset: Int
  var message: String
}

/// Reads a whole JSON document into a tree of `JSONNode`s (through `JSONCursor`, which holds
/// the syntax and its recovery).
///
/// On an error the tree holds everything read up to that point: a container cut short keeps the
/// members read before the error (its `end` is then just past its opening bracket).
enum JSONReader {
  /// Reads the single value of a document; nil when there is none.
  static func parse(_ bytes: [UInt8], start: Int) -> (root: JSONNode?, errors: [JSONSyntaxError]) {
    var cursor = JSONCursor(bytes: bytes, start: start)
    guard cursor.hasMore() else { return (nil, []) }
    let root = node(&cursor)
    cursor.expectEnd()
    return (root, cursor.errors)
  }

  /// The object at `offset` with its members, but each member's value only as kind and byte
  /// range (no text, no nested members): what an edit needs to find its place, without
  /// building the rest of the document. Nil when no object starts there. With `members`, only
  /// that many members are read.
  static func shallowObject(_ bytes: [UInt8], at offset: Int, members limit: Int = .max) -> JSONNode? {
    var cursor = JSONCursor(bytes: bytes, start: offset)
    guard cursor.valueKind() == .object else { return nil }
    var object = cursor.open()
    var node = JSONNode(kind: .object, start: object.start, end: object.start + 1)
    while node.members.count < limit, let key = cursor.nextMember(&object) {
      guard let value = cursor.skipValue() else { return node }
      node.members.append(JSONMember(key: key.text, keyStart: key.start, keyEnd: key.end, value: value))
    }
    if let end = object.end { node.end = end }
    return node
  }

  private static func node(_ cursor: inout JSONCursor) -> JSONNode? {
    guard let kind = cursor.valueKind() else { return nil }
    switch kind {
    case .object, .array:
      var container = cursor.open()
      var node = JSONNode(kind: kind, start: container.start, end: container.start + 1)
      if container.isObject {
        while let key = cursor.nextMember(&container) {
          guard let value = Self.node(&cursor) else { return node }
          node.members.append(JSONMember(key: key.text, keyStart: key.start, keyEnd: key.end, value: value))
        }
      } else {
        while cursor.nextItem(&container) {
          guard let value = Self.node(&cursor) else { return node }
          node.items.append(value)
        }
      }
      if let end = container.end { node.end = end }
      return node
    case .string:
      guard let string = cursor.readString() else { return nil }
      return JSONNode(kind: .string, start: string.start, end: string.end, text: string.text)
    case .number, .literal:
      return cursor.skipValue()
    }
  }
}
