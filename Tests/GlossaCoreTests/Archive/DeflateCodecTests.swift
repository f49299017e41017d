import Foundation
import Testing

@testable import GlossaCore

@Suite("DeflateCodec")
struct DeflateCodecTests {
  /// Pseudo-random text with repeats, so it compresses but not trivially.
  static func sample(_ count: Int, seed: UInt64 = 7) -> Data {
    var state = seed
    let words = ["Grüß", "dich", "\"key.%d\"", " = ", "こんにちは", ";\n", "/* note */", "value"]
    var out = Data()
    while out.count < count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      out.append(contentsOf: Array(words[Int(state >> 61)].utf8))
    }
    return out.prefix(count)
  }

  @Test("CRC-32 matches the standard check value and continues across pieces")
  func crc() {
    let check = Data("123456789".utf8)
    #expect(DeflateCodec.crc32(check) == 0xCBF4_3926)
    let whole = DeflateCodec.crc32(Self.sample(100_000))
    let first = Self.sample(100_000).prefix(40_000)
    let rest = Self.sample(100_000).dropFirst(40_000)
    let pieces = rest.withUnsafeBytes { tail in
      first.withUnsafeBytes { head in DeflateCodec.crc32(tail, continuing: DeflateCodec.crc32(head)) }
    }
    #expect(pieces == whole)
    #expect(DeflateCodec.crc32(Data()) == 0)
  }

  @Test("deflate then inflate gives the input back", arguments: [0, 1, 1000, 300_000])
  func roundTrip(size: Int) throws {
    let input = Self.sample(size)
    let (compressed, crc) = try DeflateCodec.deflate(input)
    #expect(crc == DeflateCodec.crc32(input))
    if size >= 1000 { #expect(compressed.count < input.count / 2) }
    let output = try DeflateCodec.inflate(compressed, expected: size, budget: 1 << 30)
    #expect(output == input)
  }

  @Test("a wrong declared size does not matter; the budget does")
  func budget() throws {
    let input = Self.sample(200_000)
    let (compressed, _) = try DeflateCodec.deflate(input)
    #expect(try DeflateCodec.inflate(compressed, expected: 10, budget: 1 << 30) == input)
    #expect(throws: DeflateCodec.InflateFailure.tooLarge) {
      try DeflateCodec.inflate(compressed, expected: 10, budget: 150_000)
    }
    #expect(try DeflateCodec.inflate(compressed, expected: 0, budget: 200_000) == input, "exactly the budget is fine")
  }

  @Test("truncated, trailing and garbage data are refused")
  func corrupt() throws {
    let (compressed, _) = try DeflateCodec.deflate(Self.sample(50_000))
    #expect(throws: DeflateCodec.InflateFailure.corrupt) {
      try DeflateCodec.inflate(compressed.prefix(compressed.count - 5), expected: 50_000, budget: 1 << 30)
    }
    #expect(throws: DeflateCodec.InflateFailure.corrupt) {
      try DeflateCodec.inflate(compressed + Data([1, 2, 3]), expected: 50_000, budget: 1 << 30)
    }
    #expect(throws: DeflateCodec.InflateFailure.corrupt) {
      try DeflateCodec.inflate(Data([0xFF, 0xFF, 0xFF, 0xFF]), expected: 10, budget: 1 << 30)
    }
    #expect(throws: DeflateCodec.InflateFailure.corrupt) {
      try DeflateCodec.inflate(Data(), expected: 0, budget: 1 << 30)
    }
  }

  @Test("a stream fed in pieces equals one deflated whole")
  func streaming() throws {
    let input = Self.sample(700_000)
    let deflater = try Deflater()
    var streamed = Data()
    var offset = 0
    while offset < input.count {
      let piece = input[offset..<min(offset + 65_536, input.count)]
      offset += piece.count
      try piece.withUnsafeBytes { bytes in
        try deflater.push(bytes, finish: offset == input.count) { streamed.append($0) }
      }
    }
    #expect(streamed == (try DeflateCodec.deflate(input)).compressed)
    #expect(try DeflateCodec.inflate(streamed, expected: input.count, budget: 1 << 30) == input)
  }
}
