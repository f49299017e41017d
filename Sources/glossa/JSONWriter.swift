/// A minimal JSON value with deterministic output (object keys keep the order given).
indirect enum JSONValue {
  case string(String)
  case int(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// A string, or null when nil.
  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  /// An integer, or null when nil.
  static func optional(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

  /// Pretty-printed with two-space indentation and a final newline.
  func rendered() -> String {
    var out = ""
    write(to: &out, indent: "")
    return out + "\n"
  }

  private func write(to out: inout String, indent: String) {
    switch self {
    case .string(let text): JSONValue.escape(text, into: &out)
    case .int(let number): out += String(number)
    case .bool(let flag): out += flag ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "[\n"
      let inner = indent + "  "
      for (index, item) in items.enumerated() {
        out += inner
        item.write(to: &out, indent: inner)
        out += index == items.count - 1 ? "\n" : ",\n"
      }
      out += indent + "]"
    case .object(let pairs):
      if pairs.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      let inner = indent + "  "
      for (index, (key, value)) in pairs.enumerated() {
        out += inner
        JSONValue.escape(key, into: &out)
        out += ": "
        value.write(to: &out, indent: inner)
        out += index == pairs.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }

  private static func escape(_ text: String, into out: inout String) {
    JSONOutput.appendString(text, to: &out)
  }
}
