import Foundation

/// Byte-level questions the per-key checks ask of values before doing cluster-aware work.
enum ValueBytes {
  /// True when `value`'s UTF-8 holds `byte`.
  static func contains(_ value: String, _ byte: UInt8) -> Bool {
    value.utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    } ?? value.utf8.contains(byte)
  }

  /// True when the first and the last grapheme cluster of `value` are not whitespace, judged
  /// from the first and last scalar alone; false when unsure (or `value` is empty).
  ///
  /// A scalar in U+0021–U+007E or U+00A1–U+02FF is never whitespace and never extends the
  /// cluster before it (combining marks start at U+0300), so a value ending in one ends in a
  /// cluster that starts with it or with a prepended mark, neither of which is whitespace; the
  /// first cluster starts with the first scalar.
  static func hasPlainEdges(_ value: String) -> Bool {
    value.utf8.withContiguousStorageIfAvailable { bytes in
      guard let first = bytes.first, let last = bytes.last else { return false }
      let count = bytes.count
      let startsPlain: Bool
      switch first {
      case 0x21...0x7E: startsPlain = true
      case 0xC2: startsPlain = count > 1 && bytes[1] >= 0xA1
      case 0xC3...0xCB: startsPlain = true
      default: startsPlain = false
      }
      guard startsPlain else { return false }
      switch last {
      case 0x21...0x7E: return true
      case 0x80...0xBF:
        // The last scalar is two bytes long when the byte before is a two-byte lead.
        guard count > 1 else { return false }
        let lead = bytes[count - 2]
        return (lead == 0xC2 && last >= 0xA1) || (0xC3...0xCB).contains(lead)
      default: return false
      }
    } ?? false
  }
}
