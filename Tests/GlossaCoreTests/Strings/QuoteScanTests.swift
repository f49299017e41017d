import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `StringsParser.quoteOrBackslash`: the word-at-a-time scan for a literal's end finds what a
/// byte loop finds, wherever the byte falls in a word and whatever bytes surround it.
@Suite(.timeLimit(.minutes(10))) struct QuoteScanTests {
  static func byteLoop(_ bytes: [UInt8], from: Int, quote: UInt8) -> Int {
    var k = from
    while k < bytes.count && bytes[k] != quote && bytes[k] != 0x5C { k += 1 }
    return min(k, bytes.count)
  }

  @Test func findsWhatAByteLoopFinds() {
    var random = SplitMix(seed: 42)
    // Bytes that sit next to the sought ones in value (a borrow across a byte is what such a
    // scan gets wrong), UTF-8 lead and continuation bytes, and the two sought.
    let alphabet: [UInt8] = [
      0x21, 0x22, 0x23, 0x26, 0x27, 0x28, 0x5B, 0x5C, 0x5D, 0x00, 0x01, 0x80, 0xA2, 0xDC, 0xE2, 0xFF,
    ]
    for _ in 0..<5_000 {
      let count = random.next(below: 40)
      let bytes = (0..<count).map { _ in
        random.next(below: 4) == 0 ? alphabet[random.next(below: alphabet.count)] : UInt8(0x61 + random.next(below: 26))
      }
      let from = random.next(below: count + 3)
      for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
        let found = bytes.withUnsafeBufferPointer { buffer in
          StringsParser.quoteOrBackslash(
            buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, from: from, count: buffer.count, quote: quote)
        }
        #expect(found == Self.byteLoop(bytes, from: from, quote: quote), "\(bytes) from \(from)")
      }
    }
  }

  @Test func aLiteralEndingInABackslashAtTheEndIsUnterminated() {
    for text in ["\"k\" = \"abc\\", "\"k\" = \"abc\\\"", "\"abc\\"] {
      let document = StringsDocument(data: Data(text.utf8), file: "t.strings")
      #expect(document.diagnostics.contains { $0.message.contains("unterminated string") }, "\(text.debugDescription)")
    }
  }

  @Test func literalsWithEscapesAtEveryOffsetParse() {
    for prefix in 0..<20 {
      let filler = String(repeating: "x", count: prefix)
      let text = "\"k\(filler)\\\"q\" = \"v\(filler)\\\\\";\n\"k2\" = \"\(filler)\";\n"
      let document = StringsDocument(data: Data(text.utf8), file: "t.strings")
      #expect(document.diagnostics.isEmpty, "\(prefix)")
      #expect(document.entries.map(\.key) == ["k\(filler)\"q", "k2"], "\(prefix)")
      #expect(document.entries.first?.value == "v\(filler)\\", "\(prefix)")
    }
  }
}
