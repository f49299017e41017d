import Foundation

/// Backslash escapes of old-style `.strings` literals, read the way Apple's parser reads them.
enum StringsEscapes {
  /// Decodes the body of a quoted literal (quotes excluded).
  ///
  /// `\n \t \r \a \b \f \v`, `\UXXXX` (1–4 hex digits, UTF-16 units; surrogate pairs joined),
  /// octal `\NNN`; any other escaped character stands for itself (`\" \\ \'`).
  static func unescape(_ body: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(body.count)
    unescape(body, appendingTo: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `unescape(_:)`'s UTF-8 appended to `out` (well-formed, and never longer than `body`).
  static func unescape(_ body: ArraySlice<UInt8>, appendingTo out: inout [UInt8]) {
    var pendingHigh: UInt16?
    func flushHigh() {
      if pendingHigh != nil {
        DecodedText.appendUTF8(0xFFFD, to: &out)
        pendingHigh = nil
      }
    }
    func appendUnit(_ unit: UInt16) {
      if unit >= 0xD800 && unit <= 0xDBFF {
        flushHigh()
        pendingHigh = unit
      } else if unit >= 0xDC00 && unit <= 0xDFFF {
        if let high = pendingHigh {
          DecodedText.appendUTF8(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00), to: &out)
          pendingHigh = nil
        } else {
          DecodedText.appendUTF8(0xFFFD, to: &out)
        }
      } else {
        flushHigh()
        DecodedText.appendUTF8(UInt32(unit), to: &out)
      }
    }
    body.withUnsafeBufferPointer { body in
      guard let base = body.baseAddress else { return }
      var i = 0
      let end = body.count
      while i < end {
        // The run up to the next backslash, in one copy (found at memchr's speed).
        let next =
          memchr(base + i, Int32(UInt8(ascii: "\\")), end - i).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
          } ?? end
        if next > i {
          flushHigh()
          out.append(contentsOf: UnsafeBufferPointer(rebasing: body[i..<next]))
          i = next
        }
        guard i < end else { break }
        // A backslash: the last byte stands for itself.
        guard i + 1 < end else {
          flushHigh()
          out.append(body[i])
          i += 1
          continue
        }
        let e = body[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "n"): appendUnit(0x0A)
        case UInt8(ascii: "t"): appendUnit(0x09)
        case UInt8(ascii: "r"): appendUnit(0x0D)
        case UInt8(ascii: "a"): appendUnit(0x07)
        case UInt8(ascii: "b"): appendUnit(0x08)
        case UInt8(ascii: "f"): appendUnit(0x0C)
        case UInt8(ascii: "v"): appendUnit(0x0B)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
          var value: UInt16 = 0
          var digits = 0
          while digits < 4, i < end, let d = hexValue(body[i]) {
            value = value << 4 | UInt16(d)
            i += 1
            digits += 1
          }
          appendUnit(digits == 0 ? UInt16(e) : value)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = UInt16(e - UInt8(ascii: "0"))
          var digits = 1
          while digits < 3, i < end, body[i] >= UInt8(ascii: "0"), body[i] <= UInt8(ascii: "7") {
            value = value << 3 | UInt16(body[i] - UInt8(ascii: "0"))
            i += 1
            digits += 1
          }
          appendUnit(value & 0xFF)
        default:
          flushHigh()
          out.append(e)
          // A multi-byte character after the backslash: keep its continuation bytes too.
          while i < end && body[i] & 0xC0 == 0x80 {
            out.append(body[i])
            i += 1
          }
        }
      }
    }
    flushHigh()
  }

  private static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// How a literal was written, so that a new value is written in the same style.
  struct Style {
    var quote: UInt8 = UInt8(ascii: "\"")
    /// Raw line breaks instead of `\n`.
    var rawNewlines = false
    /// Non-ASCII characters written as `\UXXXX`.
    var escapeNonASCII = false

    init() {}

    /// Infers the style from an existing literal (quotes included).
    init(literal: ArraySlice<UInt8>) {
      if let first = literal.first, first == UInt8(ascii: "'") { quote = first }
      var hasRawNewline = false
      var hasEscapedNewline = false
      var hasRawNonASCII = false
      var hasUEscape = false
      var i = literal.startIndex
      while i < literal.endIndex {
        let c = literal[i]
        if c == 0x0A { hasRawNewline = true }
        if c >= 0x80 { hasRawNonASCII = true }
        if c == UInt8(ascii: "\\"), i + 1 < literal.endIndex {
          let e = literal[i + 1]
          if e == UInt8(ascii: "n") { hasEscapedNewline = true }
          if e == UInt8(ascii: "U") || e == UInt8(ascii: "u") { hasUEscape = true }
          i += 2
          continue
        }
        i += 1
      }
      rawNewlines = hasRawNewline && !hasEscapedNewline
      escapeNonASCII = hasUEscape && !hasRawNonASCII
    }
  }

  /// A quoted literal for `value`, quotes included, in `style`.
  static func quotedLiteral(_ value: String, style: Style = Style()) -> [UInt8] {
    var out: [UInt8] = [style.quote]
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": out += [0x5C, 0x5C]
      case "\n": out += style.rawNewlines ? [0x0A] : [0x5C, UInt8(ascii: "n")]
      case "\t": out += [0x5C, UInt8(ascii: "t")]
      case "\r": out += [0x5C, UInt8(ascii: "r")]
      default:
        if scalar.value == UInt32(style.quote) {
          out += [0x5C, style.quote]
        } else if scalar.value < 0x20 || scalar.value == 0x7F || (style.escapeNonASCII && scalar.value >= 0x80) {
          for unit in String(scalar).utf16 {
            out += Array("\\U\(hex4(unit))".utf8)
          }
        } else {
          DecodedText.appendUTF8(scalar.value, to: &out)
        }
      }
    }
    out.append(style.quote)
    return out
  }

  private static func hex4(_ unit: UInt16) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([
      digits[Int(unit >> 12)], digits[Int(unit >> 8 & 0xF)], digits[Int(unit >> 4 & 0xF)], digits[Int(unit & 0xF)],
    ])
  }

  /// Whether `value` can be written without quotes: unquoted characters only, and not `//` or
  /// `/*` first (a reader takes those for a comment).
  static func isValidUnquoted(_ value: String) -> Bool {
    !value.isEmpty && value.utf8.allSatisfy(StringsParser.isUnquotedChar)
      && !(value.hasPrefix("//") || value.hasPrefix("/*"))
  }
}
