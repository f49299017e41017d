import Foundation

/// A zip whose central directory has been read and checked, and where each record's bytes are.
///
/// Opening checks everything the directory says (names, links, duplicates, entry count, declared
/// size, local headers, bounds) without touching any entry's data, so `BundleArchive.rewrite` can
/// copy entries byte for byte without inflating them. (`ArchiveReader` inflates entries on demand.)
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
  /// Every entry, in archive order.
  let entries: [RawEntry]
  /// `spans[i]` locates `entries[i]`.
  let spans: [Span]
  /// The archive comment from the end record.
  let comment: Data

  /// Reads and checks `zip`'s central directory.
  /// - Throws: `ArchiveProblem` when the archive is unreadable or its directory fails a check.
  static func open(_ zip: URL, limits: ArchiveLimits) throws(ArchiveProblem) -> ArchiveIndex {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: zip, options: .mappedIfSafe)
    } catch {
      throw .unreadable(BundleArchive.readReason(error))
    }
    // The same checks as reading (directory, names, duplicates, limits); no entry is inflated.
    _ = try ArchiveReader(bytes: bytes, limits: limits)
    let entries = try BundleArchive.readDirectory(bytes, limits: limits)
    let (spans, comment) = try locate(bytes, count: entries.count)
    return ArchiveIndex(url: zip, bytes: bytes, entries: entries, spans: spans, comment: comment)
  }

  /// The regular files' normalized paths, in archive order.
  var filePaths: [String] { entries.filter { $0.kind == .file }.map(\.path) }

  /// The normalized paths of explicit directory entries.
  var directoryPaths: [String] { entries.filter { $0.kind == .directory }.map(\.path) }

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
