import Testing

@testable import GlossaCore

/// A text of `DecodedText.parallelBytes` or more is validated in two halves on two cores: the
/// answer must be the one-thread answer wherever a bad byte is, the split included.
@Suite(.timeLimit(.minutes(10))) struct ParallelValidationTests {
  static func text(bytes: Int) -> [UInt8] {
    // Two-, three- and four-byte sequences, so that the middle can fall inside any of them.
    let unit = Array("aé€😀".utf8)
    return Array((0..<(bytes / unit.count + 1)).flatMap { _ in unit }.prefix(bytes / unit.count * unit.count))
  }

  static func oneThread(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(DecodedText.isValidUTF8) }

  @Test func aValidTextIsValidWhereverTheMiddleFalls() {
    // Shifted by 0 to 9 ASCII bytes, the middle falls at every byte of every sequence length.
    let base = Self.text(bytes: DecodedText.parallelBytes + 1000)
    for shift in 0..<10 {
      let text = Array(repeating: UInt8(ascii: "x"), count: shift) + base
      let valid = DecodedText.isValidUTF8(text)
      #expect(valid, "shift \(shift)")
    }
  }

  @Test func halvesAnswerAsOneThreadDoes() {
    let valid = Self.text(bytes: DecodedText.parallelBytes + 1000)
    #expect(DecodedText.isValidUTF8(valid) && Self.oneThread(valid))
    let middle = valid.count / 2
    // A bad byte around the split, at both ends, and a sequence cut short at the end.
    for offset in [
      0, 1, middle - 4, middle - 3, middle - 2, middle - 1, middle, middle + 1, middle + 2, middle + 3,
      middle + 7, valid.count - 1,
    ] {
      for bad: UInt8 in [0x80, 0xFF, 0xC0, 0xE2] {
        var bytes = valid
        bytes[offset] = bad
        let (halves, one) = (DecodedText.isValidUTF8(bytes), Self.oneThread(bytes))
        #expect(halves == one, "\(offset) \(bad)")
      }
    }
    // Four continuation bytes in a row at the middle: invalid wherever the split lands.
    var run = valid
    for k in 0..<4 { run[middle + k] = 0x80 }
    let runValid = DecodedText.isValidUTF8(run)
    #expect(!runValid)
  }
}
