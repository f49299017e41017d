/// How many times a byte occurs in a buffer, eight bytes at a time: a file-sized count (the
/// `;` that sizes a `.strings` parse, the line feeds a long jump of `LineWalker` crosses) at a
/// few instructions per word rather than a compare and an overflow check per byte.
enum ByteCount {
  /// The number of bytes of `buffer` equal to `byte`.
  static func occurrences(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let pattern = repeated(byte)
    @inline(__always) func matches(at offset: Int) -> Int {
      Self.matches(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), pattern).nonzeroBitCount
    }
    var count = 0
    var i = 0
    while i + 32 <= buffer.count {
      count &+= matches(at: i) &+ matches(at: i + 8) &+ matches(at: i + 16) &+ matches(at: i + 24)
      i += 32
    }
    while i + 8 <= buffer.count {
      count &+= matches(at: i)
      i += 8
    }
    while i < buffer.count {
      if base[i] == byte { count &+= 1 }
      i += 1
    }
    return count
  }

  /// `byte` in each of a word's eight bytes: the pattern `matches` looks for.
  @inline(__always)
  static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// The high bit of each byte of `word` that equals the byte `pattern` repeats, exactly (so the
  /// lowest set bit of a little-endian load marks the first such byte). After the exclusive or
  /// a matching byte is zero; adding 0x7F to a byte's low seven bits carries into no other byte.
  @inline(__always)
  static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ pattern
    return ~(((x & low) &+ low) | x) & ~low
  }

  /// The number of bytes of `bytes` equal to `byte`.
  static func occurrences(of byte: UInt8, in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { occurrences(of: byte, in: $0) }
  }
}
