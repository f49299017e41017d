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
    self = Self.withTables { TextScan(bytes, numbers: numbers, end: end, tables: $0) }
  }

  /// `init(bytes, numbers:, end:)` with the scan's tables already at hand (`withTables`): a walk
  /// over every key takes them once, where each scan took them, counting a reference to one
  /// array from every thread at once.
  init(_ bytes: UnsafeBufferPointer<UInt8>, numbers: Bool, end: Bool, tables: Tables) {
    guard !bytes.isEmpty else { return }
    self = Self.scan(bytes, tables: tables.buffer, numbers: numbers, end: end)
  }

  /// The scan's tables, valid during a `withTables` call.
  struct Tables {
    fileprivate let buffer: UnsafeBufferPointer<UInt8>
  }

  /// Calls `body` with the scan's tables.
  static func withTables<Result>(_ body: (Tables) -> Result) -> Result {
    tables.withUnsafeBufferPointer { body(Tables(buffer: $0)) }
  }

  /// What `scan` does with a byte (the first 256 entries of `tables`).
  private enum ByteClass {
    /// Part of a word and nothing else: an ASCII letter other than `w`, `'`, `-`, or a byte of
    /// a scalar no flag is about (Latin, Cyrillic, Greek, CJK… letters and their continuation
    /// bytes). Runs of these are passed over in a tight loop.
    static let word: UInt8 = 0
    /// An ASCII digit.
    static let digit: UInt8 = 1
    /// `w`: a word letter that may start `www.`.
    static let w: UInt8 = 2
    /// Any other ASCII byte: spaces, punctuation, controls.
    static let other: UInt8 = 3
    /// The lead byte of a scalar that may be invisible or another script's digit: `telling`
    /// plus the lead's place in `tellingLeads`.
    static let telling: UInt8 = 4
  }

  /// The lead bytes of the scalars that may be invisible or another script's digit, two-byte
  /// leads first: Cyrillic, Greek, Hebrew and CJK text is passed over without decoding.
  private static let tellingLeads: [UInt8] = [0xC2, 0xD8, 0xD9, 0xDB, 0xDF, 0xE0, 0xE1, 0xE2, 0xEF]

  /// Where `tables` holds the blocks: per telling lead (its place in `tellingLeads`), 64 entries
  /// by the low six bits of the second byte.
  private static let blocksOffset = 256
  /// Where `tables` holds the scalars of the three-byte blocks that have any: 64 entries a block,
  /// by the low six bits of the third byte.
  private static let scalarsOffset = 256 + 9 * 64

  /// Each byte's `ByteClass`, then the blocks of the telling leads, then the scalars of the
  /// three-byte blocks that hold a digit or an invisible character. A two-byte lead's block
  /// entry is its scalar's flags (`digits`, `invisible` or neither); a three-byte lead's is 0
  /// when no scalar of the block has one, else one more than the block's place among the
  /// scalars. So a letter of Arabic, Devanagari or Thai costs two lookups, and a digit or an
  /// invisible character is known without decoding its scalar.
  private static let tables: [UInt8] = {
    var classes = (0...255).map { (byte: Int) -> UInt8 in
      switch byte {
      case 0x30...0x39: ByteClass.digit
      case 0x77: ByteClass.w
      case 0x41...0x5A, 0x61...0x7A, 0x27, 0x2D, 0x80...0xFF: ByteClass.word
      default: ByteClass.other
      }
    }
    var blocks = [UInt8](repeating: 0, count: tellingLeads.count * 64)
    var scalars: [UInt8] = []
    for (place, lead) in tellingLeads.enumerated() {
      classes[Int(lead)] = ByteClass.telling + UInt8(place)
      for second in UInt32(0)..<64 {
        if lead < 0xE0 {
          blocks[place * 64 + Int(second)] = scalarFlags(UInt32(lead & 0x1F) << 6 | second)
        } else {
          let block = (UInt32(0)..<64).map { scalarFlags(UInt32(lead & 0x0F) << 12 | second << 6 | $0) }
          guard block.contains(where: { $0 != 0 }) else { continue }
          scalars += block
          blocks[place * 64 + Int(second)] = UInt8(scalars.count / 64)
        }
      }
    }
    return classes + blocks + scalars
  }()

  /// The flags a scalar sets by itself: `digits` for a digit of any script, `invisible` for an
  /// invisible character.
  static func scalarFlags(_ scalar: UInt32) -> UInt8 {
    var flags: Flags = []
    if NumberText.digitValue(scalar) != nil { flags.insert(.digits) }
    if InvisibleCharacter.isInvisible(scalar) { flags.insert(.invisible) }
    return UInt8(flags.rawValue)
  }

  /// The scan of `bytes` (not empty), reading each byte's class and each telling scalar's flags
  /// from `tables`.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, tables: UnsafeBufferPointer<UInt8>, numbers readsNumbers: Bool,
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
      var byte = bytes[i]
      var byteClass = tables[Int(byte)]
      if byteClass != ByteClass.other {
        if wordStart < 0 { wordStart = i }
        seenText = true
        // The run up to the next other byte.
        while true {
          if byteClass == ByteClass.word {
            i += 1
            while i < count && tables[Int(bytes[i])] == ByteClass.word { i += 1 }
          } else if byteClass == ByteClass.digit {
            flags.insert(.digits)
            i += 1
          } else if byteClass == ByteClass.w {
            // www.
            if i + 3 < count, bytes[i + 1] == 0x77, bytes[i + 2] == 0x77, bytes[i + 3] == 0x2E {
              flags.insert(.links)
            }
            i += 1
          } else {
            // A telling scalar, and those after it with the same lead (a word of Devanagari,
            // Thai or Arabic) without going back to the byte's class.
            let length = byte >= 0xE0 ? 3 : 2
            let blocks = blocksOffset + Int(byteClass - ByteClass.telling) * 64
            repeat {
              guard i + length <= count else {
                i += 1
                break
              }
              let block = tables[blocks + Int(bytes[i + 1] & 0x3F)]
              if block != 0 {
                let scalar =
                  length == 2 ? block : tables[scalarsOffset + (Int(block) - 1) * 64 + Int(bytes[i + 2] & 0x3F)]
                flags.formUnion(Flags(rawValue: UInt16(scalar)))
              }
              i += length
            } while i < count && bytes[i] == byte
          }
          guard i < count else { break }
          byte = bytes[i]
          byteClass = tables[Int(byte)]
          if byteClass == ByteClass.other {
            // One space between two words: the run goes on with the next word, after the
            // look at whether it repeats this one that the space below would take.
            guard byte == 0x20, i + 1 < count else { break }
            let nextClass = tables[Int(bytes[i + 1])]
            guard nextClass != ByteClass.other else { break }
            if !maybeRepeat { maybeRepeat = Self.mayRepeat(bytes, wordStart: wordStart, space: i) }
            i += 1
            wordStart = i
            byte = bytes[i]
            byteClass = nextClass
          }
        }
        guard i < count else { break }
      }
      if byte == 0x20 {
        if wordStart >= 0 && !maybeRepeat { maybeRepeat = Self.mayRepeat(bytes, wordStart: wordStart, space: i) }
        if seenText, i + 2 < count, bytes[i + 1] == 0x20 {
          var j = i + 1
          while j < count && bytes[j] == 0x20 { j += 1 }
          if j < count && bytes[j] > 0x20 { flags.insert(.doubleSpace) }
        }
      } else {
        switch byte {
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
        seenText = true
      }
      wordStart = -1
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

  /// True when the word after the space at `space` may repeat the one from `wordStart` to it:
  /// same length, same first and last byte (ASCII letters in any case), then no word byte.
  @inline(__always)
  private static func mayRepeat(_ bytes: UnsafeBufferPointer<UInt8>, wordStart: Int, space: Int) -> Bool {
    let length = space - wordStart
    let next = space + 1
    return next + length <= bytes.count && bytes[next] | 0x20 == bytes[wordStart] | 0x20
      && bytes[next + length - 1] | 0x20 == bytes[space - 1] | 0x20
      && (next + length == bytes.count || !RepeatedWord.isWordByte(bytes[next + length]))
  }

  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
  static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }
}
