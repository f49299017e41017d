/// Escaping and unescaping of XML character data, shared by the plist readers and writers.
enum XMLText {
  /// Escapes `&`, `<` and `>` so `text` can stand between tags.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\r": out += "&#13;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The text of `bytes` with entity and character references resolved and line breaks
  /// normalised to `\n`, or the offset (within `bytes`) and text of the first bad reference.
  static func unescape(_ bytes: ArraySlice<UInt8>) -> Result<String, UnescapeError> {
    guard bytes.contains(0x26) || bytes.contains(0x0D) else {
      return .success(String(decoding: bytes, as: UTF8.self))
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x0D {
        out.append(0x0A)
        index += 1
        if index < bytes.endIndex && bytes[index] == 0x0A { index += 1 }
        continue
      }
      guard byte == 0x26 else {
        out.append(byte)
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.endIndex && bytes[end] != 0x3B && end - index < 12 { end += 1 }
      guard end < bytes.endIndex, bytes[end] == 0x3B else {
        return .failure(UnescapeError(offset: index, reference: "&"))
      }
      let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
      guard let scalar = resolve(name) else {
        return .failure(UnescapeError(offset: index, reference: "&\(name);"))
      }
      out.append(contentsOf: Array(String(scalar).utf8))
      index = end + 1
    }
    return .success(String(decoding: out, as: UTF8.self))
  }

  /// A reference that names no character.
  struct UnescapeError: Error {
    var offset: Int
    var reference: String
  }

  private static func resolve(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value: UInt32?
      if digits.hasPrefix("x") || digits.hasPrefix("X") {
        value = UInt32(digits.dropFirst(), radix: 16)
      } else {
        value = UInt32(digits, radix: 10)
      }
      return value.flatMap(Unicode.Scalar.init)
    }
  }
}
