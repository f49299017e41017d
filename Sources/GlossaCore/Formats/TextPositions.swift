/// Maps byte offsets of UTF-8 text to 1-based lines and columns in time independent of the
/// length of the line.
///
/// A line break is `\n`, `\r\n` or a lone `\r` (classic Mac OS files), each counted once, as
/// editors count them. Columns count Unicode scalars. Built in one pass over the bytes: the
/// start of every line, and every `blockSize` bytes the number of scalars before that point, so
/// a column is a difference of two scalar counts, each at most one block's scan away. A file of
/// one enormous line (a minified JSON table, a `.strings` file with CR line breaks read as LF)
/// costs the same per lookup as a file of short lines.
struct TextPositions: Sendable {
  private let bytes: [UInt8]
  /// Offset of the first byte of each line; `lineStarts[0] == bodyStart`.
  private var lineStarts: [Int]
  /// Scalars (non-continuation bytes) before offset `k * blockSize`.
  private var scalarsBefore: [Int]
  private let bodyStart: Int
  private static let blockShift = 8
  private static var blockSize: Int { 1 << blockShift }

  /// Indexes `bytes`; offsets before `bodyStart` (a byte order mark) belong to line 1, column 1.
  init(_ bytes: [UInt8], bodyStart: Int = 0) {
    self.bytes = bytes
    self.bodyStart = bodyStart
    var starts = [bodyStart]
    var blocks: [Int] = []
    blocks.reserveCapacity(bytes.count >> Self.blockShift + 1)
    bytes.withUnsafeBufferPointer { buffer in
      var scalars = 0
      let count = buffer.count
      var k = 0
      while k < count {
        if k & (Self.blockSize - 1) == 0 { blocks.append(scalars) }
        let byte = buffer[k]
        if byte & 0xC0 != 0x80 { scalars += 1 }
        if k >= bodyStart {
          if byte == 0x0A {
            starts.append(k + 1)
          } else if byte == 0x0D, k + 1 >= count || buffer[k + 1] != 0x0A {
            starts.append(k + 1)
          }
        }
        k += 1
      }
      blocks.append(scalars)
    }
    lineStarts = starts
    scalarsBefore = blocks
  }

  /// How many lines the text has (a final line break starts an empty last line).
  var lineCount: Int { lineStarts.count }

  /// The 0-based index of the line holding `offset`.
  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The 1-based line of `offset`.
  func line(of offset: Int) -> Int { lineIndex(of: offset) + 1 }

  /// The offset where the line holding `offset` starts.
  func lineStart(of offset: Int) -> Int { lineStarts[lineIndex(of: offset)] }

  /// The 1-based line and column of `offset` (past the end counts as the end).
  func location(of offset: Int) -> (line: Int, column: Int) {
    let index = lineIndex(of: offset)
    let start = lineStarts[index]
    let end = min(max(offset, start), bytes.count)
    return (index + 1, scalars(before: end) - scalars(before: start) + 1)
  }

  /// The offset of the 1-based `column` (in scalars) on the 1-based `line`, each clamped to the
  /// text: a column past the line's end gives the offset of its line break.
  func offset(line: Int, column: Int) -> Int {
    let index = min(max(line - 1, 0), lineStarts.count - 1)
    let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    var offset = lineStarts[index]
    var scalars = 1
    while scalars < column && offset < end {
      offset += 1
      while offset < end && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      scalars += 1
    }
    return offset
  }

  /// The number of scalars in `bytes[0..<offset]`: one block's count plus at most one block's scan.
  private func scalars(before offset: Int) -> Int {
    let block = offset >> Self.blockShift
    var n = scalarsBefore[block]
    var k = block << Self.blockShift
    while k < offset {
      if bytes[k] & 0xC0 != 0x80 { n += 1 }
      k += 1
    }
    return n
  }
}
