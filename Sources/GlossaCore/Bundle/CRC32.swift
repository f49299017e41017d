import Foundation

/// CRC-32 (IEEE 802.3, as zip uses it), eight bytes per step ("slicing by 8").
enum CRC32 {
  /// The checksum of `data`.
  static func checksum(_ data: Data) -> UInt32 {
    data.withUnsafeBytes { raw in checksum(raw.bindMemory(to: UInt8.self)) }
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    let count = bytes.count
    var i = 0
    tables.withUnsafeBufferPointer { t in
      while i + 8 <= count {
        let one = crc ^ (UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        let two = UInt32(bytes[i + 4]) | UInt32(bytes[i + 5]) << 8 | UInt32(bytes[i + 6]) << 16 | UInt32(bytes[i + 7]) << 24
        crc =
          t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
          ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
          ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
          ^ t[1 * 256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
        i += 8
      }
      while i < count {
        crc = t[Int((crc ^ UInt32(bytes[i])) & 0xFF)] ^ (crc >> 8)
        i += 1
      }
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// Eight 256-entry tables: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k` zeros.
  private static let tables: [UInt32] = {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      t[n] = c
    }
    for n in 0..<256 {
      for k in 1..<8 {
        let previous = t[(k - 1) * 256 + n]
        t[k * 256 + n] = t[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return t
  }()
}
