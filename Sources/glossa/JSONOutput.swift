/// A small streaming JSON writer: stable key order, UTF-8 kept, fast on millions of values
/// (Foundation's `JSONSerialization` is the bottleneck for large dumps on Linux).
struct JSONOutput {
  private(set) var text = ""
  private var indent = 0
  private var needsComma: [Bool] = []

  init() {}

  mutating func beginObject(_ key: String? = nil) { open(key, "{") }
  mutating func endObject() { close("}") }
  mutating func beginArray(_ key: String? = nil) { open(key, "[") }
  mutating func endArray() { close("]") }

  mutating func field(_ key: String, _ value: String?) {
    prefix(key)
    if let value { Self.appendString(value, to: &text) } else { text += "null" }
  }

  mutating func field(_ key: String, _ value: Int?) {
    prefix(key)
    text += value.map(String.init) ?? "null"
  }

  mutating func field(_ key: String, _ value: Bool) {
    prefix(key)
    text += value ? "true" : "false"
  }

  /// A string element inside an array.
  mutating func element(_ value: String) {
    prefix(nil)
    Self.appendString(value, to: &text)
  }

  private mutating func open(_ key: String?, _ bracket: String) {
    prefix(key)
    text += bracket
    needsComma.append(false)
    indent += 1
  }

  private mutating func close(_ bracket: String) {
    indent -= 1
    let hadItems = needsComma.removeLast()
    if hadItems { newline() }
    text += bracket
    if indent == 0 { text += "\n" }
  }

  private mutating func prefix(_ key: String?) {
    if let last = needsComma.last {
      if last { text += "," }
      needsComma[needsComma.count - 1] = true
      newline()
    }
    if let key {
      Self.appendString(key, to: &text)
      text += ": "
    }
  }

  private mutating func newline() {
    text += "\n"
    text += String(repeating: "  ", count: indent)
  }

  static func appendString(_ value: String, to out: inout String) {
    out += "\""
    guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      out += value
      out += "\""
      return
    }
    var escaped = String.UnicodeScalarView()
    for s in value.unicodeScalars {
      switch s {
      case "\"": escaped.append(contentsOf: "\\\"".unicodeScalars)
      case "\\": escaped.append(contentsOf: "\\\\".unicodeScalars)
      case "\n": escaped.append(contentsOf: "\\n".unicodeScalars)
      case "\r": escaped.append(contentsOf: "\\r".unicodeScalars)
      case "\t": escaped.append(contentsOf: "\\t".unicodeScalars)
      default:
        if s.value < 0x20 {
          let hex = String(s.value, radix: 16)
          escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        } else {
          escaped.append(s)
        }
      }
    }
    out += String(escaped)
    out += "\""
  }
}
