/// One element of an XML property list, with the byte ranges an edit needs.
struct PlistNode: Sendable, Hashable {
  /// The element name: `dict`, `array`, `string`, `integer`, `true`…
  var tag: String
  /// Offset of the element's `<`.
  var start: Int
  /// Offset just past the element's last `>`.
  var end: Int
  /// The bytes between the open and close tags; nil for a self-closing element (`<string/>`).
  var content: Range<Int>?
  /// The decoded character data of a scalar element (empty for containers).
  var text: String = ""
  /// The key/value pairs of a `dict`, in file order.
  var pairs: [PlistPair] = []
  /// The items of an `array`.
  var items: [PlistNode] = []
}

/// One `<key>…</key>` of a dict and the value after it.
struct PlistPair: Sendable, Hashable {
  var key: String
  /// Offset of the `<key>` element's `<`.
  var keyStart: Int
  var value: PlistNode
}

/// A syntax error at a byte offset.
struct PlistSyntaxError: Error, Sendable, Hashable {
  var offset: Int
  var message: String
}

/// A small, non-validating XML tokenizer that reads the property-list subset of XML.
///
/// It records byte ranges so writers can replace single values; on an error it stops and
/// returns what it read so far.
struct PlistXMLParser {
  /// Containers nested deeper than this are refused with a diagnostic.
  static let maxDepth = 64

  private let bytes: [UInt8]
  private var pos: Int
  private var depth = 0
  private(set) var error: PlistSyntaxError?

  init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.pos = start
  }

  /// Parses a whole document; returns the root value (possibly partial) and the first error.
  static func parse(_ bytes: [UInt8], start: Int) -> (root: PlistNode?, error: PlistSyntaxError?) {
    var parser = PlistXMLParser(bytes: bytes, start: start)
    let root = parser.parseDocument()
    return (root, parser.error)
  }

  private struct Tag {
    var name: String
    var isClose: Bool
    var selfClosing: Bool
    var start: Int
    var end: Int
  }

  private mutating func fail(_ offset: Int, _ message: String) {
    if error == nil { error = PlistSyntaxError(offset: offset, message: message) }
  }

  private mutating func parseDocument() -> PlistNode? {
    guard skipMisc() else { return nil }
    guard pos < bytes.count else {
      fail(pos, "expected <plist>, found the end of the file")
      return nil
    }
    guard let first = readTag() else { return nil }
    var root: PlistNode?
    if first.name == "plist" && !first.isClose {
      if first.selfClosing { return nil }
      guard skipMisc() else { return nil }
      guard let valueTag = readTag() else { return nil }
      if valueTag.isClose && valueTag.name == "plist" { return nil }
      root = parseValue(valueTag)
      guard error == nil, skipMisc() else { return root }
      guard let close = readTag() else { return root }
      guard close.isClose && close.name == "plist" else {
        fail(close.start, "expected </plist>, found \(describe(close))")
        return root
      }
    } else {
      root = parseValue(first)
    }
    guard error == nil, skipMisc() else { return root }
    if pos < bytes.count { fail(pos, "expected the end of the file after the root element") }
    return root
  }

  private func describe(_ tag: Tag) -> String {
    tag.isClose ? "</\(tag.name)>" : "<\(tag.name)\(tag.selfClosing ? "/" : "")>"
  }

  /// Skips whitespace, comments, processing instructions and the DOCTYPE.
  private mutating func skipMisc() -> Bool {
    while pos < bytes.count {
      let byte = bytes[pos]
      if LineBytes.isSpace(byte) {
        pos += 1
      } else if starts(with: "<?") {
        guard skip(past: "?>", what: "processing instruction") else { return false }
      } else if starts(with: "<!--") {
        guard skip(past: "-->", what: "comment") else { return false }
      } else if starts(with: "<!DOCTYPE") {
        guard skipDoctype() else { return false }
      } else if byte == 0x3C {
        return true
      } else {
        fail(pos, "expected '<', found text outside any element")
        return false
      }
    }
    return true
  }

  private func starts(with literal: String) -> Bool {
    let utf8 = Array(literal.utf8)
    guard pos + utf8.count <= bytes.count else { return false }
    return bytes[pos..<(pos + utf8.count)].elementsEqual(utf8)
  }

  private mutating func skip(past terminator: String, what: String) -> Bool {
    let start = pos
    let utf8 = Array(terminator.utf8)
    var index = pos
    while index + utf8.count <= bytes.count {
      if bytes[index] == utf8[0] && bytes[index..<(index + utf8.count)].elementsEqual(utf8) {
        pos = index + utf8.count
        return true
      }
      index += 1
    }
    fail(start, "unterminated \(what): expected '\(terminator)'")
    return false
  }

  private mutating func skipDoctype() -> Bool {
    let start = pos
    var inSubset = false
    var quote: UInt8?
    while pos < bytes.count {
      let byte = bytes[pos]
      pos += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == 0x22 || byte == 0x27 {
        quote = byte
      } else if byte == 0x5B {
        inSubset = true
      } else if byte == 0x5D {
        inSubset = false
      } else if byte == 0x3E && !inSubset {
        return true
      }
    }
    fail(start, "unterminated <!DOCTYPE: expected '>'")
    return false
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E || byte >= 0x80
  }

  /// Reads a tag starting at `<`.
  private mutating func readTag() -> Tag? {
    let start = pos
    guard pos < bytes.count, bytes[pos] == 0x3C else {
      fail(pos, "expected a tag")
      return nil
    }
    pos += 1
    let isClose = pos < bytes.count && bytes[pos] == 0x2F
    if isClose { pos += 1 }
    let nameStart = pos
    while pos < bytes.count && Self.isNameByte(bytes[pos]) { pos += 1 }
    let name = String(decoding: bytes[nameStart..<pos], as: UTF8.self)
    guard !name.isEmpty else {
      fail(start, "expected an element name after '<'")
      return nil
    }
    var quote: UInt8?
    while pos < bytes.count {
      let byte = bytes[pos]
      pos += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == 0x22 || byte == 0x27 {
        quote = byte
      } else if byte == 0x3C {
        fail(pos - 1, "expected '>' to close <\(name)")
        return nil
      } else if byte == 0x3E {
        let selfClosing = !isClose && bytes[pos - 2] == 0x2F
        return Tag(name: name, isClose: isClose, selfClosing: selfClosing, start: start, end: pos)
      }
    }
    fail(start, "unterminated tag <\(isClose ? "/" : "")\(name): expected '>'")
    return nil
  }

  private static let scalarTags: Set<String> = ["string", "key", "integer", "real", "date", "data"]

  /// Parses the value whose open tag was just read.
  private mutating func parseValue(_ tag: Tag) -> PlistNode {
    var node = PlistNode(tag: tag.name, start: tag.start, end: tag.end)
    if tag.isClose {
      fail(tag.start, "expected a value, found \(describe(tag))")
      return node
    }
    switch tag.name {
    case "dict", "array":
      if tag.selfClosing { return node }
      depth += 1
      defer { depth -= 1 }
      if depth > Self.maxDepth {
        fail(tag.start, "nesting deeper than \(Self.maxDepth) levels is not supported")
        return node
      }
      node.content = tag.end..<tag.end
      if tag.name == "dict" { parseDict(into: &node) } else { parseArray(into: &node) }
    case "true", "false":
      if tag.selfClosing { return node }
      readText(into: &node, closing: tag)
    default:
      guard Self.scalarTags.contains(tag.name) else {
        fail(tag.start, "expected a property-list value, found unknown element <\(tag.name)>")
        return node
      }
      if tag.selfClosing {
        return node
      }
      readText(into: &node, closing: tag)
    }
    return node
  }

  /// The next tag inside the container `node` (a `<dict>` or `<array>`, named `element`); nil
  /// when the container closes (its content and end are set), the file ends (an error) or a tag
  /// cannot be read.
  private mutating func nextTag(in node: inout PlistNode, _ element: String) -> Tag? {
    guard error == nil, skipMisc() else { return nil }
    guard pos < bytes.count else {
      fail(node.start, "expected </\(element)> to close the <\(element)> opened here, found the end of the file")
      return nil
    }
    guard let tag = readTag() else { return nil }
    if tag.isClose && tag.name == element {
      node.content = node.end..<tag.start
      node.end = tag.end
      return nil
    }
    return tag
  }

  private mutating func parseDict(into node: inout PlistNode) {
    while let tag = nextTag(in: &node, "dict") {
      guard tag.name == "key", !tag.isClose else {
        fail(tag.start, "expected <key> or </dict>, found \(describe(tag))")
        return
      }
      let key = parseValue(tag)
      guard error == nil, skipMisc() else { return }
      guard pos < bytes.count else {
        fail(key.end, "expected a value after <key>\(key.text)</key>, found the end of the file")
        return
      }
      guard let valueTag = readTag() else { return }
      if valueTag.isClose || valueTag.name == "key" {
        fail(valueTag.start, "expected a value after <key>\(key.text)</key>, found \(describe(valueTag))")
        return
      }
      let value = parseValue(valueTag)
      node.pairs.append(PlistPair(key: key.text, keyStart: key.start, value: value))
    }
  }

  private mutating func parseArray(into node: inout PlistNode) {
    while let tag = nextTag(in: &node, "array") { node.items.append(parseValue(tag)) }
  }

  /// Reads character data and CDATA up to the matching close tag.
  private mutating func readText(into node: inout PlistNode, closing open: Tag) {
    var text = ""
    let contentStart = pos
    while pos < bytes.count {
      var next = pos
      while next < bytes.count && bytes[next] != 0x3C { next += 1 }
      switch XMLText.unescape(bytes[pos..<next]) {
      case .success(let chunk): text += chunk
      case .failure(let bad):
        fail(bad.offset, "unknown character reference \(bad.reference) in <\(open.name)>")
        return
      }
      pos = next
      guard pos < bytes.count else { break }
      if starts(with: "<![CDATA[") {
        let dataStart = pos + 9
        guard skip(past: "]]>", what: "CDATA section") else { return }
        text += String(decoding: bytes[dataStart..<(pos - 3)], as: UTF8.self)
        continue
      }
      if starts(with: "<!--") {
        guard skip(past: "-->", what: "comment") else { return }
        continue
      }
      let tagStart = pos
      guard let tag = readTag() else { return }
      guard tag.isClose && tag.name == open.name else {
        fail(tagStart, "expected text or </\(open.name)>, found \(describe(tag))")
        return
      }
      node.content = contentStart..<tagStart
      node.end = tag.end
      node.text = text
      return
    }
    fail(open.start, "expected </\(open.name)> to close the <\(open.name)> opened here, found the end of the file")
  }
}
