import Foundation

/// Writes a zip archive front to back into an `AtomicStream`: each entry's local header and data
/// as it arrives, then the central directory and the end record.
///
/// New entries get fixed metadata (1980-01-01 00:00, Unix modes 0644/0755), so the same input gives
/// the same bytes. Copied entries keep their bytes; only offsets change. No ZIP64: an archive that
/// would pass 4 GiB or 65,535 entries is refused.
final class ZipStreamWriter {
  /// 1980-01-01 as an MS-DOS date (the earliest zip timestamp); the time is 00:00:00.
  static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
  /// Unix host (3), spec version 2.0.
  static let madeBy: UInt16 = 0x0314
  static let versionNeeded: UInt16 = 20
  static let utf8Flag: UInt16 = 1 << 11
  static let descriptorFlag: UInt16 = 1 << 3

  private let out: AtomicStream
  /// The archive's name for error messages.
  private let archive: String
  private var central = Data()
  private var count = 0

  /// A writer appending to `out`; `archive` names the zip in errors.
  init(_ out: AtomicStream, archive: String) {
    self.out = out
    self.archive = archive
  }

  /// A directory entry `path/`, stored, mode 0755.
  func addDirectory(_ path: String) throws {
    let name = Data((path + "/").utf8)
    let header = Header(name: name, method: 0, crc: 0, compressed: 0, size: 0, mode: 0o040755)
    try append(header, data: Data())
  }

  /// A file entry whose deflated bytes, CRC-32 and size are already known, mode 0644.
  func addFile(_ path: String, deflated: Data, crc: UInt32, size: UInt64) throws {
    let header = Header(
      name: Data(path.utf8), method: 8, crc: crc, compressed: UInt64(deflated.count), size: size, mode: 0o100644)
    try append(header, data: deflated)
  }

  /// A file entry deflated while it streams from `read` (which returns empty data at the end);
  /// the header's CRC-32 and sizes are patched in afterwards. Returns the uncompressed size.
  func addStreamedFile(_ path: String, read: () throws -> Data) throws -> UInt64 {
    var header = Header(name: Data(path.utf8), method: 8, crc: 0, compressed: 0, size: 0, mode: 0o100644)
    let start = out.offset
    try checkFits(start)
    try out.write(header.local())
    let deflater = try Deflater(name: path)
    var crc: UInt32 = 0
    var size: UInt64 = 0
    var pending = try read()
    repeat {
      let next = pending.isEmpty ? Data() : try read()
      try pending.withUnsafeBytes { bytes in
        crc = DeflateCodec.crc32(bytes, continuing: crc)
        try deflater.push(bytes, finish: next.isEmpty) { try out.write($0) }
      }
      size += UInt64(pending.count)
      pending = next
    } while !pending.isEmpty
    header.crc = crc
    header.size = size
    header.compressed = out.offset - start - UInt64(30 + header.name.count)
    try checkFits(header.compressed)
    try checkFits(size)
    try out.patch(header.local(), at: start)
    try record(header, at: start)
    return size
  }

  /// Copies an entry of another archive: its local header (30 bytes + name + extra) and data as
  /// they are, and its central record with the new offset. A data-descriptor flag is cleared and
  /// the CRC-32 and sizes are written into the local header, so the descriptor is not needed.
  func copyEntry(local: Data, data: Data, centralRecord: Data) throws {
    let start = out.offset
    try checkFits(start)
    try checkFits(UInt64(data.count))
    var local = Data(local)
    var centralRecord = Data(centralRecord)
    let flags = centralRecord.zipU16(at: 8)
    if flags & Self.descriptorFlag != 0 {
      let cleared = flags & ~Self.descriptorFlag
      centralRecord.zipSet(cleared, at: 8)
      local.zipSet(cleared, at: 6)
      for field in [16, 20, 24] {
        local.zipSet(centralRecord.zipU32(at: field), at: field - 2)
      }
    }
    centralRecord.zipSet(UInt32(start), at: 42)
    try out.write(local)
    try out.write(data)
    central.append(centralRecord)
    count += 1
    try checkCount()
  }

  /// Writes the central directory and the end record (with `comment`, at most 65,535 bytes).
  func finish(comment: Data = Data()) throws {
    let directoryStart = out.offset
    try checkFits(directoryStart)
    try out.write(central)
    try checkFits(out.offset)
    var end = Data()
    end.zipAppend(ZipArchive.endRecordSignature)
    end.zipAppend(UInt16(0))
    end.zipAppend(UInt16(0))
    end.zipAppend(UInt16(count))
    end.zipAppend(UInt16(count))
    end.zipAppend(UInt32(central.count))
    end.zipAppend(UInt32(directoryStart))
    end.zipAppend(UInt16(min(comment.count, 0xFFFF)))
    end.append(comment.prefix(0xFFFF))
    try out.write(end)
  }

  private func append(_ header: Header, data: Data) throws {
    let start = out.offset
    try checkFits(start)
    try checkFits(header.compressed)
    try checkFits(header.size)
    try out.write(header.local())
    try out.write(data)
    try record(header, at: start)
  }

  private func record(_ header: Header, at offset: UInt64) throws {
    central.append(header.central(offset: UInt32(offset)))
    count += 1
    try checkCount()
  }

  /// Refuses an offset or size that only ZIP64 could hold.
  private func checkFits(_ value: UInt64) throws {
    guard value < 0xFFFF_FFFF else {
      throw GlossaError.pack(archive, problem: .needsZip64ForSize)
    }
  }

  private func checkCount() throws {
    guard count < 0xFFFF else {
      throw GlossaError.pack(archive, problem: .needsZip64ForEntries(limit: 0xFFFE))
    }
  }

  /// The fields a new entry's local header and central record share.
  private struct Header {
    var name: Data
    var method: UInt16
    var crc: UInt32
    var compressed: UInt64
    var size: UInt64
    var mode: UInt32

    var flags: UInt16 { name.allSatisfy { $0 < 0x80 } ? 0 : ZipStreamWriter.utf8Flag }

    func local() -> Data {
      var data = Data(capacity: 30 + name.count)
      data.zipAppend(ZipArchive.localSignature)
      data.zipAppend(ZipStreamWriter.versionNeeded)
      shared(into: &data)
      data.zipAppend(UInt16(0))
      data.append(name)
      return data
    }

    func central(offset: UInt32) -> Data {
      var data = Data(capacity: 46 + name.count)
      data.zipAppend(ZipArchive.centralSignature)
      data.zipAppend(ZipStreamWriter.madeBy)
      data.zipAppend(ZipStreamWriter.versionNeeded)
      shared(into: &data)
      data.zipAppend(UInt16(0))  // extra
      data.zipAppend(UInt16(0))  // comment
      data.zipAppend(UInt16(0))  // disk
      data.zipAppend(UInt16(0))  // internal attributes
      data.zipAppend(mode << 16 | (mode & 0o040000 != 0 ? 0x10 : 0))
      data.zipAppend(offset)
      data.append(name)
      return data
    }

    /// Flags through name length: the part both records have in common.
    private func shared(into data: inout Data) {
      data.zipAppend(flags)
      data.zipAppend(method)
      data.zipAppend(UInt16(0))
      data.zipAppend(ZipStreamWriter.dosDate)
      data.zipAppend(crc)
      data.zipAppend(UInt32(truncatingIfNeeded: compressed))
      data.zipAppend(UInt32(truncatingIfNeeded: size))
      data.zipAppend(UInt16(name.count))
    }
  }
}

extension Data {
  mutating func zipAppend<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }

  /// Overwrites `T.bitWidth / 8` bytes at `offset` (from `startIndex`) with `value`, little-endian.
  mutating func zipSet<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    var v = value.littleEndian
    Swift.withUnsafeBytes(of: &v) { bytes in
      replaceSubrange((startIndex + offset)..<(startIndex + offset + bytes.count), with: bytes)
    }
  }

  func zipU16(at offset: Int) -> UInt16 {
    UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
  }

  func zipU32(at offset: Int) -> UInt32 {
    UInt32(zipU16(at: offset)) | UInt32(zipU16(at: offset + 2)) << 16
  }
}
