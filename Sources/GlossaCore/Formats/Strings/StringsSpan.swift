/// Where one `.strings` entry sits in the decoded UTF-8 text (byte offsets).
///
/// A review holds one span per entry of every `.strings` file (two million in a 100 × 20,000
/// bundle), so a span is six 32-bit offsets, 24 bytes: full-width offsets and a key string
/// made each 88 bytes. Whatever follows from the text is not stored: where the entry starts
/// (its comment, else its key), whether the value is quoted (its first byte), and the key
/// (the entry at the same position reads it). A document refuses text past `maxOffset` (a file
/// that large is reported, an edit that would grow one past it refused), so every offset fits.
package struct StringsSpan: Sendable, Hashable {
  /// `UInt32.max` when there is no comment.
  private var storedCommentStart: UInt32
  private var storedKeyStart: UInt32
  private var storedKeyEnd: UInt32
  private var value: CompactRange
  private var storedEntryEnd: UInt32

  /// The largest text a document reads or edits into: every offset then fits a span.
  static let maxOffset = Int(UInt32.max - 1)

  init(commentStart: Int?, keyStart: Int, keyEnd: Int, valueRange: Range<Int>?, entryEnd: Int) {
    storedCommentStart = commentStart.map { UInt32($0) } ?? .max
    storedKeyStart = UInt32(keyStart)
    storedKeyEnd = UInt32(keyEnd)
    value = CompactRange(valueRange)
    storedEntryEnd = UInt32(entryEnd)
  }

  /// Start of the attached comment, or of the key when there is none.
  var entryStart: Int { commentStart ?? keyStart }
  /// Start of the attached comment, if any.
  var commentStart: Int? {
    get { storedCommentStart == .max ? nil : Int(storedCommentStart) }
    set { storedCommentStart = newValue.map { UInt32($0) } ?? .max }
  }
  var keyStart: Int {
    get { Int(storedKeyStart) }
    set { storedKeyStart = UInt32(newValue) }
  }
  package var keyEnd: Int {
    get { Int(storedKeyEnd) }
    set { storedKeyEnd = UInt32(newValue) }
  }
  /// The value literal (quotes included); nil for the `"key";` shorthand.
  package var valueRange: Range<Int>? {
    get { value.range }
    set { value = CompactRange(newValue) }
  }
  /// Just past the terminating `;` (or past the value when the `;` is missing).
  var entryEnd: Int {
    get { Int(storedEntryEnd) }
    set { storedEntryEnd = UInt32(newValue) }
  }

  /// True when the value literal is quoted (or there is none: a value written for the
  /// shorthand is quoted) in `text`, the text this span is of.
  func valueQuoted(in text: [UInt8]) -> Bool {
    guard let range = valueRange, range.lowerBound < text.count else { return true }
    return text[range.lowerBound] == UInt8(ascii: "\"") || text[range.lowerBound] == UInt8(ascii: "'")
  }
}

/// Splits `KEY##{category}` into its family key and category.
package enum PluralKeySyntax {
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

  package static func join(_ key: String, _ category: PluralCategory?) -> String {
    guard let category else { return key }
    return "\(key)##{\(category.rawValue)}"
  }
}
