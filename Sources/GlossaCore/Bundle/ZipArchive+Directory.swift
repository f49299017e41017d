import Foundation

/// A bounds-checked little-endian reader over archive bytes; every read returns nil past the end.
struct ByteReader {
  let bytes: Data

  func u16(_ offset: Int) -> UInt16? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    let base = bytes.startIndex + offset
    return UInt16(bytes[base]) | UInt16(bytes[base + 1]) << 8
  }

  func u32(_ offset: Int) -> UInt32? {
    guard let low = u16(offset), let high = u16(offset + 2) else { return nil }
    return UInt32(low) | UInt32(high) << 16
  }

  func u64(_ offset: Int) -> UInt64? {
    guard let low = u32(offset), let high = u32(offset + 4) else { return nil }
    return UInt64(low) | UInt64(high) << 32
  }

  /// The values of the ZIP64 extended-information field (header id 1) in the extra field at
  /// `offset`: one 64-bit value for each of `wanted` (in the order the format lists them:
  /// size, compressed size, local header offset), or nil when the field is absent or too short.
  func zip64Values(extraAt offset: Int, length: Int, wanted: Int) -> [UInt64]? {
    var cursor = offset
    let end = offset + length
    while cursor + 4 <= end, let id = u16(cursor), let size = u16(cursor + 2) {
      let body = cursor + 4
      guard body + Int(size) <= end else { return nil }
      if id == 1 {
        guard Int(size) >= 8 * wanted else { return nil }
        return (0..<wanted).compactMap { u64(body + 8 * $0) }
      }
      cursor = body + Int(size)
    }
    return nil
  }

  func slice(_ offset: Int, _ count: Int) -> Data? {
    guard offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
    let base = bytes.startIndex + offset
    return bytes[base..<(base + count)]
  }
}

extension ZipArchive {
  static let endRecordSignature: UInt32 = 0x0605_4b50
  static let centralSignature: UInt32 = 0x0201_4b50
  static let localSignature: UInt32 = 0x0403_4b50

  /// Opens `url` (memory-mapped when possible: see `MappedFile`) and reads and checks its central
  /// directory.
  /// - Throws: `ArchiveProblem` when the file is unreadable, is not a zip we support, or its
  ///   directory fails a check or `limits`.
  init(url: URL, limits: ArchiveLimits) throws(ArchiveProblem) {
    let file: MappedFile
    do {
      file = try MappedFile(contentsOf: url)
    } catch {
      throw .unreadable(BundleArchive.readReason(error))
    }
    let bytes = file.data
    let directory = try Self.readDirectory(bytes, limits: limits)
    let files = directory.entries.filter { $0.kind == .file }
    let directories = directory.entries.filter { $0.kind == .directory }.map(\.path)
    try BundleArchive.checkUnique(files: files.map(\.path), directories: directories)
    var declared: UInt64 = 0
    var budgets: [UInt64] = []
    budgets.reserveCapacity(files.count)
    for entry in files {
      budgets.append(limits.maxUncompressedBytes &- min(declared, limits.maxUncompressedBytes))
      let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
      declared = overflow ? .max : sum
    }
    if declared > limits.maxUncompressedBytes {
      throw .declaredTooLarge(total: declared, limit: limits.maxUncompressedBytes)
    }
    self.url = url
    self.file = file
    self.entries = directory.entries
    self.files = files
    self.directories = directories
    self.comment = directory.comment
    self.budgets = budgets
    self.limit = limits.maxUncompressedBytes
  }

  /// Reads the central directory in one pass: every entry's safe path, kind, sizes and record
  /// spans, and the archive comment. Private, and called once by `init(url:limits:)`: an open
  /// archive never reads its directory again.
  ///
  /// Enforces the entry-count limit before reading any record, so a huge directory costs nothing.
  private static func readDirectory(_ bytes: Data, limits: ArchiveLimits) throws(ArchiveProblem) -> (
    entries: [Entry], comment: Data
  ) {
    let reader = ByteReader(bytes: bytes)
    guard let end = findEndRecord(reader) else {
      throw reader.u32(0) == localSignature ? .truncated : .notZip
    }
    guard let disk = reader.u16(end + 4), let startDisk = reader.u16(end + 6),
      let onDisk = reader.u16(end + 8), let total = reader.u16(end + 10),
      let size = reader.u32(end + 12), let offset = reader.u32(end + 16),
      let commentLength = reader.u16(end + 20)
    else { throw .truncated }
    if disk != 0 || startDisk != 0 || onDisk != total || total == 0xFFFF || size == 0xFFFF_FFFF
      || offset == 0xFFFF_FFFF
    {
      throw .unsupportedLayout
    }
    let count = Int(total)
    if count > limits.maxEntries { throw .tooManyEntries(declared: count, limit: limits.maxEntries) }
    guard Int(offset) + Int(size) <= end else { throw .damagedDirectory(index: 0) }
    // Data before the archive (a self-extracting stub, padding) shifts every offset by the same
    // amount: the directory ends where the end record starts. Archives whose offsets already
    // count the prefix have no shift.
    let shift = end - (Int(offset) + Int(size))
    let directoryStart = Int(offset) + shift
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    var cursor = directoryStart
    for index in 0..<count {
      let entry = try readRecord(reader, at: cursor, index: index, directoryEnd: end, shift: shift)
      entries.append(entry)
      cursor = entry.central.upperBound
    }
    try checkNoOverlap(entries, directoryStart: directoryStart)
    // A comment cut short by the end of the file is kept as far as it goes.
    let comment = reader.slice(end + 22, min(Int(commentLength), bytes.count - end - 22)) ?? Data()
    return (entries, comment)
  }

  /// Scans backwards for the end-of-central-directory record (22 bytes plus a comment of up to 64 KiB).
  private static func findEndRecord(_ reader: ByteReader) -> Int? {
    let last = reader.bytes.count - 22
    guard last >= 0 else { return nil }
    for position in stride(from: last, through: max(0, last - 0xFFFF), by: -1)
    where reader.u32(position) == endRecordSignature {
      return position
    }
    return nil
  }

  /// Reads and validates the central record at `cursor` and the local header it points to.
  private static func readRecord(
    _ reader: ByteReader, at cursor: Int, index: Int, directoryEnd: Int, shift: Int
  ) throws(ArchiveProblem) -> Entry {
    guard reader.u32(cursor) == centralSignature,
      let madeBy = reader.u16(cursor + 4), let flags = reader.u16(cursor + 8),
      let method = reader.u16(cursor + 10), let crc = reader.u32(cursor + 16),
      let compressed = reader.u32(cursor + 20), let uncompressed = reader.u32(cursor + 24),
      let nameLength = reader.u16(cursor + 28), let extraLength = reader.u16(cursor + 30),
      let commentLength = reader.u16(cursor + 32), let attributes = reader.u32(cursor + 38),
      let localOffset = reader.u32(cursor + 42),
      let nameBytes = reader.slice(cursor + 46, Int(nameLength))
    else { throw .damagedDirectory(index: index) }
    let next = cursor + 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
    guard next <= directoryEnd else { throw .damagedDirectory(index: index) }
    guard let raw = String(data: nameBytes, encoding: .utf8) else {
      throw .badName(entry: String(decoding: nameBytes, as: UTF8.self))
    }
    let path = try BundleArchive.normalizedPath(raw)
    let kind = try entryKind(raw: raw, madeBy: madeBy, attributes: attributes)
    if flags & 1 != 0 { throw .encrypted(entry: raw) }
    // ZIP64: a field of all ones is in the extended-information extra field, in the order
    // size, compressed size, offset (only those that are all ones are there).
    let marked = [uncompressed, compressed, localOffset].map { $0 == 0xFFFF_FFFF }
    var (size, compressedSize, offset) = (UInt64(uncompressed), UInt64(compressed), UInt64(localOffset))
    if marked.contains(true) {
      guard
        let values = reader.zip64Values(
          extraAt: cursor + 46 + Int(nameLength), length: Int(extraLength), wanted: marked.filter { $0 }.count)
      else { throw .unsupportedLayout }
      var next = values.makeIterator()
      if marked[0] { size = next.next() ?? size }
      if marked[1] { compressedSize = next.next() ?? compressedSize }
      if marked[2] { offset = next.next() ?? offset }
    }
    // Entries past what a bundle could hold are refused here (the limits refuse them later anyway).
    guard size < 1 << 40, compressedSize < 1 << 40, offset < UInt64(reader.bytes.count) else {
      throw .unsupportedLayout
    }
    if kind == .file && method != 0 && method != 8 { throw .unsupportedMethod(entry: raw, method: method) }
    if kind == .file && method == 0 && compressedSize != size {
      throw .sizeMismatch(entry: raw, declared: size, actual: compressedSize)
    }
    let local = Int(offset) + shift
    guard reader.u32(local) == localSignature, let localFlags = reader.u16(local + 6),
      let localCRC = reader.u32(local + 14), let localCompressed = reader.u32(local + 18),
      let localUncompressed = reader.u32(local + 22), let localNameLength = reader.u16(local + 26),
      let localExtraLength = reader.u16(local + 28),
      let localName = reader.slice(local + 30, Int(localNameLength))
    else { throw .entryTruncated(entry: raw) }
    guard localName == nameBytes, reader.u16(local + 8) == method else { throw .headerMismatch(entry: raw) }
    // The local header must say what the directory says; with a data descriptor (flag bit 3)
    // it may leave the three fields zero instead.
    let deferred = localFlags & 0x8 != 0 && localCRC == 0 && localCompressed == 0 && localUncompressed == 0
    if !deferred {
      if localCRC != crc {
        throw .recordsDisagree(entry: raw, field: "CRC-32", local: UInt64(localCRC), central: UInt64(crc))
      }
      // A ZIP64 local header (Python's `force_zip64`) marks both sizes and gives them in its
      // extra field, size first.
      var (localSize, localCompressedSize) = (UInt64(localUncompressed), UInt64(localCompressed))
      if localUncompressed == 0xFFFF_FFFF || localCompressed == 0xFFFF_FFFF {
        guard
          let values = reader.zip64Values(
            extraAt: local + 30 + Int(localNameLength), length: Int(localExtraLength), wanted: 2),
          values.count == 2
        else { throw .headerMismatch(entry: raw) }
        if localUncompressed == 0xFFFF_FFFF { localSize = values[0] }
        if localCompressed == 0xFFFF_FFFF { localCompressedSize = values[1] }
      }
      if localCompressedSize != compressedSize {
        throw .recordsDisagree(
          entry: raw, field: "compressed size", local: localCompressedSize, central: compressedSize)
      }
      if localSize != size {
        throw .recordsDisagree(entry: raw, field: "size", local: localSize, central: size)
      }
    }
    let dataStart = local + 30 + Int(localNameLength) + Int(localExtraLength)
    guard reader.slice(dataStart, Int(compressedSize)) != nil else { throw .entryTruncated(entry: raw) }
    return Entry(
      path: path, kind: kind, method: method, crc: crc, compressedSize: compressedSize,
      uncompressedSize: size, central: cursor..<next, local: local..<dataStart)
  }

  /// Refuses entries whose local header or data share bytes with another entry's, or reach into
  /// the central directory: the shape of an overlapping-entry zip bomb, where one small
  /// compressed stream is counted many times.
  private static func checkNoOverlap(_ entries: [Entry], directoryStart: Int) throws(ArchiveProblem) {
    let ordered = entries.sorted { $0.local.lowerBound < $1.local.lowerBound }
    for (index, entry) in ordered.enumerated() {
      if entry.dataRange.upperBound > directoryStart {
        throw .overlapping(entry: entry.path, other: "the central directory")
      }
      if index + 1 < ordered.count, entry.dataRange.upperBound > ordered[index + 1].local.lowerBound {
        throw .overlapping(entry: ordered[index + 1].path, other: "'\(entry.path)'")
      }
    }
  }

  /// File or directory from the Unix mode (when the archive was made on Unix or macOS) or the name.
  private static func entryKind(raw: String, madeBy: UInt16, attributes: UInt32) throws(ArchiveProblem)
    -> Entry.Kind
  {
    let host = madeBy >> 8
    let nameSaysDirectory = raw.hasSuffix("/") || raw.hasSuffix("\\")
    if host == 3 || host == 19 {
      switch (attributes >> 16) & 0o170000 {
      case 0o120000: throw .symlink(entry: raw)
      case 0o040000: return .directory
      case 0o100000: return nameSaysDirectory ? .directory : .file
      case 0: break
      default: throw .special(entry: raw)
      }
    }
    if host == 0 && attributes & 0x10 != 0 { return .directory }
    return nameSaysDirectory ? .directory : .file
  }
}
