import Foundation

/// A zip whose central directory has been read and checked, with entries inflated only on request.
///
/// Opening checks everything the directory says (names, links, duplicates, entry count, declared
/// size, local headers, bounds) without touching any entry's data, so editing one table of a large
/// archive costs the directory plus that table. `file(_:)` inflates one entry and checks its size
/// and CRC-32; `BundleArchive.rewrite` copies the others' bytes as they are.
struct ArchiveIndex: Sendable {
  /// Where an entry's records sit in the archive bytes.
  struct Span: Sendable {
    /// The central-directory record (46 bytes + name + extra + comment).
    var central: Range<Int>
    /// The local header (30 bytes + name + extra); the data follows it.
    var local: Range<Int>
  }

  let url: URL
  let bytes: Data
  let limits: ArchiveLimits
  /// Every entry, in archive order.
  let entries: [RawEntry]
  /// `spans[i]` locates `entries[i]`.
  let spans: [Span]
  /// The archive comment from the end record.
  let comment: Data
  private let positions: [String: Int]

  /// Reads and checks `zip`'s central directory.
  /// - Throws: `ArchiveProblem` when the archive is unreadable or its directory fails a check.
  static func open(_ zip: URL, limits: ArchiveLimits) throws(ArchiveProblem) -> ArchiveIndex {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: zip, options: .mappedIfSafe)
    } catch {
      throw .unreadable(BundleArchive.readReason(error))
    }
    let entries = try BundleArchive.readDirectory(bytes, limits: limits)
    let files = entries.filter { $0.kind == .file }
    try BundleArchive.checkUnique(
      files: files.map(\.path), directories: entries.filter { $0.kind == .directory }.map(\.path))
    var declared: UInt64 = 0
    for entry in files {
      let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
      declared = overflow ? .max : sum
    }
    if declared > limits.maxUncompressedBytes {
      throw .declaredTooLarge(total: declared, limit: limits.maxUncompressedBytes)
    }
    let (spans, comment) = try locate(bytes, count: entries.count)
    var positions: [String: Int] = [:]
    for (index, entry) in entries.enumerated() where entry.kind == .file { positions[entry.path] = index }
    return ArchiveIndex(
      url: zip, bytes: bytes, limits: limits, entries: entries, spans: spans, comment: comment,
      positions: positions)
  }

  /// The regular files' normalized paths, in archive order.
  var filePaths: [String] { entries.filter { $0.kind == .file }.map(\.path) }

  /// The normalized paths of explicit directory entries.
  var directoryPaths: [String] { entries.filter { $0.kind == .directory }.map(\.path) }

  /// The position in `entries` of the regular file at `path`.
  func position(of path: String) -> Int? { positions[path] }

  /// The uncompressed bytes of the file at `path`, or nil when the archive has no such file.
  /// - Throws: `ArchiveProblem` when the entry's data is damaged or inflates past the size limit.
  func file(_ path: String) throws(ArchiveProblem) -> Data? {
    guard let index = positions[path] else { return nil }
    let entry = entries[index]
    let reader = ByteReader(bytes: bytes)
    guard let compressed = reader.slice(entry.dataStart, Int(entry.compressedSize)) else {
      throw .entryTruncated(entry: entry.path)
    }
    let budget = limits.maxUncompressedBytes
    var output: Data
    if entry.method == 0 {
      output = Data(compressed)
    } else {
      do {
        output = try DeflateCodec.inflate(compressed, expected: Int(entry.uncompressedSize), budget: budget)
      } catch .tooLarge {
        throw .inflatedTooLarge(entry: entry.path, limit: budget)
      } catch {
        throw .corruptData(entry: entry.path)
      }
    }
    if UInt64(output.count) != entry.uncompressedSize {
      throw .sizeMismatch(entry: entry.path, declared: entry.uncompressedSize, actual: UInt64(output.count))
    }
    if DeflateCodec.crc32(output) != entry.crc { throw .crcMismatch(entry: entry.path) }
    return output
  }

  /// Walks the (already validated) central directory once more for each record's byte ranges.
  private static func locate(_ bytes: Data, count: Int) throws(ArchiveProblem) -> ([Span], Data) {
    let reader = ByteReader(bytes: bytes)
    var end = bytes.count - 22
    while end >= 0 && reader.u32(end) != BundleArchive.endRecordSignature { end -= 1 }
    guard end >= 0, let start = reader.u32(end + 16), let commentLength = reader.u16(end + 20) else {
      throw .truncated
    }
    let comment = reader.slice(end + 22, min(Int(commentLength), bytes.count - end - 22)) ?? Data()
    var spans: [Span] = []
    spans.reserveCapacity(count)
    var cursor = Int(start)
    for index in 0..<count {
      guard let nameLength = reader.u16(cursor + 28), let extraLength = reader.u16(cursor + 30),
        let commentLength = reader.u16(cursor + 32), let localOffset = reader.u32(cursor + 42),
        let localName = reader.u16(Int(localOffset) + 26), let localExtra = reader.u16(Int(localOffset) + 28)
      else { throw .damagedDirectory(index: index) }
      let next = cursor + 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
      let local = Int(localOffset)
      spans.append(Span(central: cursor..<next, local: local..<(local + 30 + Int(localName) + Int(localExtra))))
      cursor = next
    }
    return (spans, Data(comment))
  }
}
