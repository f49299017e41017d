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

  /// Appends `value` as a JSON string literal. Linear in the value's length: unescaped runs are
  /// appended whole and each escape once (appending scalar by scalar to a
  /// `String.UnicodeScalarView` copied the text again at every escape).
  static func appendString(_ value: String, to out: inout String) {
    out += "\""
    let utf8 = value.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out += value[runStart..<index]
        switch byte {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        default:
          let hex = String(byte, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        index = utf8.index(after: index)
        runStart = index
      } else {
        index = utf8.index(after: index)
      }
    }
    out += value[runStart..<utf8.endIndex]
    out += "\""
  }
}
