/// What the translation-quality checks look for in a value, found in one pass over its UTF-8
/// bytes: a key's shape (`KeyShape`) asks this of every value, so a check such as
/// `number-mismatch` is called only for the few keys where it can report something.
///
/// Each flag is a necessary condition for its check; the fingerprints are equal when the
/// checks' own readings are (numbers, links and tags compared as multisets).
struct TextScan: Sendable, Equatable {
  struct Flags: OptionSet, Sendable, Hashable {
    let rawValue: UInt16
    /// A digit of any script.
    static let digits = Flags(rawValue: 1 << 0)
    /// `://`, `www.`, `mailto:` or an `@` after a letter or digit.
    static let links = Flags(rawValue: 1 << 1)
    /// `<` followed by a letter or `/`, `](`, `**` or `__`.
    static let markup = Flags(rawValue: 1 << 2)
    /// A control, zero-width, bidi or other invisible character (see `InvisibleCharacter`).
    static let invisible = Flags(rawValue: 1 << 3)
    /// Two spaces in a row between other characters.
    static let doubleSpace = Flags(rawValue: 1 << 4)
    /// A word, then one space, then the same word.
    static let repeatedWord = Flags(rawValue: 1 << 5)
    /// Three dots in a row.
    static let threeDots = Flags(rawValue: 1 << 6)
    /// The value may be a stand-in (`TODO`, `N/A`, `xxx`, lorem ipsum…): see `PlaceholderText`.
    static let placeholder = Flags(rawValue: 1 << 7)
  }

  var flags: Flags = []
  /// The numbers (`NumberText`), summed as hashes: equal for the same numbers in any order.
  var numbers: UInt64 = 0
  /// What the value ends with (`EndPunctuation`).
  var end: EndPunctuation.Mark = .none

  /// Nothing found: what a value no check scans has.
  init() {}

  /// The kinds whose checks read a `TextScan`.
  static let kinds: [FindingKind] = [
    .placeholderText, .urlMismatch, .numberMismatch, .invisibleCharacter, .doubleSpace, .repeatedWord, .ellipsis,
    .punctuationMismatch, .markupMismatch,
  ]

  /// True when `options` report a kind whose check reads a `TextScan`.
  static func isNeeded(by options: CheckOptions) -> Bool {
    kinds.contains { options.reports($0) }
  }

  /// Scans `bytes` (well-formed UTF-8).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    let count = bytes.count
    guard count > 0 else { return }
    var flags: Flags = []
    var seenText = false
    // Where the current run of word bytes (see `RepeatedWord`) started; -1 outside one.
    var wordStart = -1
    var maybeRepeat = false
    var i = 0
    while i < count {
      let byte = bytes[i]
      if byte >= 0x80 {
        if wordStart < 0 { wordStart = i }
        seenText = true
        // Only a few lead bytes start an invisible character or another script's digit:
        // Cyrillic, Greek, Hebrew and CJK text is passed over without decoding.
        switch byte {
        case 0xC2, 0xD8, 0xD9, 0xDB, 0xDF, 0xE0, 0xE1, 0xE2, 0xEF:
          let length = byte >= 0xE0 ? 3 : 2
          guard i + length <= count else { break }
          var scalar = UInt32(byte) & (length == 2 ? 0x1F : 0x0F)
          for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
          if InvisibleCharacter.name(of: scalar) != nil { flags.insert(.invisible) }
          if NumberText.digitValue(scalar) != nil { flags.insert(.digits) }
          i += length
          continue
        default:
          // Any other scalar: its continuation bytes are passed over at once (the text is
          // well-formed UTF-8).
          i += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
          continue
        }
        i += 1
        continue
      }
      if Self.isAlphanumeric(byte) || byte == 0x27 || byte == 0x2D {
        if wordStart < 0 { wordStart = i }
        seenText = true
        if byte <= 0x39 && byte >= 0x30 { flags.insert(.digits) }
        // www.
        if byte == 0x77, i + 3 < count, bytes[i + 1] == 0x77, bytes[i + 2] == 0x77, bytes[i + 3] == 0x2E {
          flags.insert(.links)
        }
        i += 1
        continue
      }
      switch byte {
      case 0x20:
        if wordStart >= 0 && !maybeRepeat {
          // The next word may repeat this one: same length, same first and last byte.
          let length = i - wordStart
          let next = i + 1
          if next + length <= count, bytes[next] | 0x20 == bytes[wordStart] | 0x20,
            bytes[next + length - 1] | 0x20 == bytes[i - 1] | 0x20,
            next + length == count || !RepeatedWord.isWordByte(bytes[next + length])
          {
            maybeRepeat = true
          }
        }
        if seenText, i + 2 < count, bytes[i + 1] == 0x20 {
          var j = i + 1
          while j < count && bytes[j] == 0x20 { j += 1 }
          if j < count && bytes[j] > 0x20 { flags.insert(.doubleSpace) }
        }
      case 0x3A:  // :// and mailto:
        if i + 2 < count && bytes[i + 1] == 0x2F && bytes[i + 2] == 0x2F { flags.insert(.links) }
        if i >= 6 && bytes[i - 1] == 0x6F && bytes[i - 6] == 0x6D { flags.insert(.links) }
      case 0x40:  // @ after a letter or digit: an e-mail address
        if i > 0, Self.isAlphanumeric(bytes[i - 1]) { flags.insert(.links) }
      case 0x3C:  // <
        if i + 1 < count, Self.isLetter(bytes[i + 1]) || bytes[i + 1] == 0x2F { flags.insert(.markup) }
      case 0x5D:  // ](
        if i + 1 < count && bytes[i + 1] == 0x28 { flags.insert(.markup) }
      case 0x2A, 0x5F:  // ** __
        if i + 1 < count && bytes[i + 1] == byte { flags.insert(.markup) }
      case 0x2E:  // ...
        if i + 2 < count && bytes[i + 1] == 0x2E && bytes[i + 2] == 0x2E { flags.insert(.threeDots) }
      case 0x09, 0x0A, 0x0D:
        break
      case 0x00...0x1F, 0x7F:
        flags.insert(.invisible)
      default:
        break
      }
      wordStart = -1
      if byte != 0x20 { seenText = true }
      i += 1
    }
    if PlaceholderText.mayBePlaceholder(bytes) { flags.insert(.placeholder) }
    if flags.contains(.digits) { numbers = NumberText.fingerprint(bytes) }
    if maybeRepeat && RepeatedWord.firstRepeat(bytes) != nil { flags.insert(.repeatedWord) }
    self.flags = flags
    end = EndPunctuation.mark(bytes)
  }

  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }
}
