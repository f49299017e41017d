/// The numbers of a value as `number-mismatch` compares them: digits of any script read as
/// 0–9, grouping and decimal separators dropped, so `1,000`, `1 000`, `1.000` and `١٬٠٠٠` are
/// all `1000` (and `1.5` and `1,5` both `15`). Format specifiers (`%1$@`, `%.2f`) hold no numbers.
enum NumberText {
  /// The first scalar of each block of ten decimal digits Glossa reads (ASCII aside): Arabic-Indic,
  /// extended Arabic-Indic (Persian, Urdu), N'Ko, Devanagari, Bengali, Gurmukhi, Gujarati,
  /// Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer,
  /// Mongolian and fullwidth digits.
  static let digitBlocks: [UInt32] = [
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x17E0, 0x1810, 0xFF10,
  ]

  /// The value 0–9 of a decimal digit of any script Glossa reads, else nil.
  @inline(__always)
  static func digitValue(_ scalar: UInt32) -> UInt8? {
    if scalar >= 0x30 && scalar <= 0x39 { return UInt8(scalar - 0x30) }
    guard scalar >= 0x0660 && scalar <= 0xFF19 else { return nil }
    // Most scalars past U+0660 are letters: a switch over the blocks, no loop.
    let start: UInt32
    switch scalar {
    case 0x0660...0x0669: start = 0x0660
    case 0x06F0...0x06F9: start = 0x06F0
    case 0x07C0...0x07C9: start = 0x07C0
    case 0x0966...0x096F: start = 0x0966
    case 0x09E6...0x09EF: start = 0x09E6
    case 0x0A66...0x0A6F: start = 0x0A66
    case 0x0AE6...0x0AEF: start = 0x0AE6
    case 0x0B66...0x0B6F: start = 0x0B66
    case 0x0BE6...0x0BEF: start = 0x0BE6
    case 0x0C66...0x0C6F: start = 0x0C66
    case 0x0CE6...0x0CEF: start = 0x0CE6
    case 0x0D66...0x0D6F: start = 0x0D66
    case 0x0DE6...0x0DEF: start = 0x0DE6
    case 0x0E50...0x0E59: start = 0x0E50
    case 0x0ED0...0x0ED9: start = 0x0ED0
    case 0x0F20...0x0F29: start = 0x0F20
    case 0x1040...0x1049: start = 0x1040
    case 0x17E0...0x17E9: start = 0x17E0
    case 0x1810...0x1819: start = 0x1810
    case 0xFF10...0xFF19: start = 0xFF10
    default: return nil
    }
    return UInt8(scalar - start)
  }

  /// True for a separator inside a number when a digit follows: `,` `.` `'` `’` and Arabic's
  /// decimal and thousands separators `٫` `٬`.
  private static func isJoiner(_ scalar: UInt32) -> Bool {
    scalar == 0x2C || scalar == 0x2E || scalar == 0x27 || scalar == 0x2019 || scalar == 0x066B || scalar == 0x066C
  }

  /// True for a space that groups thousands when exactly three digits follow: space, no-break
  /// space, narrow no-break space, thin space.
  private static func isGroupingSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x20 || scalar == 0xA0 || scalar == 0x202F || scalar == 0x2009
  }

  /// Each number of `bytes` as its digits 0–9, in order.
  static func numbers(_ bytes: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var current: [UInt8] = []
    walk(
      bytes, digit: { current.append($0) },
      end: {
        result.append(current)
        current.removeAll(keepingCapacity: true)
      })
    return result
  }

  /// The numbers as text, `1000` for `1,000`.
  static func numbers(_ value: String) -> [String] {
    var value = value
    return value.withUTF8 { numbers($0) }.map { String(decoding: $0.map { $0 + 0x30 }, as: UTF8.self) }
  }

  /// A hash of the numbers that does not depend on their order: equal for equal multisets.
  static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var sum: UInt64 = 0
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    walk(
      bytes,
      digit: { hash = (hash ^ UInt64($0)) &* 0x100_0000_01b3 },
      end: {
        // Mixed once more so that sums of different multisets rarely agree.
        var h = hash ^ (hash >> 29)
        h = h &* 0xbf58_476d_1ce4_e5b9
        sum = sum &+ (h ^ (h >> 32))
        hash = 0xcbf2_9ce4_8422_2325
      })
    return sum
  }

  /// Calls `digit` for each digit of each number and `end` after each number.
  private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, digit: (UInt8) -> Void, end: () -> Void) {
    let count = bytes.count
    var i = 0
    var inNumber = false
    /// The scalar at `k` and its length in bytes.
    func scalar(at k: Int) -> (UInt32, Int) {
      let lead = bytes[k]
      if lead < 0x80 { return (UInt32(lead), 1) }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      guard k + length <= count, length > 1 else { return (0xFFFD, 1) }
      var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for j in 1..<length { value = value << 6 | UInt32(bytes[k + j] & 0x3F) }
      return (value, length)
    }
    func digitAt(_ k: Int) -> UInt8? { k < count ? digitValue(scalar(at: k).0) : nil }
    while i < count {
      let (value, length) = scalar(at: i)
      if let d = digitValue(value) {
        digit(d)
        inNumber = true
        i += length
        continue
      }
      if inNumber {
        if isJoiner(value), digitAt(i + length) != nil {
          i += length
          continue
        }
        if isGroupingSpace(value) {
          // Exactly three digits, then something else.
          var k = i + length
          var digits = 0
          while digits < 4, k < count, let _ = digitAt(k) {
            digits += 1
            k += scalar(at: k).1
          }
          if digits == 3 {
            i += length
            continue
          }
        }
        end()
        inNumber = false
      }
      if value == 0x25 {  // %: skip a format specifier
        i += 1
        if i < count && bytes[i] == 0x25 {
          i += 1
          continue
        }
        while i < count, Self.specifierBody(bytes[i]) { i += 1 }
        if i < count && bytes[i] == 0x23 && i + 1 < count && bytes[i + 1] == 0x40 {  // %#@name@
          i += 2
          while i < count && bytes[i] != 0x40 { i += 1 }
        }
        i += 1
        continue
      }
      // A digit inside a word of letters (`H264`, `mp3`) still counts: it is text to keep.
      i += length
    }
    if inNumber { end() }
  }

  /// Bytes that may come between `%` and a specifier's conversion.
  private static func specifierBody(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == 0x24 || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte == 0x27
      || byte == 0x2A || byte == 0x68 || byte == 0x6C || byte == 0x71 || byte == 0x4C || byte == 0x7A
      || byte == 0x74 || byte == 0x6A
  }
}
