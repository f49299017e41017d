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
