import Foundation

/// A pull reader over JSON bytes (RFC 8259): the one place JSON syntax is read.
///
/// The caller walks the document value by value: `valueKind()` says what starts at the cursor,
/// `open` and `nextMember`/`nextItem` step through a container, `readString` decodes a string,
/// `skipValue` steps over anything. Nothing is built that the caller does not ask for, so a
/// reader that wants a few fields of a large file (a String Catalog) allocates for those only;
/// `JSONReader` builds the whole tree on top of it.
///
/// Errors are kept with their byte offsets. Recovery: a missing comma between members or items
/// is reported and assumed; any other error stops the cursor, and every later step then answers
/// "nothing more". Nesting deeper than `maxDepth` is refused.
struct JSONCursor {
  /// Containers nested deeper than this are refused with a diagnostic.
  static let maxDepth = 128

  /// An object or array being read: where it started and how far it got.
  struct Container {
    let start: Int
    let isObject: Bool
    /// Offset just past the closing bracket once it was read; nil while open or when reading
    /// stopped inside it.
    fileprivate(set) var end: Int?
    fileprivate var phase = Phase.first

    fileprivate enum Phase { case first, inside, closed }
  }

  /// A member's key: its decoded text and the byte range of the literal (quotes included).
  struct Key {
    var text: String
    var start: Int
    var end: Int
  }

  /// A member's key as read, without its text: the byte range of the literal (quotes
  /// included) and, only when the literal has an escape, the decoded text. A reader matching
  /// keys against the names its schema knows (`name(_:is:)`) makes no string for them.
  struct Name {
    var start: Int
    var end: Int
    fileprivate var decoded: String?
  }

  let bytes: [UInt8]
  /// The offset of the next byte to read.
  private(set) var pos: Int
  /// How many containers are open.
  private(set) var depth = 0
  private(set) var errors: [JSONSyntaxError] = []
  /// True once an error stopped the reading.
  private(set) var stopped = false

  init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.pos = start
  }

  /// A cursor at `start`, a member's key inside an object opened at `objectStart` with
  /// `depth` containers open (the object included), as another cursor would stand there:
  /// reading goes on from the member, and the object is `resumed`.
  init(bytes: [UInt8], resumingAt start: Int, inObjectAt objectStart: Int, depth: Int) {
    self.bytes = bytes
    self.pos = start
    self.depth = depth
    resumed = Container(start: objectStart, isObject: true)
  }

  /// The object a resuming cursor stands in (its first step reads the member at the cursor).
  private(set) var resumed: Container?

  /// Ends `container` at `end` without reading what is between: another reader read it.
  mutating func close(_ container: inout Container, at end: Int) {
    guard container.phase != .closed else { return }
    pos = end
    container.end = end
    container.phase = .closed
    depth -= 1
  }

  /// Skips white space; true when bytes other than white space are left.
  mutating func hasMore() -> Bool {
    skipSpace()
    return pos < bytes.count
  }

  /// After the document's one value: reports anything but white space that follows it.
  mutating func expectEnd() {
    guard !stopped, hasMore() else { return }
    fail(pos, "expected the end of the file after the top-level value, found \(found())")
  }

  /// What value starts at the cursor (after white space); reports and stops when none does.
  mutating func valueKind() -> JSONNode.Kind? {
    guard !stopped else { return nil }
    skipSpace()
    guard pos < bytes.count else {
      fail(pos, "expected a value, found the end of the file")
      return nil
    }
    switch bytes[pos] {
    case 0x7B: return .object
    case 0x5B: return .array
    case 0x22: return .string
    case 0x2D, 0x30...0x39: return .number
    case 0x74, 0x66, 0x6E: return .literal
    default:
      fail(pos, "expected a value (string, number, object, array, true, false or null), found \(found())")
      return nil
    }
  }

  /// Opens the object or array `valueKind()` found.
  mutating func open() -> Container {
    let isObject = bytes[pos] == 0x7B
    var container = Container(start: pos, isObject: isObject)
    depth += 1
    if depth > Self.maxDepth {
      fail(pos, "nesting deeper than \(Self.maxDepth) levels is not supported")
      container.phase = .closed
      depth -= 1
      return container
    }
    pos += 1
    return container
  }

  /// Steps to the next member of `object`: its key, with the cursor at its value (which the
  /// caller reads or skips before the next step); nil once the object is closed or reading
  /// stopped.
  mutating func nextMember(_ object: inout Container) -> Key? {
    guard let name = nextName(&object) else { return nil }
    return Key(text: text(of: name), start: name.start, end: name.end)
  }

  /// `nextMember` without making the key's text (see `Name`).
  mutating func nextName(_ object: inout Container) -> Name? {
    guard advance(&object) else { return nil }
    guard pos < bytes.count, bytes[pos] == 0x22 else {
      fail(pos, "expected a key string, found \(found())")
      return nil
    }
    let start = pos
    var unused = ""
    var escaped = false
    guard scanString(into: &unused, decoding: false, escaped: &escaped) else { return nil }
    var name = Name(start: start, end: pos)
    if escaped {
      // Rare: decode it now, while the cursor is here.
      pos = start
      guard let key = readString() else { return nil }
      name.decoded = key.text
    }
    skipSpace()
    guard pos < bytes.count, bytes[pos] == 0x3A else {
      fail(pos, "expected ':' after key \"\(text(of: name))\", found \(found())")
      return nil
    }
    pos += 1
    skipSpace()
    return name
  }

  /// The decoded text of a member's key.
  func text(of name: Name) -> String {
    name.decoded ?? decode((name.start + 1)..<(name.end - 1))
  }

  /// True when a member's key reads as `literal` (ASCII), compared in bytes.
  func name(_ name: Name, is literal: StaticString) -> Bool {
    if let decoded = name.decoded { return decoded == literal.description }
    let count = name.end - name.start - 2
    guard count == literal.utf8CodeUnitCount else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      memcmp(buffer.baseAddress! + name.start + 1, literal.utf8Start, count) == 0
    }
  }

  /// Steps to the next item of `array` (the cursor is then at it); false once the array is
  /// closed or reading stopped.
  mutating func nextItem(_ array: inout Container) -> Bool {
    advance(&array)
  }

  /// Reads the string at the cursor: its decoded text and byte range (quotes included).
  mutating func readString() -> Key? {
    let start = pos
    var text = ""
    var escaped = false
    guard scanString(into: &text, decoding: true, escaped: &escaped) else { return nil }
    return Key(text: text, start: start, end: pos)
  }

  /// Steps over the string at the cursor: the literal's byte range (quotes included) and
  /// whether it has an escape; nil when it is not a well-formed string. Nothing is made of it.
  mutating func scanStringLiteral() -> (start: Int, end: Int, hasEscape: Bool)? {
    let start = pos
    var unused = ""
    var hasEscape = false
    guard scanString(into: &unused, decoding: false, escaped: &hasEscape) else { return nil }
    return (start, pos, hasEscape)
  }

  /// The decoded text of the well-formed string literal at `range` (quotes included), read
  /// without moving this cursor.
  func decodedString(_ range: Range<Int>) -> String {
    var other = JSONCursor(bytes: bytes, start: range.lowerBound)
    return other.readString()?.text ?? ""
  }

  /// Steps over the value at the cursor, checking its syntax; its kind and byte range (for a
  /// container, the range read so far when reading stopped inside it), nil when no value could
  /// be read at all.
  mutating func skipValue() -> JSONNode? {
    guard let kind = valueKind() else { return nil }
    let start = pos
    switch kind {
    case .object, .array:
      var container = open()
      if container.isObject {
        while nextMember(&container) != nil {
          guard skipValue() != nil else { break }
        }
      } else {
        while nextItem(&container) {
          guard skipValue() != nil else { break }
        }
      }
      return JSONNode(kind: kind, start: start, end: container.end ?? start + 1)
    case .string:
      var unused = ""
      var escaped = false
      guard scanString(into: &unused, decoding: false, escaped: &escaped) else { return nil }
    case .number:
      guard readNumber() else { return nil }
    case .literal:
      guard readLiteral() else { return nil }
    }
    return JSONNode(kind: kind, start: start, end: pos)
  }

  // MARK: - Steps

  /// Moves past the separator before the next member or item; false at the container's end.
  private mutating func advance(_ container: inout Container) -> Bool {
    let close: UInt8 = container.isObject ? 0x7D : 0x5D
    guard !stopped, container.phase != .closed else { return false }
    skipSpace()
    if container.phase == .first {
      if pos < bytes.count && bytes[pos] == close { return finish(&container) }
      container.phase = .inside
      return true
    }
    let closeText = container.isObject ? "'}'" : "']'"
    guard pos < bytes.count else {
      fail(
        container.start,
        "expected \(closeText) to close the \(container.isObject ? "object" : "array") opened here, found the end of the file"
      )
      return false
    }
    if bytes[pos] == close { return finish(&container) }
    if bytes[pos] == 0x2C {
      pos += 1
      skipSpace()
      if pos < bytes.count && bytes[pos] == close {
        fail(
          pos,
          "expected a \(container.isObject ? "member" : "value") after ',', found \(closeText) (trailing commas are not JSON)"
        )
        return false
      }
      return true
    }
    let startsValue = bytes[pos] == 0x22 || (!container.isObject && (bytes[pos] == 0x7B || bytes[pos] == 0x5B))
    fail(pos, "expected ',' or \(closeText), found \(found())", stop: !startsValue)
    return !stopped
  }

  /// Consumes the closing bracket.
  private mutating func finish(_ container: inout Container) -> Bool {
    pos += 1
    container.end = pos
    container.phase = .closed
    depth -= 1
    return false
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
    let from = pos
    pos = bytes.withUnsafeBufferPointer { Self.spaceEnd($0, from: from) }
  }

  /// The offset of the first byte at or after `from` that is not JSON white space (else the
  /// end). Indentation runs of spaces, most of a pretty-printed file, go eight bytes a step.
  static func spaceEnd(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
    var index = from
    let count = buffer.count
    while index < count {
      switch buffer[index] {
      case 0x20:
        while index + 8 <= count {
          let run = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self) ^ spaces
          if run != 0 {
            // Little-endian: the lowest nonzero byte is the first byte that is not a space.
            index += (UInt64(littleEndian: run)).trailingZeroBitCount / 8
            break
          }
          index += 8
        }
        while index < count && buffer[index] == 0x20 { index += 1 }
      case 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }

  /// The offset of the first byte at or after `from` that ends a run of plain string bytes: a
  /// quote, a backslash or a control character (else the end); eight bytes a step.
  static func plainStringEnd(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
    var index = from
    let count = buffer.count
    while index + 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self))
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // Per byte, the high bit is set where the byte is zero (quote, backslash) or below 0x20;
      // bits above the first such byte may be set wrongly, the first one never is.
      let marks =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- spaces) & ~word)
      let high = marks & (ones &* 0x80)
      if high != 0 { return index + high.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count {
      let byte = buffer[index]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 { return index }
      index += 1
    }
    return count
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let spaces: UInt64 = 0x2020_2020_2020_2020

  // MARK: - Scalars

  /// Reads a string literal at the cursor, appending its text to `text` when `decoding`;
  /// `escaped` is set when the literal has an escape.
  private mutating func scanString(into text: inout String, decoding: Bool, escaped: inout Bool) -> Bool {
    let start = pos
    pos += 1
    var runStart = pos
    while pos < bytes.count {
      let from = pos
      pos = bytes.withUnsafeBufferPointer { Self.plainStringEnd($0, from: from) }
      guard pos < bytes.count else { break }
      let byte = bytes[pos]
      if byte == 0x22 {
        if decoding { text += decode(runStart..<pos) }
        pos += 1
        return true
      }
      if byte < 0x20 {
        fail(
          pos,
          "expected '\"' to close the string, found a raw control character (U+\(hex(UInt32(byte)))); write it as an escape"
        )
        return false
      }
      escaped = true
      if decoding { text += decode(runStart..<pos) }
      guard let scalar = parseEscape() else { return false }
      if decoding { text.unicodeScalars.append(scalar) }
      runStart = pos
    }
    fail(start, "expected '\"' to close the string opened here, found the end of the file")
    return false
  }

  /// The text of `range`, read through a borrowed pointer: slicing the array would retain and
  /// release its buffer once per string.
  private func decode(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
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
    var value: UInt32 = 0
    if pos + 4 <= bytes.count {
      for byte in bytes[pos..<(pos + 4)] {
        guard let digit = Self.hexDigit(byte) else {
          value = .max
          break
        }
        value = value << 4 | digit
      }
    }
    guard pos + 4 <= bytes.count, value != .max else {
      fail(escapeStart, "expected four hexadecimal digits after \\u")
      return nil
    }
    pos += 4
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private mutating func readNumber() -> Bool {
    let start = pos
    if bytes[pos] == 0x2D { pos += 1 }
    let digitsStart = pos
    while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
    guard pos > digitsStart else {
      fail(start, "expected digits after '-'")
      return false
    }
    if pos < bytes.count && bytes[pos] == 0x2E {
      pos += 1
      let fraction = pos
      while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
      guard pos > fraction else {
        fail(start, "expected digits after the decimal point")
        return false
      }
    }
    if pos < bytes.count && (bytes[pos] == 0x65 || bytes[pos] == 0x45) {
      pos += 1
      if pos < bytes.count && (bytes[pos] == 0x2B || bytes[pos] == 0x2D) { pos += 1 }
      let exponent = pos
      while pos < bytes.count && (0x30...0x39).contains(bytes[pos]) { pos += 1 }
      guard pos > exponent else {
        fail(start, "expected digits in the exponent")
        return false
      }
    }
    return true
  }

  private mutating func readLiteral() -> Bool {
    for word in ["true", "false", "null"] {
      let utf8 = Array(word.utf8)
      if pos + utf8.count <= bytes.count && bytes[pos..<(pos + utf8.count)].elementsEqual(utf8) {
        pos += utf8.count
        return true
      }
    }
    fail(pos, "expected a value (string, number, object, array, true, false or null), found \(found())")
    return false
  }
}
