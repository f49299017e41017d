import Foundation
import Testing

@testable import GlossaCore

/// The shortcuts the checks take on the common path must never hide a finding.
@Suite struct CheckFastPathTests {
  @Test func columnBoundIsNeverBelowTheDisplayWidth() {
    var checked = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      let width = DisplayWidth.columns(of: text)
      if width > Overlong.columnBound(text) {
        Issue.record("U+\(String(value, radix: 16)) is \(width) columns, bound \(Overlong.columnBound(text))")
        return
      }
      checked += 1
    }
    #expect(checked > 1_000_000)
    for text in ["🇩🇪🇫🇷", "👩‍👩‍👧", "#️⃣", "☺︎", "❤️", "e\u{301}", "\r\n", "한국어", "ｆｕｌｌ", "नमस्ते", "ำ"] {
      #expect(DisplayWidth.columns(of: text) <= Overlong.columnBound(text), "\(text)")
    }
  }

  @Test func visibleASCIIEdgesMeanNoWhitespaceAtTheEdges() {
    for text in ["a", "ab c", "%@", "x\u{301}", "\u{301}x"] where WhitespaceMismatch.hasVisibleASCIIEdges(text) {
      #expect(text.first.map { !$0.isWhitespace } ?? false)
      #expect(text.last.map { !$0.isWhitespace } ?? false)
    }
    for text in ["", " a", "a ", "a\n", "\u{A0}a", "a\u{2028}", "\ta", "é"] {
      #expect(!WhitespaceMismatch.hasVisibleASCIIEdges(text), "\(text)")
    }
  }

  @Test func crc32MatchesTheReference() {
    #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Data()) == 0)
    var generator = SystemRandomNumberGenerator()
    for count in [1, 7, 8, 9, 63, 64, 65, 1000, 4097] {
      let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
      var reference: UInt32 = 0xFFFF_FFFF
      for byte in data {
        reference ^= UInt32(byte)
        for _ in 0..<8 { reference = reference & 1 != 0 ? 0xEDB8_8320 ^ (reference >> 1) : reference >> 1 }
      }
      #expect(CRC32.checksum(data) == reference ^ 0xFFFF_FFFF, "\(count) bytes")
    }
  }

  @Test func sourceFactsMatchWhatTheChecksWouldMeasure() {
    let entry = Entry(key: "k", value: "Délai %1$@ — 日本", comment: "Max-Length = 12", line: 1)
    let record = KeyRecord(key: "k", entry: entry, families: [], file: "en.lproj/L.strings")
    let facts = SourceFacts(record: record, key: "k", options: CheckOptions())
    #expect(facts.width == DisplayWidth.columns(of: entry.value))
    #expect(facts.hasPercent)
    #expect(facts.signature == FormatSignature(entry.value))
    #expect(facts.limit == 12)
    let configured = SourceFacts(
      record: nil, key: "title.short", options: CheckOptions(maxLength: [MaxLengthRule(pattern: "*.short", limit: 5)]))
    #expect(configured.limit == 5 && configured.width == nil && !configured.hasPercent)
  }
}
