/// Where one `.strings` entry sits in the decoded UTF-8 text (byte offsets).
struct StringsSpan: Sendable, Hashable {
  /// Start of the attached comment, or of the key when there is none.
  var entryStart: Int
  /// Start of the attached comment, if any.
  var commentStart: Int?
  var keyStart: Int
  var keyEnd: Int
  /// The value literal (quotes included); nil for the `"key";` shorthand.
  var valueRange: Range<Int>?
  var valueQuoted: Bool
  /// Just past the terminating `;` (or past the value when the `;` is missing).
  var entryEnd: Int
  /// The key exactly as decoded, `##{category}` suffix included.
  var rawKey: String
}

/// Splits `KEY##{category}` into its family key and category.
enum PluralKeySyntax {
  static func split(_ rawKey: String) -> (key: String, category: PluralCategory)? {
    // Fast reject: nearly every key does not end in `}`.
    guard rawKey.utf8.last == UInt8(ascii: "}") else { return nil }
    let bytes = Array(rawKey.utf8)
    var k = bytes.count - 2
    while k >= 2 && bytes[k] != UInt8(ascii: "{") { k -= 1 }
    guard k >= 2, bytes[k - 1] == UInt8(ascii: "#"), bytes[k - 2] == UInt8(ascii: "#") else { return nil }
    let name = String(decoding: bytes[(k + 1)..<(bytes.count - 1)], as: UTF8.self)
    guard let category = PluralCategory(rawValue: name) else { return nil }
    return (String(decoding: bytes[..<(k - 2)], as: UTF8.self), category)
  }

  static func join(_ key: String, _ category: PluralCategory?) -> String {
    guard let category else { return key }
    return "\(key)##{\(category.rawValue)}"
  }
}
