import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("ByteCount: a byte counted eight at a time", .timeLimit(.minutes(10)))
struct ByteCountTests {
  @Test(arguments: [UInt8(0x0A), 0x3B, 0x00, 0x7F, 0x80, 0xFF])
  func countsEveryOccurrenceWhateverTheBytesAroundAndTheLength(byte: UInt8) {
    var generator = SplitMix(seed: UInt64(byte) + 1)
    // Neighbours that differ from the byte in one bit, in the high bit, or not at all, at
    // every length across the 32-, 8- and 1-byte steps and every alignment of the start.
    let alphabet: [UInt8] = [byte, byte ^ 0x01, byte ^ 0x80, byte &+ 0x7F, 0x00, 0xFF, 0x7F, 0x80, byte]
    for length in 0..<90 {
      let bytes = (0..<(length + 7)).map { _ in alphabet.randomElement(using: &generator) ?? byte }
      for start in 0..<8 where start <= bytes.count - length {
        let slice = Array(bytes[start..<(start + length)])
        let counted = bytes.withUnsafeBufferPointer {
          ByteCount.occurrences(of: byte, in: UnsafeBufferPointer(rebasing: $0[start..<(start + length)]))
        }
        #expect(counted == slice.filter { $0 == byte }.count, "\(slice)")
      }
    }
  }

  @Test func countsAWholeArrayAndNothingInAnEmptyOne() {
    #expect(ByteCount.occurrences(of: 0x3B, in: Array(repeating: 0x3B, count: 1000)) == 1000)
    #expect(ByteCount.occurrences(of: 0x3B, in: [UInt8]()) == 0)
    #expect(ByteCount.occurrences(of: 0x3B, in: Array("\"a\" = \"b;c\";\n\"d\" = \"e\";".utf8)) == 3)
  }
}
