/// Text that came from a file, an archive or a server, made safe to show: clipped to a sane
/// length (a finding names a key, it does not copy a megabyte of it) and with control
/// characters made visible (an entry name holding `ESC]0;…BEL` must not retitle the terminal).
public enum UntrustedText {
  /// Characters of a language code, key, file or entry name kept in findings and messages.
  public static let displayLimit = 200

  /// `text` when it has at most `limit` characters, else its first `limit` characters followed
  /// by `…(N characters)`.
  public static func clipped(_ text: String, limit: Int = displayLimit) -> String {
    // utf8.count is O(1) for native strings: the common case costs nothing.
    guard text.utf8.count > limit else { return text }
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return String(text[..<end]) + "…(\(text.count) characters)"
  }

  /// `text` with every control character written as an escape: C0 controls and DEL as `\xHH`
  /// (except newline when `keepingNewlines`), C1 controls and bidirectional overrides as
  /// `\u{HHHH}`. Text without them is returned as it is.
  public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines) }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepingNewlines) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value < 0x80 {
          out += "\\x" + (hex.count < 2 ? "0" : "") + hex
        } else {
          out += "\\u{" + hex + "}"
        }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Clipped, then escaped: the form for a name inside a one-line message.
  public static func shown(_ text: String, limit: Int = displayLimit) -> String {
    escaped(clipped(text, limit: limit))
  }

  private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: !keepingNewlines
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
