/// The slot of each key of a table index, by key: what `TableIndex.slot(of:)` answers.
///
/// Keys are hashed from their bytes into an open-addressing table of 32-bit slots (4 bytes a
/// bucket, no string held), and a hit is confirmed by comparing the key with `keys[slot]` as
/// Swift strings compare, from the bytes when they tell (see `EntryText.isEqual`). The keys are
/// texts (mostly ranges of their files' text): indexing makes no string per key. Only ASCII
/// bytes are hashed, so that strings Swift calls equal hash alike: a key that is not ASCII goes
/// to a dictionary instead, unless its only other scalars are the three whose canonical
/// decomposition is ASCII, which are hashed as that ASCII. A probe run long enough to suggest
/// keys made to collide moves every key into the dictionary.
struct KeyTable: Sendable {
  /// Slot + 1 per bucket; 0 is empty.
  private var buckets: [Int32]
  private var mask: Int
  /// Keys in `buckets`.
  private var tabled = 0
  /// Keys that could not be hashed from ASCII bytes, or every key once the table gave up.
  private var others: [String: Int] = [:]
  /// True once every key is in `others`.
  private var gaveUp = false
  /// Probes after which the table grows beyond its usual size, and with 8 or more buckets per
  /// key gives way to the dictionary.
  private static let maxProbes = 32

  init(capacity: Int = 0) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    buckets = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// The slot of `key`, or nil when the table lacks it.
  func slot(of key: String, in keys: [EntryText]) -> Int? {
    slot(of: EntryText(key), in: keys)
  }

  /// The slot of `key`, or nil when the table lacks it.
  func slot(of key: EntryText, in keys: [EntryText]) -> Int? {
    guard !gaveUp, let hash = Self.hash(key) else { return others.isEmpty ? nil : others[key.string] }
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = Int(buckets[index])
      if slot == 0 { return nil }
      if keys[slot - 1].isEqual(to: key) { return slot - 1 }
      index = (index + 1) & mask
    }
  }

  /// The slot of `key`; when the table lacks it, `next` (the caller then appends `key` to
  /// `keys` at `next`).
  ///
  /// Only `keys[..<next]` are read: the keys of the slots before `next`, which the table holds
  /// (`keys` may go on past them, as when a table is made for keys already listed: see
  /// `insert(_:)`).
  mutating func slot(of key: EntryText, orInsert next: Int, in keys: [EntryText]) -> Int {
    guard !gaveUp, let hash = Self.hash(key) else { return Self.value(of: &others[key.string, default: next]) }
    var index = Int(truncatingIfNeeded: hash) & mask
    for _ in 0..<Self.maxProbes {
      let slot = Int(buckets[index])
      if slot == 0 {
        buckets[index] = Int32(next + 1)
        tabled += 1
        if tabled * 2 > buckets.count { grow(keys, count: next + 1, last: key) }
        return next
      }
      if keys[slot - 1].isEqual(to: key) { return slot - 1 }
      index = (index + 1) & mask
    }
    // A run this long at half load is rare but happens by chance with a random seed: spread
    // the keys over a wider table, up to 16 buckets per key. Runs that outlast that are keys
    // that share their hash, and those go to the dictionary.
    if buckets.count < 8 * max(tabled, 16) {
      grow(keys, count: next, last: nil)
    } else {
      giveUp(keys)
    }
    return slot(of: key, orInsert: next, in: keys)
  }

  /// Places `keys`, each in its slot (its position), in an empty table: what a table made for
  /// keys listed without one holds (they are distinct as strings compare).
  mutating func insert(_ keys: [EntryText]) {
    for slot in keys.indices { _ = self.slot(of: keys[slot], orInsert: slot, in: keys) }
  }

  /// Forgets `key`, the last of `keys` (an added value undone).
  ///
  /// Keys take their buckets in slot order (`grow` places them again in that order too), so
  /// the last key was the last placed: no other key's probe run passes its bucket, which can
  /// simply be emptied.
  mutating func removeLast(_ key: EntryText, in keys: [EntryText]) {
    guard !gaveUp, let hash = Self.hash(key) else {
      others[key.string] = nil
      return
    }
    var index = Int(truncatingIfNeeded: hash) & mask
    while Int(buckets[index]) != keys.count {
      guard buckets[index] != 0 else { return }
      index = (index + 1) & mask
    }
    buckets[index] = 0
    tabled -= 1
  }

  /// Doubles the buckets and places the keys of the first `count` slots again, in slot order
  /// (`last`, when given, is the key of the last of them, which `keys` may not hold yet).
  private mutating func grow(_ keys: [EntryText], count: Int, last: EntryText?) {
    buckets = Array(repeating: 0, count: buckets.count * 2)
    mask = buckets.count - 1
    for slot in 0..<count {
      let key = slot == count - 1 ? last ?? keys[slot] : keys[slot]
      guard let hash = Self.hash(key) else { continue }
      var index = Int(truncatingIfNeeded: hash) & mask
      while buckets[index] != 0 { index = (index + 1) & mask }
      buckets[index] = Int32(slot + 1)
    }
  }

  /// Gives up the buckets: every key so far goes into the dictionary.
  private mutating func giveUp(_ keys: [EntryText]) {
    for bucket in buckets where bucket != 0 { others[keys[Int(bucket) - 1].string] = Int(bucket) - 1 }
    buckets = []
    mask = 0
    tabled = 0
    gaveUp = true
  }

  /// The hash of `key`'s ASCII spelling, or nil when it has none (see the type's comment).
  static func hash(_ key: EntryText) -> UInt64? {
    if let hash = key.withUTF8({ ASCIIHash.hash($0) }) { return hash }
    // Not ASCII: only a key whose other scalars decompose to ASCII is hashed, as that ASCII.
    guard key.withUTF8({ $0.contains { $0 == 0xCD || $0 == 0xE1 || $0 == 0xE2 } }) else { return nil }
    var bytes: [UInt8] = []
    for scalar in key.string.unicodeScalars {
      switch scalar.value {
      case 0..<0x80: bytes.append(UInt8(scalar.value))
      case 0x37E: bytes.append(UInt8(ascii: ";"))
      case 0x1FEF: bytes.append(UInt8(ascii: "`"))
      case 0x212A: bytes.append(UInt8(ascii: "K"))
      default: return nil
      }
    }
    return bytes.withUnsafeBufferPointer { ASCIIHash.hash($0) }
  }

  /// True when both tables hold the same buckets array (one shared, not a copy); false for
  /// tables without buckets (given up), whose empty arrays all share one storage.
  func isShared(with other: KeyTable) -> Bool {
    !buckets.isEmpty
      && buckets.withUnsafeBufferPointer { a in
        other.buckets.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
  }

  /// The value an `inout` access ends with (for dictionary accesses that insert a default).
  private static func value(of slot: inout Int) -> Int { slot }
}
