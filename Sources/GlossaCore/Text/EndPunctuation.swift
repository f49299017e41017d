/// The punctuation a value ends with, by what it means rather than how a script writes it:
/// `?` `？` `؟` (and Greek `;`) are all a question mark, `.` `。` `।` `۔` `።` `։` a full stop.
enum EndPunctuation {
  enum Mark: UInt8, Sendable, Equatable {
    case none, fullStop, question, exclamation, colon, semicolon, ellipsis

    /// How messages name the mark.
    var name: String {
      switch self {
      case .none: "no end punctuation"
      case .fullStop: "a full stop"
      case .question: "a question mark"
      case .exclamation: "an exclamation mark"
      case .colon: "a colon"
      case .semicolon: "a semicolon"
      case .ellipsis: "an ellipsis"
      }
    }
  }

  /// The mark of the last character of `bytes` other than whitespace, closing quotes or
  /// brackets and emoji. Three dots are an ellipsis; Greek's `;` (U+037E) is a question mark.
  static func mark(_ bytes: UnsafeBufferPointer<UInt8>) -> Mark {
    var end = bytes.count
    while end > 0 {
      // Back to the start of the last scalar.
      var start = end - 1
      while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      var scalar = UInt32(bytes[start])
      let length = end - start
      if length > 1 {
        scalar &= length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07
        for k in (start + 1)..<end { scalar = scalar << 6 | UInt32(bytes[k] & 0x3F) }
      }
      switch scalar {
      case 0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x202F, 0x2009, 0x3000,
        0x22, 0x27, 0x29, 0x5D, 0xBB, 0x2019, 0x201D, 0x300D, 0x300F, 0xFF09, 0x300B, 0x3009,
        0x2600...0x27BF, 0xFE0F, 0x200D, 0x1F000...0x1FAFF:
        // Spaces, closing quotes and brackets, and emoji after the sentence (“only. 👀”).
        end = start
        continue
      case 0x2E:
        if start >= 2 && bytes[start - 1] == 0x2E && bytes[start - 2] == 0x2E { return .ellipsis }
        return .fullStop
      case 0x3002, 0x0964, 0x06D4, 0x1362, 0x0589, 0xFF0E, 0x17D4, 0x104B: return .fullStop
      case 0x3F, 0xFF1F, 0x061F, 0x037E, 0x055E: return .question
      case 0x21, 0xFF01, 0x055C: return .exclamation
      case 0x3A, 0xFF1A: return .colon
      case 0x3B, 0xFF1B, 0x061B: return .semicolon
      case 0x2026, 0x22EF: return .ellipsis
      default: return .none
      }
    }
    return .none
  }
}
