import Foundation

/// The keys a `.strings` parse has met so far, with the line of each, for `duplicate-key`.
///
/// While every key is plain ASCII read straight from the text (no escapes), keys are kept as
/// byte ranges of the text in an open-addressing table: no hashing of `String`s, no reference
/// per key. ASCII bytes compare equal exactly when the strings do. The first key that is not
/// such a key (non-ASCII keys compare by canonical equivalence, escaped keys by their decoded
/// text), or a probe run long enough to suggest colliding keys, moves every key into a
/// `[String: Int]` for the rest of the file.
struct SeenKeys {
  private var slots: [Int32]
  private var ranges: [Range<Int>] = []
  private var lines: [Int] = []
  private var mask: Int
  private var fallback: [String: Int]?
  /// Random per process, so that a file cannot be written to make its keys collide.
  private static let seed = UInt64.random(in: 1...UInt64.max)
  /// Probes after which the table gives way to the dictionary.
  private static let maxProbes = 32

  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    ranges.reserveCapacity(capacity)
    lines.reserveCapacity(capacity)
  }

  /// The line `key` was first seen on; nil (and `line` recorded) when it is new. `bytes` is
  /// where the key's text lies in `text` when it has no escapes, else nil.
  mutating func firstLine(of key: String, bytes: Range<Int>?, in text: [UInt8], line: Int) -> Int? {
    if fallback == nil, let bytes, bytes.count < Int(Int32.max) {
      if let found = text.withUnsafeBufferPointer({ find(bytes, in: $0, line: line) }) { return found }
    }
    if fallback == nil { moveToDictionary(text) }
    return Self.firstLine(&fallback![key, default: 0], line: line)
  }

  /// The table's answer; nil from the outer optional when it cannot answer for this key.
  private mutating func find(_ bytes: Range<Int>, in text: UnsafeBufferPointer<UInt8>, line: Int) -> Int?? {
    guard let hash = Self.hash(UnsafeBufferPointer(rebasing: text[bytes])) else { return nil }
    var index = Int(truncatingIfNeeded: hash) & mask
    for _ in 0..<Self.maxProbes {
      let slot = Int(slots[index])
      if slot == 0 {
        ranges.append(bytes)
        lines.append(line)
        slots[index] = Int32(ranges.count)
        if ranges.count * 2 > slots.count { grow(text) }
        return .some(nil)
      }
      let other = ranges[slot - 1]
      if other.count == bytes.count,
        memcmp(text.baseAddress! + other.lowerBound, text.baseAddress! + bytes.lowerBound, bytes.count) == 0
      {
        return .some(lines[slot - 1])
      }
      index = (index + 1) & mask
    }
    return nil
  }

  /// A hash of ASCII bytes, or nil when a byte is not ASCII.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var hash = seed ^ UInt64(bytes.count)
    var high: UInt64 = 0
    var i = 0
    let raw = UnsafeRawBufferPointer(bytes)
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      high |= word
      hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
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
    guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
    hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
    return hash ^ (hash >> 32)
  }

  /// Doubles the table and places every key again.
  private mutating func grow(_ text: UnsafeBufferPointer<UInt8>) {
    slots = Array(repeating: 0, count: slots.count * 2)
    mask = slots.count - 1
    for (n, range) in ranges.enumerated() {
      var index = Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: text[range])) ?? 0) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = Int32(n + 1)
    }
  }

  /// Gives up the table: every key so far goes into the dictionary.
  private mutating func moveToDictionary(_ text: [UInt8]) {
    var dictionary: [String: Int] = [:]
    dictionary.reserveCapacity(max(ranges.count * 2, 16))
    for (range, line) in zip(ranges, lines) {
      dictionary[String(decoding: text[range], as: UTF8.self)] = line
    }
    fallback = dictionary
    slots = []
    ranges = []
    lines = []
  }

  /// The line recorded in `slot`, or nil after recording `line` in an empty (0) slot.
  private static func firstLine(_ slot: inout Int, line: Int) -> Int? {
    guard slot == 0 else { return slot }
    slot = line
    return nil
  }
}
