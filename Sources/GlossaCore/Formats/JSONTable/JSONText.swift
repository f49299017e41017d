/// How a JSON file writes strings, so new literals look like the old ones.
struct JSONStringStyle: Sendable, Hashable {
  /// Escape every non-ASCII character as `\uXXXX` (the file already does, with no raw UTF-8).
  var escapeNonASCII = false
  /// Escape `/` as `\/`.
  var escapeSlash = false
  var uppercaseHex = false

  /// Learns the style from a file's bytes.
  init(_ bytes: [UInt8], from start: Int) {
    var sawRawNonASCII = false
    var sawEscapedNonASCII = false
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x80 {
        sawRawNonASCII = true
      } else if byte == 0x5C, index + 1 < bytes.count {
        let next = bytes[index + 1]
        if next == 0x2F { escapeSlash = true }
        if next == 0x75, index + 6 <= bytes.count {
          let digits = String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self)
          if let value = UInt32(digits, radix: 16), value >= 0x80 {
            sawEscapedNonASCII = true
            if digits.contains(where: { $0.isUppercase }) { uppercaseHex = true }
          }
        }
        index += 1
      }
      index += 1
    }
    escapeNonASCII = sawEscapedNonASCII && !sawRawNonASCII
  }

  init() {}

  /// `text` as a quoted JSON string literal.
  func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "/" where escapeSlash: out += "\\/"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || (escapeNonASCII && scalar.value >= 0x80) {
          for unit in String(scalar).utf16 { out += "\\u" + hex(unit) }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private func hex(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: uppercaseHex)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
