import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `ValueBytes.holds`: one pass for two bytes answers as two searches do, wherever the bytes
/// fall in a word and whatever is next to them.
@Suite(.timeLimit(.minutes(10))) struct ValueBytesHoldsTests {
  @Test func answersAsTwoSearches() {
    var random = SplitMix(seed: 7)
    // Neighbours of `%` (0x25) and `{` (0x7B) in value, where a borrow would go wrong.
    let alphabet: [UInt8] = [0x24, 0x25, 0x26, 0x7A, 0x7B, 0x7C, 0x00, 0x01, 0x80, 0xFF, 0xA5, 0xFB]
    for _ in 0..<5_000 {
      let count = random.next(below: 40)
      let bytes = (0..<count).map { _ in
        random.next(below: 5) == 0 ? alphabet[random.next(below: alphabet.count)] : UInt8(0x61 + random.next(below: 26))
      }
      let answer = bytes.withUnsafeBufferPointer { ValueBytes.holds(0x25, 0x7B, in: $0) }
      #expect(answer == (bytes.contains(0x25), bytes.contains(0x7B)), "\(bytes)")
    }
    // A buffer with no storage at all, as an empty text's may be.
    #expect(ValueBytes.holds(0x25, 0x7B, in: UnsafeBufferPointer(start: nil, count: 0)) == (false, false))
  }
}
