import Foundation

/// The text of one field of an entry (its value or comment): a range of the UTF-8 text the
/// entry was read from, shared by every entry of the file, or a string of its own (17 bytes:
/// `Entry` places its one-byte fields after it).
///
/// A `.strings` file's values and comments are mostly literal runs of its text: the reader
/// notes where they are instead of making a string of each (two million of them in a
/// 100 × 20,000 bundle, most too long to be stored inline). A `String` is made only when one
/// is asked for (`string`): for a finding, the screen or an edit; the checks read the bytes.
struct EntryText: Sendable {
  private enum Storage: Sendable {
    case own(String)
    /// Bytes `start..<start + count` of `text`, well-formed UTF-8 on scalar boundaries.
    case slice(start: UInt32, count: UInt32, text: [UInt8])
  }

  private var storage: Storage

  init(_ string: String) {
    storage = .own(string)
  }

  /// `range` of `text`, which must be well-formed UTF-8 starting and ending on scalar
  /// boundaries, with offsets below 4 GB (a `.strings` document's text; see `StringsSpan`).
  init(slice range: Range<Int>, of text: [UInt8]) {
    storage = .slice(start: UInt32(range.lowerBound), count: UInt32(range.count), text: text)
  }

  /// The text as a string (made from the bytes for a slice).
  var string: String {
    switch storage {
    case .own(let string): string
    case .slice(let start, let count, let text):
      text.withUnsafeBufferPointer { String(decoding: $0[Int(start)..<Int(start + count)], as: UTF8.self) }
    }
  }

  /// The number of UTF-8 bytes.
  var utf8Count: Int {
    switch storage {
    case .own(let string): string.utf8.count
    case .slice(_, let count, _): Int(count)
    }
  }

  /// Calls `body` with the UTF-8 bytes, in place.
  func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    switch storage {
    case .own(let string):
      if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
      return try Array(string.utf8).withUnsafeBufferPointer(body)
    case .slice(let start, let count, let text):
      return try text.withUnsafeBufferPointer {
        try body(UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + count)]))
      }
    }
  }

  /// True when the two texts have the same bytes (not merely canonically equivalent ones), at
  /// once for the same range of the same text.
  func isSameText(as other: EntryText) -> Bool {
    if case .slice(let start, let count, let a) = storage,
      case .slice(let otherStart, let otherCount, let b) = other.storage,
      start == otherStart, count == otherCount,
      a.withUnsafeBufferPointer({ x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } })
    {
      return true
    }
    return withUTF8 { x in
      other.withUTF8 { y in
        guard x.count == y.count else { return false }
        guard let a = x.baseAddress, let b = y.baseAddress else { return true }
        return memcmp(a, b, x.count) == 0
      }
    }
  }

  /// True when the texts are equal as strings are (canonically equivalent): byte for byte, or
  /// else, when either is not ASCII, as strings.
  func isEqual(to other: EntryText) -> Bool {
    if isSameText(as: other) { return true }
    let ascii = withUTF8 { Self.isASCII($0) } && other.withUTF8 { Self.isASCII($0) }
    return !ascii && string == other.string
  }

  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
  }
}
