import Foundation

/// The text of one field of an entry (its value or comment): a range of the UTF-8 text the
/// entry was read from, shared by every entry of the file, or a string of its own (17 bytes:
/// `Entry` places its one-byte fields after it).
///
/// A `.strings` file's values and comments are mostly literal runs of its text: the reader
/// notes where they are instead of making a string of each (two million of them in a
/// 100 × 20,000 bundle, most too long to be stored inline). A `String` is made only when one
/// is asked for (`string`): for a finding, the screen or an edit; the checks read the bytes.
public struct EntryText: Sendable {
  private enum Storage: Sendable {
    case own(String)
    /// Bytes `start..<start + count` of `text`, well-formed UTF-8 on scalar boundaries.
    case slice(start: UInt32, count: UInt32, text: [UInt8])
  }

  private var storage: Storage

  public init(_ string: String) {
    storage = .own(string)
  }

  /// `range` of `text`, which must be well-formed UTF-8 starting and ending on scalar
  /// boundaries, with offsets below 4 GB (a `.strings` document's text; see `StringsSpan`).
  init(slice range: Range<Int>, of text: [UInt8]) {
    storage = .slice(start: UInt32(range.lowerBound), count: UInt32(range.count), text: text)
  }

  /// The text as a string (made from the bytes for a slice).
  public var string: String {
    switch storage {
    case .own(let string): string
    case .slice(let start, let count, let text):
      text.withUnsafeBufferPointer { String(decoding: $0[Int(start)..<Int(start + count)], as: UTF8.self) }
    }
  }

  /// Where this text lies in `text` when it is a range of that very array (not merely of
  /// equal bytes); nil for a string of its own or a range of another array.
  func range(in text: [UInt8]) -> Range<Int>? {
    guard case .slice(let start, let count, let own) = storage, Self.identical(own, text) else { return nil }
    return Int(start)..<Int(start + count)
  }

  /// True when both are the same array (the same storage), not merely equal.
  private static func identical(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
      && a.count == b.count
  }

  /// True when the text is a range of an array (not a string of its own); the array is not
  /// touched (nor its reference counted).
  var isSlice: Bool {
    if case .slice = storage { return true }
    return false
  }

  /// The number of UTF-8 bytes.
  var utf8Count: Int {
    switch storage {
    case .own(let string): string.utf8.count
    case .slice(_, let count, _): Int(count)
    }
  }

  /// Calls `body` with the UTF-8 bytes, in place.
  public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
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

  /// True when the two texts have the same bytes (not merely canonically equivalent ones): two
  /// ranges of texts (the keys of two files compared as an index is built) by their counts,
  /// then at once for the same range of the same text, else by their bytes, read in place.
  @inline(__always)
  func isSameText(as other: EntryText) -> Bool {
    if case .slice(let start, let count, let a) = storage,
      case .slice(let otherStart, let otherCount, let b) = other.storage
    {
      guard count == otherCount else { return false }
      guard count > 0 else { return true }
      return a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
          let (p, q) = (x.baseAddress! + Int(start), y.baseAddress! + Int(otherStart))
          return p == q || memcmp(p, q, Int(count)) == 0
        }
      }
    }
    return withUTF8 { x in
      other.withUTF8 { y in
        guard x.count == y.count else { return false }
        guard let a = x.baseAddress, let b = y.baseAddress else { return true }
        return memcmp(a, b, x.count) == 0
      }
    }
  }

  /// True when the texts are equal as strings are (canonically equivalent), made into strings
  /// only when the bytes cannot tell: they differ, and neither the bytes where they first
  /// differ nor both texts as wholes settle it.
  func isEqual(to other: EntryText) -> Bool {
    let answer: Bool? = withUTF8 { a in other.withUTF8 { b in Self.compare(a, b) } }
    return answer ?? (string == other.string)
  }

  /// Equal (true), not equal (false), or nil when only a comparison as strings can tell.
  ///
  /// An ASCII byte is a scalar that is its own decomposition and that canonical reordering
  /// never moves past (a starter). So where the first differing bytes are both ASCII, the
  /// decompositions differ there too. Where one text ends and the other goes on, the other's
  /// decomposition is longer. Where an ASCII scalar meets another scalar S, the texts can be
  /// equal only if S's decomposition starts with that ASCII scalar: then either S is one of
  /// the three whose decomposition is one ASCII scalar, or S's decomposition goes on with
  /// combining marks, which the ASCII side must then have next (a text going on with ASCII, or
  /// ending, has none). And two texts that are both in NFC are equivalent only when their
  /// bytes are equal.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
    let common = min(a.count, b.count)
    var p = 0
    // The equal prefix, eight bytes at a time: the first differing byte is the lowest set byte
    // of the words' exclusive or (little-endian loads).
    if let x = a.baseAddress, let y = b.baseAddress {
      let rawA = UnsafeRawPointer(x)
      let rawB = UnsafeRawPointer(y)
      while p + 8 <= common {
        let difference =
          rawA.loadUnaligned(fromByteOffset: p, as: UInt64.self)
          ^ rawB.loadUnaligned(fromByteOffset: p, as: UInt64.self)
        if difference != 0 {
          p += UInt64(littleEndian: difference).trailingZeroBitCount / 8
          break
        }
        p += 8
      }
    }
    while p < common && a[p] == b[p] { p += 1 }
    if p == a.count && p == b.count { return true }
    if p == a.count || p == b.count { return false }
    let (x, y) = (a[p], b[p])
    if x < 0x80 && y < 0x80 { return false }
    if x < 0x80 || y < 0x80 {
      let (ascii, other) = x < 0x80 ? (a, b) : (b, a)
      let goesOnPlain = p + 1 == ascii.count || ascii[p + 1] < 0x80
      if goesOnPlain && asciiDecomposition(other, at: p) != ascii[p] { return false }
    }
    if isSurelyNFC(a) && isSurelyNFC(b) { return false }
    return nil
  }

  /// The ASCII scalar the scalar at `offset` decomposes to when it is U+037E GREEK QUESTION
  /// MARK (`;`), U+1FEF GREEK VARIA (`` ` ``) or U+212A KELVIN SIGN (`K`): the three whose
  /// canonical decomposition is one ASCII scalar. Nil for any other scalar.
  private static func asciiDecomposition(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt8? {
    func byte(_ k: Int) -> UInt8 { offset + k < bytes.count ? bytes[offset + k] : 0 }
    switch byte(0) {
    case 0xCD where byte(1) == 0xBE: return UInt8(ascii: ";")
    case 0xE1 where byte(1) == 0xBF && byte(2) == 0xAF: return UInt8(ascii: "`")
    case 0xE2 where byte(1) == 0x84 && byte(2) == 0xAA: return UInt8(ascii: "K")
    default: return nil
    }
  }

  /// True when every scalar of `bytes` (well-formed UTF-8) is one that is in NFC whatever
  /// surrounds it (ASCII, Latin, Greek and Cyrillic letters, Hebrew and Arabic letters, kana,
  /// CJK ideographs, Hangul syllables, common punctuation, fullwidth forms, emoji): no combining
  /// mark, conjoining jamo or scalar that normalizes to another. False when unsure.
  static func isSurelyNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = bytes.count
    while i < n {
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      guard i + length <= n else { return false }
      var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
      switch scalar {
      case 0x80...0x2FF, 0x386, 0x388...0x3CE, 0x400...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x621...0x64A,
        0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
        0xAC00...0xD7A3, 0xFF01...0xFF5E, 0x1F300...0x1FAFF:
        i += length
      default:
        return false
      }
    }
    return true
  }
}
