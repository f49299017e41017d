import Foundation

/// Lines and columns of byte offsets asked for in increasing order, by one forward scan: what a
/// reader that walks a file front to back needs, without `TextPositions`' index of every line.
///
/// Counts exactly as `TextPositions` does: `\n`, `\r\n` and a lone `\r` each end a line once,
/// columns count Unicode scalars, and bytes before `bodyStart` (a byte order mark) are line 1,
/// column 1. An offset behind the last one asked for is answered by a `TextPositions` built on
/// first need.
struct LineWalker {
  private let bytes: [UInt8]
  private let bodyStart: Int
  /// Where the scan for line breaks stands, and the line and the line's start there.
  private var position: Int
  private var line = 1
  private var lineStart: Int
  /// The scalars of `lineStart..<scalarsCounted` (a column is counted only when one is asked
  /// for, and only once over any stretch of a line, however many offsets of it are asked).
  private var scalarsInLine = 0
  private var scalarsCounted: Int
  private var index: TextPositions?
  /// True when the text has no `\r`: line breaks are then found with `memchr`.
  private let onlyLineFeeds: Bool

  init(_ bytes: [UInt8], bodyStart: Int = 0) {
    let onlyLineFeeds = bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return true }
      return memchr(base, 0x0D, raw.count) == nil
    }
    self.init(bytes, bodyStart: bodyStart, onlyLineFeeds: onlyLineFeeds)
  }

  /// A walker over the same text as `other` (what `other` found out about the whole text is
  /// not looked for again), at `offset`, which is known to be on `line` (a place another walker
  /// reached): offsets from there on are counted from there, not from the start of the text.
  init(sameTextAs other: LineWalker, line: Int, at offset: Int) {
    self.init(other.bytes, bodyStart: other.bodyStart, onlyLineFeeds: other.onlyLineFeeds)
    let target = min(max(offset, bodyStart), bytes.count)
    // The line's start: after the line break before `target` (the `\r` of a `\r\n` whose `\n`
    // is at `target` ends no line there).
    var start = target
    while start > bodyStart {
      let byte = bytes[start - 1]
      if byte == 0x0A || (byte == 0x0D && !(start == target && start < bytes.count && bytes[start] == 0x0A)) { break }
      start -= 1
    }
    position = target
    self.line = line
    lineStart = start
    scalarsCounted = start
  }

  private init(_ bytes: [UInt8], bodyStart: Int, onlyLineFeeds: Bool) {
    self.bytes = bytes
    self.bodyStart = bodyStart
    position = bodyStart
    lineStart = bodyStart
    scalarsCounted = bodyStart
    self.onlyLineFeeds = onlyLineFeeds
  }

  /// The 1-based line and column of `offset` (past the end counts as the end).
  mutating func location(of offset: Int) -> (line: Int, column: Int) {
    let target = min(max(offset, bodyStart), bytes.count)
    guard target >= position else { return positions().location(of: offset) }
    advance(to: target)
    if scalarsCounted < lineStart {
      scalarsCounted = lineStart
      scalarsInLine = 0
    }
    if scalarsCounted < target {
      bytes.withUnsafeBufferPointer { buffer in
        var count = 0
        for k in scalarsCounted..<target where buffer[k] & 0xC0 != 0x80 { count += 1 }
        scalarsInLine += count
      }
      scalarsCounted = target
    }
    return (line, scalarsInLine + 1)
  }

  /// The 1-based line of `offset`: no column is counted.
  mutating func line(of offset: Int) -> Int {
    let target = min(max(offset, bodyStart), bytes.count)
    guard target >= position else { return positions().location(of: offset).line }
    advance(to: target)
    return line
  }

  /// Moves the scan for line breaks to `target` (not behind `position`).
  private mutating func advance(to target: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      var k = position
      if onlyLineFeeds, let base = buffer.baseAddress, target - k >= Self.countedGap {
        // A long way ahead (the second half of a String Catalog starts with its first half's
        // million lines): line feeds counted a word at a time, the target's line then found
        // from its end, where a `memchr` per line would make a call for every line.
        let feeds = Self.lineFeeds(in: UnsafeBufferPointer(rebasing: buffer[k..<target]))
        if feeds > 0 {
          line += feeds
          var last = target - 1
          while base[last] != 0x0A { last -= 1 }
          lineStart = last + 1
        }
        k = target
      }
      if onlyLineFeeds, let base = buffer.baseAddress {
        // Whole lines at memchr's speed.
        while k < target, let found = memchr(base + k, 0x0A, target - k) {
          line += 1
          k = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
          lineStart = k
        }
        k = target
      }
      while k < target {
        let byte = buffer[k]
        k += 1
        if byte == 0x0A || (byte == 0x0D && (k >= buffer.count || buffer[k] != 0x0A)) {
          line += 1
          lineStart = k
        }
      }
    }
    position = target
  }

  /// From this many bytes ahead, line feeds are counted a word at a time (`lineFeeds`); over
  /// a few lines a `memchr` per line is faster.
  static let countedGap = 1 << 16

  /// The number of line feeds in `buffer`, a word at a time (see `ByteCount`).
  static func lineFeeds(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    ByteCount.occurrences(of: 0x0A, in: buffer)
  }

  /// The full index, for the offsets the scan has passed.
  mutating func positions() -> TextPositions {
    if let index { return index }
    let built = TextPositions(bytes, bodyStart: bodyStart)
    index = built
    return built
  }
}
