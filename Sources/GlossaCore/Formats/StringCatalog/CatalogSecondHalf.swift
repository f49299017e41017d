import Foundation

/// The second half of a large "strings" object, read on another thread while the catalog's
/// reader reads the first half.
///
/// Where the half starts is a guess, made without reading the first half: the first member
/// line, past the middle of the file, that has the first key's indentation and follows a
/// comma (a raw line break is always white space between tokens in JSON, never inside a
/// string). The reader takes the half only when its own reading arrives at exactly that member
/// and the half read cleanly (see `StringCatalogReader.adopt`); otherwise it reads on itself and
/// the half's work is dropped, so a wrong guess costs time, never a difference.
final class CatalogSecondHalf: @unchecked Sendable {
  /// Below this many bytes after the first key, one thread reads the object sooner.
  static let minimumBytes = 1 << 20
  /// How far past the middle the guess looks for a member line.
  static let searchBytes = 1 << 20

  /// The offset of the member's key the second half starts at.
  let offset: Int
  private let done = DispatchSemaphore(value: 0)
  private var reader: StringCatalogReader?
  private var waited = false
  /// Set when the first half will not take this half's work: its reader then stops (a lock,
  /// not an atomic, which would need macOS 15).
  private let lock = NSLock()
  private var isAbandoned = false

  private init(offset: Int) { self.offset = offset }

  /// Starts reading the second half of the object opened at `strings` (with `depth`
  /// containers open), whose first key is at `firstKey`, gathering its languages' entries when
  /// `source` (the source language) is given; nil when fewer than `minimum` bytes follow the
  /// first key or no member line is found.
  static func start(
    bytes: [UInt8], bodyStart: Int, file: String, lines: LineWalker, strings: Int, depth: Int,
    gathersFrom source: String?, firstKey: Int, minimum: Int
  ) -> CatalogSecondHalf? {
    guard let offset = guess(bytes, firstKey: firstKey, minimum: minimum) else { return nil }
    let half = CatalogSecondHalf(offset: offset)
    DispatchQueue.global(qos: .userInitiated).async {
      var reader = StringCatalogReader(
        bytes: bytes, bodyStart: bodyStart, file: file, lines: lines, secondHalfAt: offset, strings: strings,
        depth: depth, gathersFrom: source)
      reader.readSecondHalf { half.lock.withLock { half.isAbandoned } }
      // Handed over, not copied: the first half then holds the only reference to its arrays.
      half.reader = consume reader
      half.done.signal()
    }
    return half
  }

  /// Stops the other thread at its next member and waits for it: the first half reads on itself.
  func abandon() {
    lock.withLock { isAbandoned = true }
    _ = result()
  }

  /// The half's reader, once it finished (waits for it), handed over: this half keeps no
  /// reference to it, so its arrays are the caller's alone (see `StringCatalogReader.adopt`).
  func result() -> StringCatalogReader? {
    if !waited {
      done.wait()
      waited = true
    }
    defer { reader = nil }
    return reader
  }

  /// The key of the first member line past the middle, with the indentation of the line of
  /// `firstKey` and a comma before it.
  static func guess(_ bytes: [UInt8], firstKey: Int, minimum: Int) -> Int? {
    guard bytes.count - firstKey >= minimum else { return nil }
    var lineStart = firstKey
    while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
    let indent = bytes[lineStart..<firstKey]
    guard lineStart > 0, indent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
    var k = firstKey + (bytes.count - firstKey) / 2
    let limit = min(bytes.count, k + searchBytes)
    while k < limit {
      defer { k += 1 }
      guard bytes[k] == 0x0A || bytes[k] == 0x0D else { continue }
      let key = k + 1 + indent.count
      guard key < bytes.count, bytes[key] == 0x22, bytes[(k + 1)..<key].elementsEqual(indent) else { continue }
      var before = k - 1
      while before > firstKey && LineBytes.isSpace(bytes[before]) { before -= 1 }
      if bytes[before] == 0x2C { return key }
    }
    return nil
  }
}
