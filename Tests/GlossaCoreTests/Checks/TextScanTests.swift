import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `TextScan` is what a key's shape asks before the translation-quality checks run: each flag
/// must be set whenever its check's own reading finds something, or findings are lost.
@Suite(.timeLimit(.minutes(10))) struct TextScanTests {
  static let fragments = [
    "the", "The", "the ", " ", "  ", "%@", "%1$@", "%d", "%lld", "1,000", "1 000", "١٬٠٠٠", "۱۲", "１２", "3", "2.5",
    "https://example.com/a", "www.example.org", "mailto:a@b.co", "me@example.com", "@x@y.z", "...", "…", "TODO",
    "N/A", "xxx", "???", "-", "—", "\u{200B}", "\u{200F}", "\u{0C}", "\u{202F}", "\u{00A0}", "é", "ملف", "ファイル",
    "файл", "bye-bye", "it's", "<b>", "](", "**", ":", "?", "。", "\t", "\n", "Lorem ipsum", "a", "A",
    // Scripts whose letters share lead bytes with digits or invisible characters.
    "फ़ाइल", "१२", "ไฟล์", "๓", "ߊ", "߂", "\u{061C}", "\u{FEFF}", "\u{180E}", "\u{2066}", "\u{1041}", "%", "{", "ก",
    "www.", "ﾌｧｲﾙ", "١", "ي", "۵", "ە",
  ]

  @Test func flagsCoverWhatTheChecksFind() {
    var generator = SplitMix(seed: 34)
    for _ in 0..<4000 {
      let count = Int(generator.next() % 7) + 1
      let value = (0..<count).map { _ in Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))] }
        .joined(separator: generator.next() % 3 == 0 ? "" : " ")
      var copy = value
      copy.withUTF8 { bytes in
        let scan = TextScan(bytes)
        if RepeatedWord.firstRepeat(bytes) != nil { #expect(scan.flags.contains(.repeatedWord), "\(value)") }
        if Ellipsis.hasThreeDots(bytes) { #expect(scan.flags.contains(.threeDots), "\(value)") }
        if PlaceholderText.standIn(bytes) != nil { #expect(scan.flags.contains(.placeholder), "\(value)") }
        if !NumberText.numbers(bytes).isEmpty { #expect(scan.numbers != 0, "\(value)") }
        let text = String(decoding: bytes, as: UTF8.self)
        if !LinkText.links(text).isEmpty { #expect(scan.flags.contains(.links), "\(value)") }
        if text.unicodeScalars.contains(where: { InvisibleCharacter.name(of: $0.value) != nil }) {
          #expect(scan.flags.contains(.invisible), "\(value)")
        }
        if text.unicodeScalars.contains(where: { NumberText.digitValue($0.value) != nil }) {
          #expect(scan.flags.contains(.digits), "\(value)")
        }
        #expect(scan.flags.contains(.percent) == bytes.contains(0x25), "\(value)")
        #expect(scan.flags.contains(.brace) == bytes.contains(0x7B), "\(value)")
        // Numbers and end punctuation are read only when asked for.
        let bare = TextScan(bytes, numbers: false, end: false)
        #expect(bare.numbers == 0 && bare.end == .none && bare.flags == scan.flags, "\(value)")
      }
    }
  }

  /// The scan reads each telling scalar's flags from a table and passes over runs of word bytes:
  /// it must set exactly the flags the byte-at-a-time scan sets (`TextScanReference`), whatever
  /// the script and wherever a scalar falls against an eight-byte word.
  @Test func matchesTheByteAtATimeScan() {
    let more = [
      "👍🏽", "🇩🇪", "😀", "\u{1F600}\u{200D}", "汉字", "中文。", "한국어", "ελληνικά;", "עברית", "ქართული", "አማርኛ",
      "မြန်မာ", "၁၂", "ខ្មែរ", "១២", "\u{17B4}", "᠑", "ລາວ", "໒", "༢", "ශ්‍රී", "ꯁ", "\u{0600}", "؟", "۔", "،", "\u{0085}",
      "\u{009F}", "\u{00A0}", "ß", "ñ", "w", "W", "ww", "www", "mailto:", "<a>", "</b>", "__", "[x](y)",
    ]
    let fragments = Self.fragments + more
    var generator = SplitMix(seed: 3434)
    var values = [String]()
    for _ in 0..<6000 {
      let count = Int(generator.next() % 9) + 1
      let separator = ["", " ", "  ", "\n"][Int(generator.next() % 4)]
      values.append(
        (0..<count).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined(separator: separator)
      )
    }
    for value in values {
      // Every alignment of the value against an eight-byte word.
      for padding in 0..<8 {
        let padded = String(repeating: "a", count: padding) + value
        var copy = padded
        copy.withUTF8 { bytes in
          for (numbers, end) in [(true, true), (false, false), (true, false)] {
            let scan = TextScan(bytes, numbers: numbers, end: end)
            let expected = TextScanReference.scan(bytes, numbers: numbers, end: end)
            #expect(scan == expected, "\(padded.debugDescription)")
          }
        }
      }
    }
  }

  /// Every scalar of the first three planes' sample, alone, after 0–8 letters (so its bytes
  /// straddle an eight-byte word), before a digit and at the very end: the same flags.
  @Test func everyScalarMatchesTheByteAtATimeScan() {
    var scalars = Array(UInt32(0)..<0xD800) + Array(UInt32(0xE000)...0xFFFF)
    scalars += stride(from: UInt32(0x10000), through: 0x10FFFF, by: 97) + [0x1F600, 0x1F44D, 0x1F3FD, 0xE0001]
    for value in scalars {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      for context in ["", "abcdefg", "ab ", "abcdefgh"] {
        for value in [context + text, context + text + "1", context + text + text + " x"] {
          var copy = value
          copy.withUTF8 { bytes in
            if TextScan(bytes).flags != TextScanReference.scan(bytes).flags {
              Issue.record("U+\(String(scalar.value, radix: 16)) in \(value.debugDescription)")
            }
          }
        }
      }
    }
  }

  /// Planted cases in Latin, CJK, Arabic, Indic and emoji text, and scalars straddling an
  /// eight-byte word.
  @Test func plantedCasesInEveryScript() {
    func flags(_ value: String) -> TextScan.Flags {
      var copy = value
      return copy.withUTF8 { TextScan($0).flags }
    }
    #expect(flags("Open the the file").contains(.repeatedWord))
    #expect(!flags("Open the file").contains(.repeatedWord))
    #expect(flags("Two  spaces").contains(.doubleSpace))
    #expect(flags("ファイル１２個") == [.digits])
    #expect(flags("ファイルを開く") == [])
    #expect(flags("中文。汉字汉字汉字") == [])
    #expect(flags("ملف ١٢") == [.digits])
    #expect(flags("ملف جديد") == [])
    #expect(flags("ملف\u{061C}جديد") == [.invisible])
    #expect(flags("फ़ाइल १२") == [.digits])
    #expect(flags("फ़ाइल खोलें") == [])
    #expect(flags("ไฟล์ ๓") == [.digits])
    #expect(flags("👍🏽 Great 🇩🇪") == [])
    #expect(flags("👍🏽  Great") == [.doubleSpace])
    #expect(flags("😀\u{200B}😀") == [.invisible])
    // A digit or an invisible character whose bytes straddle the eight-byte word: 7 letters,
    // then a three-byte scalar (bytes 7–9); 6 letters, then a two-byte one (bytes 6–7, 7–8).
    #expect(flags("abcdefg१") == [.digits])
    #expect(flags("abcdefg\u{FEFF}x") == [.invisible])
    #expect(flags("abcdef١") == [.digits])
    #expect(flags("abcdefg١") == [.digits])
    #expect(flags("abcdefgh١") == [.digits])
    #expect(flags("abcdefg\u{0085}") == [.invisible])
    // A letter of a telling block ending the value, after a Latin run of eight bytes.
    #expect(flags("abcdefghफ") == [])
    #expect(flags("abcdefghijklmnopqrstuvxyz१") == [.digits])
    #expect(flags("abcdefghijklmnopqrstuvxyzwww.x") == [.links])
    #expect(flags("www.example.com") == [.links])
    #expect(flags("abcdwww.x") == [.links])
  }

  @Test func digitsAndInvisibleCharactersAreKnownForEveryScalar() {
    for value in UInt32(0)...0x10FFFF {
      let block = NumberText.digitBlocks.first { value >= $0 && value < $0 + 10 }
      let expected: UInt8? = value >= 0x30 && value <= 0x39 ? UInt8(value - 0x30) : block.map { UInt8(value - $0) }
      if NumberText.digitValue(value) != expected { Issue.record("digit U+\(String(value, radix: 16))") }
      if InvisibleCharacter.isInvisible(value) != (InvisibleCharacter.name(of: value) != nil) {
        Issue.record("invisible U+\(String(value, radix: 16))")
      }
    }
  }

  @Test func numbersAreTheSameInAnyScriptAndGrouping() {
    func numbers(_ s: String) -> [String] { NumberText.numbers(s) }
    #expect(numbers("1,000 and 1 000 and 1.000 and ١٬٠٠٠ and ۱۰۰۰ and １０００") == Array(repeating: "1000", count: 6))
    #expect(numbers("%1$@ of %.2f: 30") == ["30"])
    #expect(numbers("between 1 and 2") == ["1", "2"])
  }
}
