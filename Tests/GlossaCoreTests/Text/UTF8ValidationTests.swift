import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// The fast UTF-8 check agrees with the standard library's validation, byte sequence by sequence.
struct UTF8ValidationTests {
  private func stdlibAccepts(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil
  }

  @Test func everyShortSequenceAfterASCIIIsJudgedAlike() {
    // Every lead byte with interesting second bytes, then a continuation or not, at different
    // offsets from an 8-byte boundary.
    let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    let thirds: [UInt8] = [0x80, 0xBF, 0x41, 0xC0]
    var checked = 0
    for prefix in 0..<9 {
      for lead in UInt8(0)...0xFF {
        for second in seconds {
          for third in thirds {
            for fourth in [UInt8(0x80), 0x41] {
              let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + [lead, second, third, fourth]
              #expect(DecodedText.isValidUTF8(bytes) == stdlibAccepts(bytes), "\(bytes)")
              let cut = Array(bytes.dropLast(2))
              #expect(DecodedText.isValidUTF8(cut) == stdlibAccepts(cut), "\(cut)")
              checked += 2
            }
          }
        }
      }
    }
    #expect(checked > 100_000)
  }

  @Test func longRandomMixesAcrossWordAndStretchBoundariesAreJudgedAlike() {
    // Valid pieces of every length with a few broken ones mixed in, long enough to cross the
    // eight-byte word tests and the automaton's sixteen-byte stretches at every offset.
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("ab c".utf8), Array("é".utf8), Array("Привет".utf8), Array("日本".utf8),
      Array("🙂".utf8), Array("\u{10FFFF}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
      [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF],
      [0xF0, 0x8F, 0xBF, 0xBF],
    ]
    var generator = SplitMix(seed: 17)
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<24, using: &generator) {
        let piece = Int.random(in: 0..<100, using: &generator)
        bytes += pieces[piece < 94 ? piece % 9 : 9 + piece % 7]
      }
      #expect(DecodedText.isValidUTF8(bytes) == stdlibAccepts(bytes), "\(bytes)")
    }
  }

  @Test func realTextInManyScriptsIsValid() {
    let text = "Grüß Gott — Привет мир — こんにちは — 안녕하세요 — नमस्ते — 🙂👍🏽 — \u{10FFFF}"
    #expect(DecodedText.isValidUTF8(Array(text.utf8)))
    #expect(!DecodedText.isValidUTF8(Array(text.utf8) + [0xED, 0xA0, 0x80]))  // a surrogate
    #expect(!DecodedText.isValidUTF8([0xF4, 0x90, 0x80, 0x80]))  // past U+10FFFF
    #expect(!DecodedText.isValidUTF8([0xC1, 0xBF]))  // overlong
  }

  @Test func utf16TranscodingMatchesFoundationAndPlacesBadUnits() throws {
    let text = "a=b;\nГрюß = こんにちは 🙂𝄞;\n"
    var data = Data([0xFF, 0xFE])
    data.append(text.data(using: .utf16LittleEndian)!)
    #expect(try DecodedText.decode(data).utf8 == Array(text.utf8))
    // A lone low surrogate on line 2 after two scalars.
    var bad = Data([0xFF, 0xFE])
    bad.append("x\nab".data(using: .utf16LittleEndian)!)
    bad.append(contentsOf: [0x00, 0xDC, 0x41, 0x00])
    #expect(throws: TextDecodingError.self) { try DecodedText.decode(bad) }
    do {
      _ = try DecodedText.decode(bad)
    } catch {
      #expect(error.line == 2)
      #expect(error.column == 3)
      #expect(error.message.hasPrefix("unpaired UTF-16 low surrogate 0xDC00"))
    }
  }
}
