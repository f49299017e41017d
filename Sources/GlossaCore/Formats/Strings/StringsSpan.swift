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
    guard rawKey.hasSuffix("}"), let marker = rawKey.range(of: "##{", options: .backwards) else { return nil }
    let name = rawKey[marker.upperBound..<rawKey.index(before: rawKey.endIndex)]
    guard let category = PluralCategory(rawValue: String(name)) else { return nil }
    return (String(rawKey[..<marker.lowerBound]), category)
  }

  static func join(_ key: String, _ category: PluralCategory?) -> String {
    guard let category else { return key }
    return "\(key)##{\(category.rawValue)}"
  }
}
