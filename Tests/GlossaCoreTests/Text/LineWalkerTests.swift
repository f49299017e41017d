import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("LineWalker: lines and columns by one forward scan", .timeLimit(.minutes(10)))
struct LineWalkerTests {
  @Test(
    "every offset, asked in order, has the line and column TextPositions gives (LF, CRLF, lone CR, BOM, multi-byte)")
  func matchesTextPositions() {
    let samples: [[UInt8]] = [
      Array("a\nbc\r\nd\re\r\r\nfé日本\n\n".utf8),
      [0xEF, 0xBB, 0xBF] + Array("x\ny\r".utf8),
      Array("\r\n\r\n\r".utf8),
      Array("no carriage return: é\n\n日本語\nlast".utf8),
      [0xEF, 0xBB, 0xBF] + Array("\n\nx".utf8),
      [],
    ]
    var generator = SplitMix(seed: 7)
    let alphabet = Array("ab\n\r é日".utf8)
    var random: [[UInt8]] = []
    for _ in 0..<50 {
      random.append(
        (0..<Int.random(in: 0..<200, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 })
    }
    for bytes in samples + random {
      let bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let index = TextPositions(bytes, bodyStart: bodyStart)
      var walker = LineWalker(bytes, bodyStart: bodyStart)
      for offset in 0...(bytes.count + 1) {
        let expected = index.location(of: offset)
        let found = walker.location(of: offset)
        #expect(found == expected, "offset \(offset) of \(bytes)")
      }
      // Behind the scan: answered by the full index.
      #expect(walker.location(of: 0) == index.location(of: 0))
    }
  }

  @Test(
    "a walker started at a known place (another walker's line there) answers every later offset as TextPositions does")
  func startedAtAKnownPlace() {
    var generator = SplitMix(seed: 11)
    let alphabet = Array("ab\n\r é日".utf8)
    for round in 0..<200 {
      var bytes = (0..<Int.random(in: 0..<120, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x61
      }
      if round % 7 == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
      let bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      let index = TextPositions(bytes, bodyStart: bodyStart)
      let whole = LineWalker(bytes, bodyStart: bodyStart)
      let known = Int.random(in: 0...bytes.count, using: &generator)
      var walker = LineWalker(sameTextAs: whole, line: index.location(of: known).line, at: known)
      for offset in known...(bytes.count + 1) {
        #expect(walker.location(of: offset) == index.location(of: offset), "offset \(offset) from \(known) of \(bytes)")
      }
    }
    // A known place at the `\n` of a `\r\n`: that line break ends the line before.
    let crlf = Array("ab\r\ncd".utf8)
    var walker = LineWalker(sameTextAs: LineWalker(crlf), line: 1, at: 3)
    #expect(walker.location(of: 3) == TextPositions(crlf, bodyStart: 0).location(of: 3))
    #expect(walker.location(of: 5) == (2, 2))
  }

  @Test("lines asked alone between locations: a column after them counts from its line's start")
  func linesAloneBetweenLocations() {
    var generator = SplitMix(seed: 13)
    let alphabet = Array("ab\n\r é日\n".utf8)
    for round in 0..<300 {
      var bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x61
      }
      // Half the texts without a carriage return: those are read with memchr.
      if round % 2 == 0 { bytes.removeAll { $0 == 0x0D } }
      let index = TextPositions(bytes, bodyStart: 0)
      var walker = LineWalker(bytes, bodyStart: 0)
      var offset = 0
      while offset <= bytes.count + 1 {
        let expected = index.location(of: offset)
        if Bool.random(using: &generator) {
          #expect(walker.line(of: offset) == expected.line, "line of \(offset) in \(bytes)")
        } else {
          #expect(walker.location(of: offset) == expected, "offset \(offset) of \(bytes)")
        }
        offset += Int.random(in: 0...12, using: &generator)
      }
    }
  }

  @Test("offsets asked with gaps of many lines, in text without carriage returns (read a word a step)")
  func gapsOfLines() {
    var generator = SplitMix(seed: 11)
    let alphabet = Array("ab\n\n é日ü".utf8)
    for _ in 0..<300 {
      let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x61
      }
      let index = TextPositions(bytes, bodyStart: 0)
      var walker = LineWalker(bytes, bodyStart: 0)
      var offset = 0
      while offset <= bytes.count + 1 {
        #expect(walker.location(of: offset) == index.location(of: offset), "offset \(offset) of \(bytes)")
        offset += Int.random(in: 1...40, using: &generator)
      }
    }
  }
}

@Suite("LineWalker: a long way ahead, line feeds counted a word at a time", .timeLimit(.minutes(10)))
struct LineWalkerLongGapTests {
  @Test func countsLineFeedsExactlyWhateverTheBytesAround() {
    var generator = SplitMix(seed: 5)
    let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0x0A, 0x61, 0xFF, 0x00, 0x7F, 0x80]
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0..<100, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x0A
      }
      let counted = bytes.withUnsafeBufferPointer(LineWalker.lineFeeds(in:))
      #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
    }
  }

  @Test func aJumpOfManyShortLinesLandsOnTheLineAndColumnTextPositionsGives() {
    var generator = SplitMix(seed: 9)
    let alphabet = Array("  \"k\" : {\n é日\n".utf8)
    let bytes = (0..<(LineWalker.countedGap * 3)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
    let index = TextPositions(bytes, bodyStart: 0)
    var walker = LineWalker(bytes, bodyStart: 0)
    var offset = 3
    while offset <= bytes.count {
      #expect(walker.location(of: offset) == index.location(of: offset), "offset \(offset)")
      offset += Int.random(in: 1...(LineWalker.countedGap + 500), using: &generator)
    }
  }
}
