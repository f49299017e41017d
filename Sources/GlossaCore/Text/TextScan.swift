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
    /// A `%` (what `ValueBytes.holds` would otherwise be asked, when the scan runs anyway).
    static let percent = Flags(rawValue: 1 << 8)
    /// A `{`.
    static let brace = Flags(rawValue: 1 << 9)
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

  /// Scans `bytes` (well-formed UTF-8). Without `numbers`, `self.numbers` stays 0; without
  /// `end`, `self.end` stays `.none`: a translation's are compared only with a source that has
  /// numbers or end punctuation.
  init(_ bytes: UnsafeBufferPointer<UInt8>, numbers: Bool = true, end: Bool = true) {
    guard !bytes.isEmpty else { return }
    self = Self.byteClasses.withUnsafeBufferPointer { Self.scan(bytes, classes: $0, numbers: numbers, end: end) }
  }

  /// What `scan` does with a byte (`byteClasses`).
  private enum ByteClass {
    /// Part of a word and nothing else: an ASCII letter other than `w`, `'`, `-`, or a byte of
    /// a scalar no flag is about (Latin, Cyrillic, Greek, CJK… letters and their continuation
    /// bytes). Runs of these are passed over in a tight loop.
    static let word: UInt8 = 0
    /// An ASCII digit.
    static let digit: UInt8 = 1
    /// `w`: a word letter that may start `www.`.
    static let w: UInt8 = 2
    /// The lead byte of a scalar that may be invisible or another script's digit.
    static let telling: UInt8 = 3
    /// Any other ASCII byte: spaces, punctuation, controls.
    static let other: UInt8 = 4
  }

  /// Each byte's `ByteClass`.
  private static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
    switch byte {
    case 0x30...0x39: ByteClass.digit
    case 0x77: ByteClass.w
    case 0x41...0x5A, 0x61...0x7A, 0x27, 0x2D: ByteClass.word
    // Only these lead bytes start an invisible character or another script's digit: Cyrillic,
    // Greek, Hebrew and CJK text is passed over without decoding.
    case 0xC2, 0xD8, 0xD9, 0xDB, 0xDF, 0xE0, 0xE1, 0xE2, 0xEF: ByteClass.telling
    case 0x80...0xFF: ByteClass.word
    default: ByteClass.other
    }
  }

  /// The scan of `bytes` (not empty), reading each byte's class from `classes`.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, numbers readsNumbers: Bool,
    end readsEnd: Bool
  ) -> TextScan {
    let count = bytes.count
    var flags: Flags = []
    var seenText = false
    // Where the current run of word bytes (see `RepeatedWord`) started; -1 outside one.
    var wordStart = -1
    var maybeRepeat = false
    var i = 0
    while i < count {
      let byte = bytes[i]
      let byteClass = classes[Int(byte)]
      if byteClass != ByteClass.other {
        if wordStart < 0 { wordStart = i }
        seenText = true
        switch byteClass {
        case ByteClass.word:
          i += 1
          while i < count && classes[Int(bytes[i])] == ByteClass.word { i += 1 }
        case ByteClass.digit:
          flags.insert(.digits)
          i += 1
        case ByteClass.w:
          // www.
          if i + 3 < count, bytes[i + 1] == 0x77, bytes[i + 2] == 0x77, bytes[i + 3] == 0x2E {
            flags.insert(.links)
          }
          i += 1
        default:
          let length = byte >= 0xE0 ? 3 : 2
          guard i + length <= count else {
            i += 1
            continue
          }
          var scalar = UInt32(byte) & (length == 2 ? 0x1F : 0x0F)
          for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
          // Which blocks hold invisible characters and digits follows from the lead byte:
          // most scalars (an Arabic, Devanagari or Thai letter) are told apart by a compare.
          switch byte {
          case 0xC2, 0xD8, 0xE2:
            // U+0080–00BF, U+0600–063F, U+2000–2FFF: controls, the Arabic letter mark,
            // zero-width and bidi characters; no digits.
            if InvisibleCharacter.isInvisible(scalar) { flags.insert(.invisible) }
          case 0xE0:
            // U+0800–0FFF: the Indic, Thai, Lao and Tibetan digits sit at these offsets.
            let offset = scalar & 0x7F
            if offset >= 0x66 && offset <= 0x6F || offset >= 0x50 && offset <= 0x59 || offset >= 0x20 && offset <= 0x29,
              NumberText.digitValue(scalar) != nil
            {
              flags.insert(.digits)
            }
          case 0xD9:
            // U+0640–067F: the Arabic-Indic digits U+0660–0669.
            if bytes[i + 1] >= 0xA0 && bytes[i + 1] <= 0xA9 { flags.insert(.digits) }
          case 0xDB:
            // U+06C0–06FF: the extended Arabic-Indic (Persian, Urdu) digits U+06F0–06F9.
            if bytes[i + 1] >= 0xB0 && bytes[i + 1] <= 0xB9 { flags.insert(.digits) }
          case 0xDF:
            // U+07C0–07FF: the N'Ko digits U+07C0–07C9.
            if bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x89 { flags.insert(.digits) }
          default:
            // E1 (U+1000–1FFF) and EF (U+F000–FFFF): digits and invisible characters both.
            if NumberText.digitValue(scalar) != nil {
              flags.insert(.digits)
            } else if InvisibleCharacter.isInvisible(scalar) {
              flags.insert(.invisible)
            }
          }
          i += length
        }
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
      case 0x25:
        flags.insert(.percent)
      case 0x7B:
        flags.insert(.brace)
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
    var result = TextScan()
    if PlaceholderText.mayBePlaceholder(bytes) { flags.insert(.placeholder) }
    if readsNumbers && flags.contains(.digits) { result.numbers = NumberText.fingerprint(bytes) }
    if maybeRepeat && RepeatedWord.firstRepeat(bytes) != nil { flags.insert(.repeatedWord) }
    result.flags = flags
    if readsEnd { result.end = EndPunctuation.mark(bytes) }
    return result
  }

  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }
}
