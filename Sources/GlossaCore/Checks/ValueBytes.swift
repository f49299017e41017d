import Foundation

/// Byte-level questions the per-key checks ask of values before doing cluster-aware work.
enum ValueBytes {
  /// True when `value`'s UTF-8 holds `byte`.
  static func contains(_ value: String, _ byte: UInt8) -> Bool { contains(EntryText(value), byte) }

  /// True when `text`'s UTF-8 holds `byte`.
  static func contains(_ text: EntryText, _ byte: UInt8) -> Bool {
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    }
  }

  /// Whether `bytes` hold `first` and whether they hold `second`, in one pass eight bytes a
  /// step (`ByteCount.matches`). A value is a few dozen bytes: two `memchr` calls cost more in
  /// calls than in bytes.
  static func holds(_ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> (Bool, Bool) {
    guard let base = bytes.baseAddress else { return (false, false) }
    let (a, b) = (ByteCount.repeated(first), ByteCount.repeated(second))
    var (hasFirst, hasSecond) = (false, false)
    var k = 0
    let count = bytes.count
    while k + 8 <= count {
      let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
      if ByteCount.matches(word, a) != 0 { hasFirst = true }
      if ByteCount.matches(word, b) != 0 { hasSecond = true }
      k += 8
    }
    while k < count {
      if base[k] == first { hasFirst = true }
      if base[k] == second { hasSecond = true }
      k += 1
    }
    return (hasFirst, hasSecond)
  }

  /// `hasPlainEdges` of an entry's text, read in place.
  static func hasPlainEdges(_ text: EntryText) -> Bool { text.withUTF8(hasPlainEdges) }

  /// True when the first scalar of `text` is not whitespace: its first grapheme cluster is then
  /// not whitespace either (`Character.isWhitespace` is its first scalar's `White_Space`).
  static func startsWithNonWhitespace(_ text: EntryText) -> Bool {
    text.withUTF8 { bytes in !bytes.isEmpty && !isWhitespace(scalar(bytes, at: 0)) }
  }

  /// True when the first and the last grapheme cluster of `value` are not whitespace, judged
  /// from the first and last scalar alone; false when unsure (or `value` is empty).
  ///
  /// The first cluster starts with the first scalar, and `Character.isWhitespace` is that
  /// scalar's `White_Space` property. The last scalar must be one of `endsCluster`'s, which
  /// never extend the cluster before them, so the last cluster starts with it or with what
  /// joins it from before (prepended marks, Hangul jamo, an emoji sequence), never whitespace.
  static func hasPlainEdges(_ value: String) -> Bool {
    value.utf8.withContiguousStorageIfAvailable(hasPlainEdges) ?? false
  }

  /// `hasPlainEdges` of (well-formed) UTF-8 bytes.
  static func hasPlainEdges(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !bytes.isEmpty else { return false }
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let first = scalar(bytes, at: 0)
    let last = start == 0 ? first : scalar(bytes, at: start)
    guard !isWhitespace(first) else { return false }
    return endsCluster(last) || endsWithMarkedLetter(bytes, lastStart: start)
  }

  /// True when `bytes` end in combining or spacing marks (an Indic or Thai vowel sign) after a
  /// letter, digit, punctuation or symbol: the last cluster then starts with that base or with
  /// what joins it from before (a conjunct's consonant, a prepended sign), never whitespace,
  /// since only marks and ZWJ join whitespace to what follows.
  private static func endsWithMarkedLetter(_ bytes: UnsafeBufferPointer<UInt8>, lastStart: Int) -> Bool {
    var start = lastStart
    for _ in 0..<8 {
      let value = scalar(bytes, at: start)
      guard let scalar = Unicode.Scalar(value) else { return false }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        guard start > 0 else { return false }
        start -= 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        continue
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
        .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
        .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        // Letters that extend the cluster before them are not a base.
        return start < lastStart && !isWhitespace(value) && ![0x0E33, 0x0EB3, 0xFF9E, 0xFF9F].contains(value)
      default:
        return false
      }
    }
    return false
  }

  /// The scalar value of the (valid) UTF-8 sequence at `offset`.
  private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    let lead = UInt32(bytes[offset])
    func next(_ k: Int) -> UInt32 { offset + k < bytes.count ? UInt32(bytes[offset + k]) & 0x3F : 0 }
    switch lead {
    case 0..<0x80: return lead
    case 0xC0..<0xE0: return (lead & 0x1F) << 6 | next(1)
    case 0xE0..<0xF0: return (lead & 0x0F) << 12 | next(1) << 6 | next(2)
    default: return (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
    }
  }

  /// Unicode's `White_Space` scalars.
  static func isWhitespace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  /// True for scalars that are not whitespace and never extend the cluster before them (no
  /// combining or spacing marks, joiners or variation selectors): letters and punctuation of
  /// the common scripts, CJK, kana and Hangul syllables. Anything else is "unsure".
  static func endsCluster(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x21...0x7E, 0xA1...0x2FF,  // ASCII, Latin-1, Latin Extended, IPA, modifier letters
      0x370...0x482, 0x48A...0x52F,  // Greek, Cyrillic (without its combining marks)
      0x5D0...0x5EA, 0x60C, 0x61B, 0x61F, 0x620...0x64A, 0x660...0x669,  // Hebrew, Arabic letters
      0x964, 0x965, 0x10D0...0x10FF, 0x1780...0x17B3,  // dandas, Georgian, Khmer letters
      0x2010...0x2027, 0x2030...0x205E,  // general punctuation
      0x3001...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
      true
    default: false
    }
  }
}
