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

/// A recursive-descent JSON reader (RFC 8259) that keeps byte ranges and caps nesting depth.
///
/// Recovery: a missing comma between members or items is reported and assumed; any other error
/// stops the reader, which returns everything read up to that point.
struct JSONReader {
  /// Containers nested deeper than this are refused with a diagnostic.
  static let maxDepth = 128

  private let bytes: [UInt8]
  private var pos: Int
  private var depth = 0
  private(set) var errors: [JSONSyntaxError] = []
  private var stopped = false

  /// Reads the single value of a document; nil when there is none.
  static func parse(_ bytes: [UInt8], start: Int) -> (root: JSONNode?, errors: [JSONSyntaxError]) {
    var reader = JSONReader(bytes: bytes, pos: start)
    reader.skipSpace()
    guard reader.pos < bytes.count else { return (nil, []) }
    let root = reader.parseValue()
    if !reader.stopped {
      reader.skipSpace()
      if reader.pos < bytes.count {
        reader.fail(reader.pos, "expected the end of the file after the top-level value, found \(reader.found())")
      }
    }
    return (root, reader.errors)
  }

  private init(bytes: [UInt8], pos: Int) {
    self.bytes = bytes
    self.pos = pos
  }

  private mutating func fail(_ offset: Int, _ message: String, stop: Bool = true) {
    errors.append(JSONSyntaxError(offset: offset, message: message))
    if stop { stopped = true }
  }

  private func found() -> String {
    guard pos < bytes.count else { return "the end of the file" }
    let byte = bytes[pos]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    var end = pos + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'\(String(decoding: bytes[pos..<end], as: UTF8.self))'"
  }

  private mutating func skipSpace() {
    while pos < bytes.count && LineBytes.isSpace(bytes[pos]) { pos += 1 }
  }

  private mutating func parseValue() -> JSONNode? {
    guard pos < bytes.count else {
      fail(pos, "expected a value, found the end of the file")
      return nil
    }
    switch bytes[pos] {
    case 0x7B, 0x5B: return parseContainer(isObject: bytes[pos] == 0x7B)
    case 0x22: return parseString()
    case 0x2D, 0x30...0x39: return parseNumber()
    case 0x74, 0x66, 0x6E: return parseLiteral()
    default:
      fail(pos, "expected a value (string, number, object, array, true, false or null), found \(found())")
      return nil
    }
  }

  private mutating func parseContainer(isObject: Bool) -> JSONNode {
    var node = JSONNode(kind: isObject ? .object : .array, start: pos, end: pos + 1)
    let close: UInt8 = isObject ? 0x7D : 0x5D
    let closeText = isObject ? "'}'" : "']'"
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maxDepth {
      fail(pos, "nesting deeper than \(Self.maxDepth) levels is not supported")
      return node
    }
    pos += 1
    skipSpace()
    if pos < bytes.count && bytes[pos] == close {
      pos += 1
      node.end = pos
      return node
    }
    while !stopped {
      skipSpace()
      if isObject {
        guard pos < bytes.count, bytes[pos] == 0x22 else {
          fail(pos, "expected a key string, found \(found())")
          return node
        }
        guard let key = parseString() else { return node }
        skipSpace()
        guard pos < bytes.count, bytes[pos] == 0x3A else {
          fail(pos, "expected ':' after key \"\(key.text)\", found \(found())")
          return node
        }
        pos += 1
        skipSpace()
        guard let value = parseValue() else { return node }
        node.members.append(JSONMember(key: key.text, keyStart: key.start, keyEnd: key.end, value: value))
      } else {
        guard let value = parseValue() else { return node }
        node.items.append(value)
      }
      if stopped { return node }
      skipSpace()
      guard pos < bytes.count else {
        fail(
          node.start,
          "expected \(closeText) to close the \(isObject ? "object" : "array") opened here, found the end of the file")
        return node
      }
      if bytes[pos] == close {
        pos += 1
        node.end = pos
        return node
      }
      if bytes[pos] == 0x2C {
        pos += 1
        skipSpace()
        if pos < bytes.count && bytes[pos] == close {
          fail(
            pos,
            "expected a \(isObject ? "member" : "value") after ',', found \(closeText) (trailing commas are not JSON)")
          return node
        }
        continue
      }
      let startsValue = bytes[pos] == 0x22 || (!isObject && (bytes[pos] == 0x7B || bytes[pos] == 0x5B))
      fail(pos, "expected ',' or \(closeText), found \(found())", stop: !startsValue)
    }
    return node
  }

  private mutating func parseString() -> JSONNode? {
    let start = pos
    pos += 1
    var text = ""
    var runStart = pos
    while pos < bytes.count {
      let byte = bytes[pos]
      if byte == 0x22 {
        text += String(decoding: bytes[runStart..<pos], as: UTF8.self)
        pos += 1
        return JSONNode(kind: .string, start: start, end: pos, text: text)
      }
      if byte < 0x20 {
        fail(
          pos,
          "expected '\"' to close the string, found a raw control character (U+\(hex(UInt32(byte)))); write it as an escape"
        )
        return nil
      }
      guard byte == 0x5C else {
        pos += 1
        continue
      }
      text += String(decoding: bytes[runStart..<pos], as: UTF8.self)
      guard let scalar = parseEscape() else { return nil }
      text.unicodeScalars.append(scalar)
      runStart = pos
    }
    fail(start, "expected '\"' to close the string opened here, found the end of the file")
    return nil
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Reads an escape at `\`; returns the scalar (surrogate pairs combined).
  private mutating func parseEscape() -> Unicode.Scalar? {
    let start = pos
    pos += 1
    guard pos < bytes.count else {
      fail(start, "expected an escape character after '\\', found the end of the file")
      return nil
    }
    let code = bytes[pos]
    pos += 1
    switch code {
    case 0x22: return "\""
    case 0x5C: return "\\"
    case 0x2F: return "/"
    case 0x62: return "\u{08}"
    case 0x66: return "\u{0C}"
    case 0x6E: return "\n"
    case 0x72: return "\r"
    case 0x74: return "\t"
    case 0x75:
      guard let high = readHex4(escapeStart: start) else { return nil }
      if (0xD800..<0xDC00).contains(high) {
        if pos + 1 < bytes.count && bytes[pos] == 0x5C && bytes[pos + 1] == 0x75 {
          let lowStart = pos
          pos += 2
          guard let low = readHex4(escapeStart: lowStart) else { return nil }
          if (0xDC00..<0xE000).contains(low) {
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
          }
          fail(lowStart, "expected a low surrogate (\\uDC00–\\uDFFF) after \\u\(hex(high)), found \\u\(hex(low))")
          return nil
        }
        fail(start, "expected a low surrogate escape after \\u\(hex(high))")
        return nil
      }
      guard let scalar = Unicode.Scalar(high) else {
        fail(start, "expected a high surrogate before \\u\(hex(high))")
        return nil
      }
      return scalar
    default:
      pos -= 1
      fail(
        start, "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\\(found().dropFirst().dropLast())'")
      return nil
    }
  }

  private mutating func readHex4(escapeStart: Int) -> UInt32? {
    guard pos + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[pos..<(pos + 4)], as: UTF8.self), radix: 16),
      bytes[pos..<(pos + 4)].allSatisfy({ $0 != 0x2B && $0 != 0x2D })
    else {
      fail(escapeStart, "expected four hexadecimal digits after \\u")
      return nil
    }
    pos += 4
    return value
  }

  private mutating func parseNumber() -> JSONNode? {
    let start = pos
    if bytes[pos] == 0x2D { pos += 1 }
    let digitsStart = pos
    while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
    guard pos > digitsStart else {
      fail(start, "expected digits after '-'")
      return nil
    }
    if pos < bytes.count && bytes[pos] == 0x2E {
      pos += 1
      let fraction = pos
      while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
      guard pos > fraction else {
        fail(start, "expected digits after the decimal point")
        return nil
      }
    }
    if pos < bytes.count && (bytes[pos] == 0x65 || bytes[pos] == 0x45) {
      pos += 1
      if pos < bytes.count && (bytes[pos] == 0x2B || bytes[pos] == 0x2D) { pos += 1 }
      let exponent = pos
      while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
      guard pos > exponent else {
        fail(start, "expected digits in the exponent")
        return nil
      }
    }
    return JSONNode(kind: .number, start: start, end: pos)
  }

  private mutating func parseLiteral() -> JSONNode? {
    for word in ["true", "false", "null"] {
      let utf8 = Array(word.utf8)
      if pos + utf8.count <= bytes.count && bytes[pos..<(pos + utf8.count)].elementsEqual(utf8) {
        let start = pos
        pos += utf8.count
        return JSONNode(kind: .literal, start: start, end: pos)
      }
    }
    fail(pos, "expected a value (string, number, object, array, true, false or null), found \(found())")
    return nil
  }
}
