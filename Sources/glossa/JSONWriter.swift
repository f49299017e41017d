import Foundation

/// The executable's one JSON writer: every `--format json` report, SARIF, `plural`'s JSON and
/// the review's JSON export. Pretty-printed with two spaces, members in the order written, text
/// kept as UTF-8 with only `"`, `\` and C0 controls escaped. It writes bytes, and a writer made by
/// `write(to:_:)` hands them to the output a megabyte at a time, so a report of a million
/// values never becomes a tree of values or one huge `String` (measured against a tree of
/// values, a `String` writer and `JSONEncoder`: docs/decisions.md, "One JSON writer").
struct JSONWriter {
  /// The bytes written and not yet handed on.
  private var bytes: [UInt8] = []
  /// Per open object or array, outermost first: whether it has a member yet.
  private var hasMembers: [Bool] = []
  /// What goes between a member's name and its value.
  private let nameSeparator: StaticString
  private let flushAt: Int
  private let sink: ([UInt8]) -> Void

  /// A writer that keeps what it writes (`text`). `nameSeparator` is `": "` for every report
  /// but `plural`'s, which has the `" : "` of Foundation's `JSONEncoder`.
  init(nameSeparator: StaticString = ": ") {
    self.init(nameSeparator: nameSeparator, flushAt: .max) { _ in }
  }

  private init(nameSeparator: StaticString, flushAt: Int, sink: @escaping ([UInt8]) -> Void) {
    self.nameSeparator = nameSeparator
    self.flushAt = flushAt
    self.sink = sink
  }

  /// What was written, as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes what `body` writes to `handle`, a megabyte at a time, and returns `body`'s result.
  static func write<Result>(to handle: FileHandle, _ body: (inout JSONWriter) throws -> Result) rethrows -> Result {
    var writer = JSONWriter(nameSeparator: ": ", flushAt: 1 << 20) { handle.write(Data($0)) }
    let result = try body(&writer)
    writer.flush()
    return result
  }

  mutating func beginObject(_ name: String? = nil) { open(name, UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray(_ name: String? = nil) { open(name, UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member whose value is a string, or null.
  mutating func field(_ name: String, _ value: String?) {
    prefix(name)
    if let value { appendQuoted(value) } else { append("null") }
  }

  /// A member whose value is an integer, or null.
  mutating func field(_ name: String, _ value: Int?) {
    prefix(name)
    if let value { appendNumber(value) } else { append("null") }
  }

  /// A member whose value is `true` or `false`.
  mutating func field(_ name: String, _ value: Bool) {
    prefix(name)
    append(value ? "true" : "false")
  }

  /// A string inside an array.
  mutating func element(_ value: String) {
    prefix(nil)
    appendQuoted(value)
  }

  // MARK: Elements written apart

  /// Elements of an array `depth` objects or arrays deep, written apart from the array (on the
  /// thread that made them) and added to it, in order, with `append(_:)`.
  struct Elements: Sendable {
    fileprivate var bytes: [UInt8]
    /// How many objects or arrays enclose the elements, their array included.
    let depth: Int
  }

  /// The elements `body` writes, to be added to an array `depth` deep.
  static func elements(depth: Int, _ body: (inout JSONWriter) -> Void) -> Elements {
    precondition(depth > 0, "elements live in an array")
    var writer = JSONWriter()
    writer.hasMembers = Array(repeating: false, count: depth)
    body(&writer)
    precondition(writer.hasMembers.count == depth, "elements must close what they open")
    return Elements(bytes: writer.bytes, depth: depth)
  }

  /// Adds elements written apart to the array being written.
  mutating func append(_ elements: Elements) {
    precondition(elements.depth == hasMembers.count, "elements written for another depth")
    guard !elements.bytes.isEmpty else { return }
    // The first element written apart had no comma before it.
    if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
    hasMembers[hasMembers.count - 1] = true
    bytes.append(contentsOf: elements.bytes)
    flushIfFull()
  }

  // MARK: Strings

  /// `text` as a JSON string literal: for text output that quotes a value as JSON would.
  static func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.appendQuoted(text)
    return writer.text
  }

  /// `text` quoted, with `"`, `\` and C0 controls escaped (`\n`, `\r`, `\t`, else `\u00XX`) and
  /// everything else, `/` included, as its UTF-8 bytes. Runs of bytes that need no escape are
  /// copied at once (a report is mostly such runs).
  private mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices where Self.needsEscape(utf8[index]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        appendEscaped(utf8[index])
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    let backslash = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""), backslash: bytes.append(contentsOf: [backslash, byte])
    case 0x0A: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
    case 0x0D: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
    case 0x09: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
    default:
      let hex: StaticString = "0123456789abcdef"
      let digits = hex.utf8Start
      bytes.append(contentsOf: [
        backslash, UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)],
      ])
    }
  }

  // MARK: Layout

  private mutating func open(_ name: String?, _ bracket: UInt8) {
    prefix(name)
    bytes.append(bracket)
    hasMembers.append(false)
  }

  private mutating func close(_ bracket: UInt8) {
    let hadMembers = hasMembers.removeLast()
    if hadMembers { newline() }
    bytes.append(bracket)
    if hasMembers.isEmpty { bytes.append(0x0A) }
    flushIfFull()
  }

  /// The comma after the previous member, the line break and indentation, and the name.
  private mutating func prefix(_ name: String?) {
    if !hasMembers.isEmpty {
      if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
      hasMembers[hasMembers.count - 1] = true
      newline()
    }
    if let name {
      appendQuoted(name)
      append(nameSeparator)
    }
  }

  /// A line break and two spaces per open object or array.
  private mutating func newline() {
    bytes.append(0x0A)
    for _ in 0..<hasMembers.count {
      bytes.append(0x20)
      bytes.append(0x20)
    }
  }

  private mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func appendNumber(_ number: Int) {
    var text = String(number)
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  private mutating func flushIfFull() {
    if bytes.count >= flushAt { flush() }
  }

  private mutating func flush() {
    guard !bytes.isEmpty else { return }
    sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
