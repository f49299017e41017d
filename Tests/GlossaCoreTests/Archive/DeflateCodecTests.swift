import Foundation
import Testing

@testable import GlossaCore

@Suite("DeflateCodec", .timeLimit(.minutes(10)))
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

  /// Inflates through the archive reader (zlib straight into the entry's buffer; size and CRC-32 checked).
  static func inflate(_ compressed: Data, size: Int, crc: UInt32) throws -> Data {
    let entry = ZipArchive.Entry(
      path: "t", kind: .file, method: 8, crc: crc, compressedSize: UInt64(compressed.count),
      uncompressedSize: UInt64(size), central: 0..<0, local: 0..<0)
    return Data(try ZipArchive.extract(entry, from: compressed, budget: 1 << 30, limit: 1 << 30))
  }

  @Test("deflate then inflate gives the input back", arguments: [0, 1, 1000, 300_000])
  func roundTrip(size: Int) throws {
    let input = Self.sample(size)
    let (compressed, crc) = try DeflateCodec.deflate(input, name: "test")
    #expect(crc == DeflateCodec.crc32(input))
    if size >= 1000 { #expect(compressed.count < input.count / 2) }
    #expect(try Self.inflate(compressed, size: size, crc: crc) == input)
  }

  @Test("level 6 at memory level 8: the stream zlib gives for zip's defaults")
  func zipDefaults() throws {
    // zlib's raw deflate of "hello hello hello hello\n" at level 6, window 15, memory level 8.
    let (compressed, _) = try DeflateCodec.deflate(Data("hello hello hello hello\n".utf8), name: "test")
    #expect([UInt8](compressed) == [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x27, 0xB9, 0x00])
  }

  @Test("a stream fed in pieces equals one deflated whole")
  func streaming() throws {
    let input = Self.sample(700_000)
    let deflater = try Deflater(name: "test")
    var streamed = Data()
    var offset = 0
    while offset < input.count {
      let piece = input[offset..<min(offset + 65_536, input.count)]
      offset += piece.count
      try piece.withUnsafeBytes { bytes in
        try deflater.push(bytes, finish: offset == input.count) { streamed.append($0) }
      }
    }
    let (whole, crc) = try DeflateCodec.deflate(input, name: "test")
    #expect(streamed == whole)
    #expect(try Self.inflate(streamed, size: input.count, crc: crc) == input)
  }

  /// The problem the archive reader reports for a damaged stream.
  static func problem(_ compressed: Data, size: Int, crc: UInt32, budget: UInt64 = 1 << 30) -> String? {
    let entry = ZipArchive.Entry(
      path: "t", kind: .file, method: 8, crc: crc, compressedSize: UInt64(compressed.count),
      uncompressedSize: UInt64(size), central: 0..<0, local: 0..<0)
    do {
      _ = try ZipArchive.extract(entry, from: compressed, budget: budget, limit: budget)
      return nil
    } catch {
      return error.text
    }
  }

  @Test("a stream that ends early is truncated, garbage is invalid deflate data")
  func damagedStreams() throws {
    let input = Self.sample(50_000)
    let (compressed, crc) = try DeflateCodec.deflate(input, name: "test")
    #expect(
      Self.problem(compressed.prefix(compressed.count / 2), size: input.count, crc: crc)?.contains("truncated") == true)
    #expect(Self.problem(Data(), size: input.count, crc: crc)?.contains("truncated") == true)
    #expect(Self.problem(Data([0xFF, 0xFF, 0xFF, 0xFF]), size: 10, crc: 0)?.contains("invalid deflate data") == true)
  }

  @Test("a wrong declared size is reported with the real one, both smaller and larger")
  func wrongDeclaredSize() throws {
    let input = Self.sample(200_000)
    let (compressed, crc) = try DeflateCodec.deflate(input, name: "test")
    #expect(
      Self.problem(compressed, size: 1000, crc: crc) == "entry 't' is damaged (declared 1000 bytes, holds 200000)")
    #expect(
      Self.problem(compressed, size: 300_000, crc: crc) == "entry 't' is damaged (declared 300000 bytes, holds 200000)")
    #expect(Self.problem(compressed, size: 0, crc: crc) == "entry 't' is damaged (declared 0 bytes, holds 200000)")
  }

  @Test("inflating stops at the budget even when the declared size is small")
  func budget() throws {
    let input = Data(count: 5_000_000)
    let (compressed, crc) = try DeflateCodec.deflate(input, name: "test")
    #expect(
      Self.problem(compressed, size: 10, crc: crc, budget: 1_000_000)
        == "entry 't' inflates past the limit of 1000000 uncompressed bytes")
    #expect(Self.problem(compressed, size: input.count, crc: crc ^ 1)?.contains("CRC") == true)
  }

  @Test(
    "libdeflate, when the system has it, gives exactly what zlib gives, or nothing",
    .enabled(if: LibDeflate.shared != nil, "libdeflate is not installed (apt-get install libdeflate0)"))
  func libdeflateAgreesWithZlib() throws {
    let library = try #require(LibDeflate.shared)
    for size in [0, 1, 1000, 70_000, 300_000] {
      let input = Self.sample(size, seed: UInt64(size) + 1)
      let (compressed, crc) = try DeflateCodec.deflate(input, name: "test")
      let zlib = try DeflateCodec.zlibInflate(compressed, declared: UInt64(size), budget: 1 << 30)
      let fast = compressed.withUnsafeBytes { library.inflate($0, count: size) }
      #expect(fast == zlib.bytes && fast.map { Data($0) } == input)
      #expect(input.withUnsafeBytes { library.crc32($0, continuing: 0) } == crc)
      #expect(input.withUnsafeBytes { DeflateCodec.zlibCRC32($0) } == crc)
      // A declared size off by one either way, a cut stream and garbage: nothing, for zlib to explain.
      if size > 0 {
        #expect(compressed.withUnsafeBytes { library.inflate($0, count: size - 1) } == nil)
        #expect(compressed.withUnsafeBytes { library.inflate($0, count: size + 1) } == nil)
        let cut = compressed.prefix(compressed.count / 2)
        #expect(cut.withUnsafeBytes { library.inflate($0, count: size) } == nil)
      }
      let garbage = Data(repeating: 0xFF, count: 64)
      #expect(garbage.withUnsafeBytes { library.inflate($0, count: size) } == nil)
    }
  }

  /// A damaged stream (a dynamic block whose code-length repeat zlib rejects as "invalid bit
  /// length repeat") that libdeflate 1.14 inflates to 268 wrong bytes: found by a review that
  /// flipped bits in 200,000 streams.
  static let damagedStream: [UInt8] = [
    0x05, 0xC1, 0x5B, 0xAA, 0xC3, 0x20, 0x14, 0x05, 0xD0, 0x7F, 0x47, 0xB1, 0x39, 0x03, 0x90, 0x7A,
    0xA1, 0xA5, 0x25, 0x38, 0x8D, 0xFC, 0x1B, 0xD8, 0xA0, 0xF8, 0x08, 0xC4, 0x23, 0xEA, 0xEC, 0xEF,
    0x7A, 0x92, 0xB9, 0xAD, 0xFB, 0x09, 0x3C, 0xE4, 0x0C, 0x65, 0x10, 0x6D, 0xD4, 0x8B, 0x0F, 0xDC,
    0x0F, 0x33, 0x69, 0x44, 0xBF, 0x2B, 0xA1, 0x5C, 0x2A, 0x87, 0x91, 0xCC, 0x6D, 0xFF, 0xDE, 0x02,
    0x0F, 0x39, 0x03, 0x19, 0x44, 0x1B, 0xF5, 0xE2, 0x83, 0xBF, 0x37, 0x66, 0xD2, 0x88, 0x7E, 0x57,
    0x42, 0xB9, 0x54, 0x0E, 0x23, 0x99, 0xDB, 0xBA, 0x97, 0xC0, 0x43, 0xCE, 0x50, 0x06, 0xD1, 0x46,
    0xBD, 0xF8, 0xC0, 0xBD, 0x30, 0x93, 0x46, 0xF4, 0xBB, 0x12, 0xCA, 0xA5, 0x72, 0x18, 0xC9, 0xDC,
    0xD6, 0x7D, 0x04, 0x1E, 0x72, 0x86, 0x32, 0x88, 0x36, 0xEA, 0xC5, 0x07, 0xEE, 0x83, 0x99, 0x34,
    0xA2, 0xDF, 0x95, 0x50, 0x2E, 0x95, 0xC3, 0x48, 0xE6, 0xB6, 0xCE, 0x09, 0x3C, 0xE4, 0x0C, 0x65,
    0x10, 0x6D, 0xD4, 0x8B, 0x0F, 0x9C, 0xC3, 0x4C, 0x1A, 0xD1, 0xEF, 0x4A, 0x28, 0x97, 0xCA, 0x61,
    0x24, 0x73, 0xDB, 0xAF, 0xC0, 0x43, 0xCE, 0x50, 0x06, 0xD1, 0x46, 0xBD, 0xF9, 0xE0, 0x8B, 0x99,
    0x34, 0xA2, 0xDF, 0x95, 0x50, 0x2E, 0x95, 0xC3, 0xFC, 0x03,
  ]

  @Test("a stream libdeflate accepts but zlib rejects is reported as zlib says, not as a CRC mismatch")
  func damagedStreamIsClassifiedAsZlibDoes() throws {
    let compressed = Data(Self.damagedStream)
    #expect(throws: InflateFailure.self) {
      _ = try DeflateCodec.zlibInflate(compressed, declared: 268, budget: 1 << 30)
    }
    let problem = Self.problem(compressed, size: 268, crc: 0x1870_7D1E)
    #expect(problem?.contains("invalid deflate data") == true, "got \(problem ?? "nil")")
  }

  @Test("a CRC-32 continued over no bytes keeps its value")
  func crcOfNothing() {
    let empty = Data()
    #expect(empty.withUnsafeBytes { DeflateCodec.crc32($0, continuing: 0x1234_5678) } == 0x1234_5678)
  }
}
