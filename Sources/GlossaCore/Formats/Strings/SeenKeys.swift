import Foundation

/// The keys a `.strings` parse has met so far, with the line of each, for `duplicate-key`.
///
/// ASCII keys (nearly all) are kept as bytes — a range of the text, or for a key with escapes
/// its decoded bytes — in an open-addressing table: no `String` hashing, no reference per key.
/// ASCII bytes compare equal exactly when the strings do. Other keys go to a `[String: Int]`,
/// which compares by canonical equivalence as Swift strings do; no such key can equal an ASCII
/// one unless it holds one of the three scalars whose canonical decomposition is ASCII, and a
/// key with one of those (or a probe run long enough to suggest colliding keys) moves every key
/// into one dictionary for the rest of the file.
struct SeenKeys {
  private var slots: [Int32]
  /// Where each tabled key's bytes are: `start >= 0` in the text, else at `-start - 1` in `decoded`.
  private var starts: [Int] = []
  private var counts: [Int] = []
  private var lines: [Int] = []
  private var decoded: [UInt8] = []
  private var mask: Int
  private var others: [String: Int] = [:]
  private var fallback: [String: Int]?
  private let capacity: Int
  /// Probes after which the table grows beyond its usual size, and with 8 or more slots per
  /// key gives way to the dictionary.
  private static let maxProbes = 32

  /// False once every key has moved into one dictionary.
  var isTabled: Bool { fallback == nil }

  init(capacity: Int) {
    self.capacity = capacity
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    starts.reserveCapacity(capacity)
    counts.reserveCapacity(capacity)
    lines.reserveCapacity(capacity)
  }

  /// The line `key` was first seen on; nil (and `line` recorded) when it is new. `bytes` is
  /// where the key's text lies in `text` when it has no escapes, else nil.
  /// `key` is made only when the table cannot answer from the bytes.
  mutating func firstLine(of makeKey: @autoclosure () -> String, bytes: Range<Int>?, in text: [UInt8], line: Int)
    -> Int?
  {
    if fallback == nil, let bytes {
      let answer = text.withUnsafeBufferPointer { text in
        find(UnsafeBufferPointer(rebasing: text[bytes]), start: bytes.lowerBound, text: text, line: line)
      }
      if let answer { return answer }
    }
    let key = makeKey()
    if fallback == nil {
      if bytes == nil {
        var key = key
        let answer = text.withUnsafeBufferPointer { text in
          key.withUTF8 { find($0, start: nil, text: text, line: line) }
        }
        if let answer { return answer }
      }
      if fallback == nil, !key.unicodeScalars.contains(where: Self.decomposesToASCII) {
        return Self.firstLine(&others[key, default: 0], line: line)
      }
      if fallback == nil { text.withUnsafeBufferPointer { moveToDictionary($0) } }
    }
    return Self.firstLine(&fallback![key, default: 0], line: line)
  }

  /// U+037E GREEK QUESTION MARK, U+1FEF GREEK VARIA and U+212A KELVIN SIGN: canonically `;`,
  /// `` ` `` and `K`.
  private static func decomposesToASCII(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x37E || scalar.value == 0x1FEF || scalar.value == 0x212A
  }

  /// The table's answer for `key` (at `start` in `text`, or nil when the bytes are a decoded
  /// key's); nil from the outer optional when the table cannot answer (not ASCII, or a long
  /// probe run, which also sets `fallback`).
  private mutating func find(
    _ key: UnsafeBufferPointer<UInt8>, start: Int?, text: UnsafeBufferPointer<UInt8>, line: Int
  ) -> Int?? {
    guard let hash = Self.hash(key) else { return nil }
    var index = Int(truncatingIfNeeded: hash) & mask
    for _ in 0..<Self.maxProbes {
      let slot = Int(slots[index])
      if slot == 0 {
        if let start {
          starts.append(start)
        } else {
          starts.append(-decoded.count - 1)
          decoded.append(contentsOf: key)
        }
        counts.append(key.count)
        lines.append(line)
        slots[index] = Int32(starts.count)
        if starts.count * 2 > slots.count { grow(text) }
        return .some(nil)
      }
      if counts[slot - 1] == key.count, equal(slot - 1, key, text) { return .some(lines[slot - 1]) }
      index = (index + 1) & mask
    }
    // A run this long at half load is rare but happens by chance with a random seed: spread
    // the keys over a wider table, up to 16 slots per key. Runs that outlast that are keys
    // that share their hash, and those go to the dictionary.
    if slots.count < 8 * max(starts.count, 16) {
      grow(text)
      return find(key, start: start, text: text, line: line)
    }
    moveToDictionary(text)
    return nil
  }

  /// True when the tabled key `n` has the bytes `key` (of the same count).
  private func equal(_ n: Int, _ key: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard key.count > 0 else { return true }
    return withKey(n, text) { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
  }

  /// Calls `body` with the bytes of tabled key `n`, in place.
  private func withKey<R>(
    _ n: Int, _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let start = starts[n]
    let count = counts[n]
    if start >= 0 { return body(UnsafeBufferPointer(rebasing: text[start..<(start + count)])) }
    return decoded.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[(-start - 1)..<(-start - 1 + count)]))
    }
  }

  /// A hash of ASCII bytes, or nil when a byte is not ASCII.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? { ASCIIHash.hash(bytes) }

  /// Doubles the table and places every key again.
  private mutating func grow(_ text: UnsafeBufferPointer<UInt8>) {
    slots = Array(repeating: 0, count: slots.count * 2)
    mask = slots.count - 1
    for n in starts.indices {
      let hash = withKey(n, text) { Self.hash($0) } ?? 0
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = Int32(n + 1)
    }
  }

  /// Gives up the table: every key so far goes into one dictionary.
  private mutating func moveToDictionary(_ text: UnsafeBufferPointer<UInt8>) {
    var dictionary = others
    dictionary.reserveCapacity(max(capacity, starts.count + others.count) + 16)
    for n in starts.indices { dictionary[withKey(n, text) { String(decoding: $0, as: UTF8.self) }] = lines[n] }
    fallback = dictionary
    slots = []
    starts = []
    counts = []
    lines = []
    decoded = []
    others = [:]
  }

  /// The line recorded in `slot`, or nil after recording `line` in an empty (0) slot.
  private static func firstLine(_ slot: inout Int, line: Int) -> Int? {
    guard slot == 0 else { return slot }
    slot = line
    return nil
  }
}
