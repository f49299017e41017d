import Foundation

/// A large "strings" object read on two threads: the catalog's reader reads from the first key,
/// another thread from a member line past the middle, and whichever thread runs out of work
/// takes the far half of what the other has left (the other then stops where that begins).
///
/// Each piece of the object is read by a reader of its own; the catalog's reader takes them, in
/// file order, only when every piece ended exactly where the next one began, read cleanly and
/// met no key of another piece (`StringCatalogReader.adopt`); otherwise it reads on itself and
/// the other pieces are dropped: a wrong guess costs time, never a difference.
///
/// Where a piece starts is a guess made without reading what comes before it: a line with the
/// first key's indentation, a quote next and a comma before it (a raw line break is always
/// white space between tokens in JSON, never inside a string). A reader that passes a stop it
/// did not meet (the guess was no member boundary) voids the piece that started there and reads
/// its range itself.
///
/// Two halves were read before, each finishing up to 28 ms after the other on the 36 MB catalog
/// (the threads do not run at the same speed on a shared machine): the serial tail is now the
/// last key one of them reads.
final class CatalogSplit: @unchecked Sendable {
  /// Below this many bytes after the first key, one thread reads the object sooner.
  static let minimumBytes = 1 << 20
  /// How far past the place it aims at a guess looks for a member line.
  static let searchBytes = 1 << 20
  /// A piece is split again for the other thread only while this many of its bytes are left:
  /// each new piece costs a reader of its own (its lines counted from its victim's place, room
  /// for every language's entries), which smaller pieces did not repay.
  static let stealAbove = 1 << 20

  /// What a reader does at a member.
  enum Decision {
    case read
    /// The member is where the piece ends: the next piece reads it.
    case stop
    /// The piece's work is not wanted (it was voided, or the whole split was dropped).
    case abandon
  }

  private struct Piece {
    let start: Int
    /// Where the piece ends: a member's key offset, or nil for the object's end.
    var stop: Int?
    /// The last member the piece's reader reached, and its line (before it reached one: its
    /// known place).
    var position: Int
    var line: Int
    /// A place known before the piece starts, and its line: the piece's lines are counted from
    /// there (a thief's piece takes its victim's place when it was split off).
    let known: (offset: Int, line: Int)
    var isVoid = false
    var isDone = false
    /// The piece's reader once done (none for the catalog reader's own piece, the first).
    var reader: StringCatalogReader?
  }

  private let lock = NSLock()
  private var pieces: [Piece]
  private var isAbandoned = false
  private let workerDone = DispatchSemaphore(value: 0)
  private var workerWaited = false
  /// A piece is split only while at least this many of its bytes are left.
  private let stealAbove: Int

  private let bytes: [UInt8]
  private let bodyStart: Int
  private let file: String
  private let lines: LineWalker
  private let strings: Int
  private let depth: Int
  private let source: String?
  private let indent: [UInt8]

  private init(
    pieces: [Piece], stealAbove: Int, bytes: [UInt8], bodyStart: Int, file: String, lines: LineWalker, strings: Int,
    depth: Int, source: String?, indent: [UInt8]
  ) {
    self.pieces = pieces
    self.stealAbove = stealAbove
    self.bytes = bytes
    self.bodyStart = bodyStart
    self.file = file
    self.lines = lines
    self.strings = strings
    self.depth = depth
    self.source = source
    self.indent = indent
  }

  /// Starts a second thread on the object opened at `strings` (with `depth` containers open),
  /// whose first key is at `firstKey`, gathering its languages' entries when `source` (the
  /// source language) is given; nil when fewer than `minimum` bytes follow the first key or no
  /// member line is found. `stealAbove`: the fewest bytes left of a piece that is split again.
  static func start(
    bytes: [UInt8], bodyStart: Int, file: String, lines: LineWalker, strings: Int, depth: Int,
    gathersFrom source: String?, firstKey: Int, firstKeyLine: Int, minimum: Int, stealAbove: Int = stealAbove
  ) -> CatalogSplit? {
    guard let indent = indentation(bytes, firstKey: firstKey),
      let middle = guess(bytes, firstKey: firstKey, minimum: minimum)
    else { return nil }
    let split = CatalogSplit(
      pieces: [
        Piece(
          start: firstKey, stop: middle, position: firstKey, line: firstKeyLine,
          known: (firstKey, firstKeyLine)),
        Piece(
          start: middle, stop: nil, position: firstKey, line: firstKeyLine, known: (firstKey, firstKeyLine)),
      ],
      stealAbove: stealAbove, bytes: bytes, bodyStart: bodyStart, file: file, lines: lines, strings: strings,
      depth: depth, source: source, indent: indent)
    DispatchQueue.global(qos: .userInitiated).async {
      split.work(startingWith: 1)
      split.workerDone.signal()
    }
    return split
  }

  /// Reads pieces on this thread, `first` and then whatever can be taken from the others.
  private func work(startingWith first: Int?) {
    var next = first
    while let index = next {
      let (start, end, known) = lock.withLock {
        (pieces[index].start, pieces[index].stop ?? bytes.count, pieces[index].known)
      }
      var reader = StringCatalogReader(
        bytes: bytes, bodyStart: bodyStart, file: file,
        lines: LineWalker(sameTextAs: lines, line: known.line, at: known.offset), pieceAt: start, strings: strings,
        depth: depth, gathersFrom: source)
      reader.readPiece(index, of: self, bytesAhead: end - start)
      lock.withLock {
        pieces[index].isDone = true
        // Handed over, not copied: whoever takes it holds the only reference to its arrays.
        pieces[index].reader = reader
      }
      next = steal()
    }
  }

  /// Called by a piece's reader at each member it reaches (its key's offset, on `line`).
  func decide(_ index: Int, at offset: Int, line: Int) -> Decision {
    lock.withLock {
      guard !isAbandoned, !pieces[index].isVoid else { return .abandon }
      pieces[index].position = offset
      pieces[index].line = line
      // Past a stop it did not meet (no member began there): the piece that starts there is
      // void, and this one reads its range.
      while let stop = pieces[index].stop, offset > stop {
        guard let voided = pieces.firstIndex(where: { $0.start == stop && !$0.isVoid }) else {
          pieces[index].stop = nil
          break
        }
        pieces[voided].isVoid = true
        pieces[index].stop = pieces[voided].stop
      }
      return pieces[index].stop == offset ? .stop : .read
    }
  }

  /// A new piece: the far half of what is left of the piece with the most left, which then
  /// stops where the new one starts; nil when no piece has `stealAbove` bytes left.
  private func steal() -> Int? {
    lock.withLock {
      guard !isAbandoned else { return nil }
      var victim: Int?
      var most = 0
      for index in pieces.indices where !pieces[index].isDone && !pieces[index].isVoid {
        let left = (pieces[index].stop ?? bytes.count) - max(pieces[index].position, pieces[index].start)
        if left > most { (victim, most) = (index, left) }
      }
      guard let victim, most >= stealAbove else { return nil }
      let end = pieces[victim].stop ?? bytes.count
      let from = max(pieces[victim].position, pieces[victim].start) + most / 2
      guard let start = Self.memberLine(bytes, indent: indent, from: from, before: end) else { return nil }
      // The new piece's lines are counted from the last place its victim reported.
      let known = (pieces[victim].position, pieces[victim].line)
      pieces.append(Piece(start: start, stop: pieces[victim].stop, position: known.0, line: known.1, known: known))
      pieces[victim].stop = start
      return pieces.count - 1
    }
  }

  /// For the catalog's reader, which met the stop of its own piece (the first): reads what it
  /// can take from the other thread's, waits for that thread, and hands over every other
  /// piece's reader in file order; nil when they cannot stand for a serial read of the rest
  /// (a piece was voided in a way that leaves a gap, or one did not end where the next began).
  func finish() -> [StringCatalogReader]? {
    lock.withLock { pieces[0].isDone = true }
    work(startingWith: steal())
    waitForWorker()
    return lock.withLock {
      let order = pieces.indices.filter { !pieces[$0].isVoid }.sorted { pieces[$0].start < pieces[$1].start }
      guard order.first == 0 else { return nil }
      var readers: [StringCatalogReader] = []
      for (position, index) in order.enumerated().dropFirst() {
        let previous = pieces[order[position - 1]]
        guard previous.stop == pieces[index].start, let reader = pieces[index].reader, reader.syntaxErrors.isEmpty
        else { return nil }
        if position == order.count - 1 {
          guard pieces[index].stop == nil, reader.stringsEnd != nil else { return nil }
        } else {
          guard let stop = pieces[index].stop, reader.stoppedAt == stop else { return nil }
        }
        pieces[index].reader = nil
        readers.append(reader)
      }
      return readers.isEmpty ? nil : readers
    }
  }

  /// Drops every other piece (the catalog's reader reads on itself) and waits for the other
  /// thread to stop.
  func abandon() {
    lock.withLock { isAbandoned = true }
    waitForWorker()
  }

  private func waitForWorker() {
    guard !workerWaited else { return }
    workerDone.wait()
    workerWaited = true
  }

  // MARK: - Guesses

  /// The indentation of the line of `firstKey` (spaces and tabs only), nil when it has other
  /// bytes before the key or is the first line.
  static func indentation(_ bytes: [UInt8], firstKey: Int) -> [UInt8]? {
    var lineStart = firstKey
    while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
    let indent = bytes[lineStart..<firstKey]
    guard lineStart > 0, indent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
    return Array(indent)
  }

  /// The key of the first member line past the middle of what follows `firstKey`, with the
  /// indentation of the line of `firstKey` and a comma before it; nil when fewer than `minimum`
  /// bytes follow the first key.
  static func guess(_ bytes: [UInt8], firstKey: Int, minimum: Int) -> Int? {
    guard bytes.count - firstKey >= minimum, let indent = indentation(bytes, firstKey: firstKey) else { return nil }
    return memberLine(bytes, indent: indent, from: firstKey + (bytes.count - firstKey) / 2, before: bytes.count)
  }

  /// The key of the first line at or after `from` (and before `end`, looking no further than
  /// `searchBytes`) that starts with `indent` and a quote and follows a comma.
  static func memberLine(_ bytes: [UInt8], indent: [UInt8], from: Int, before end: Int) -> Int? {
    var k = max(from, 1)
    let limit = min(end, bytes.count, k + searchBytes)
    while k < limit {
      defer { k += 1 }
      guard bytes[k] == 0x0A || bytes[k] == 0x0D else { continue }
      let key = k + 1 + indent.count
      guard key < limit, bytes[key] == 0x22, bytes[(k + 1)..<key].elementsEqual(indent) else { continue }
      var before = k - 1
      while before > 0 && LineBytes.isSpace(bytes[before]) { before -= 1 }
      if bytes[before] == 0x2C { return key }
    }
    return nil
  }
}
