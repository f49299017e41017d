/// A fast, seeded hash of ASCII bytes, for the open-addressing key tables (`SeenKeys`,
/// `KeyTable`): nearly every key is ASCII, and ASCII bytes are equal exactly when the strings are.
enum ASCIIHash {
  /// Random per process, so that a file cannot be written to make its keys collide.
  static let seed = UInt64.random(in: 1...UInt64.max)

  /// A hash of ASCII bytes, or nil when a byte is not ASCII.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    let (hash, high) = hashAndHighBits(bytes)
    return high & 0x8080_8080_8080_8080 == 0 ? hash : nil
  }

  /// The same hash of any bytes, ASCII or not: eight bytes a step, where a byte at a time
  /// (FNV) cost a multiplication per byte.
  static func hash(anyBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { hashAndHighBits(bytes).hash }

  /// The hash of `bytes` and the bits set in any of them (a byte's high bit: not ASCII).
  @inline(__always)
  private static func hashAndHighBits(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, high: UInt64) {
    var hash = seed ^ UInt64(bytes.count)
    var high: UInt64 = 0
    var i = 0
    let raw = UnsafeRawBufferPointer(bytes)
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      high |= word
      hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      hash = hash << 31 | hash >> 33
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < bytes.count {
      tail |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    high |= tail
    // MurmurHash3's finalizer: every input bit reaches the low bits the table indexes by.
    hash ^= tail
    hash = (hash ^ hash >> 33) &* 0xFF51_AFD7_ED55_8CCD
    hash = (hash ^ hash >> 33) &* 0xC4CE_B9FE_1A85_EC53
    return (hash ^ hash >> 33, high)
  }
}
