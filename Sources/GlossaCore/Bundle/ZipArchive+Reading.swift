import Foundation

extension ZipArchive {
  /// The inflated, checked bytes of file `index` (an index into `files`).
  ///
  /// Inflating stops as soon as the output would pass the file's budget; the size and CRC-32 are
  /// checked. Safe to call for several files at once.
  ///
  /// The compressed bytes' pages are then handed back (`MappedFile.release`): a lint or a review
  /// reads each entry once, and keeping the archive resident would cost its whole size.
  func data(at index: Int) throws(ArchiveProblem) -> Data {
    Data(try bytes(at: index))
  }

  /// `data(at:)` as an array of bytes, inflated straight into it.
  func bytes(at index: Int) throws(ArchiveProblem) -> [UInt8] {
    defer { file.release(files[index].dataRange) }
    return try Self.extract(files[index], from: bytes, budget: budgets[index], limit: limit)
  }

  /// Every file, inflated and checked, in archive order.
  func readFiles() throws(ArchiveProblem) -> [ArchiveFile] {
    var result: [ArchiveFile] = []
    result.reserveCapacity(files.count)
    for index in files.indices {
      result.append(ArchiveFile(path: files[index].path, data: try data(at: index)))
    }
    return result
  }

  /// Inflates `entry`'s data in `bytes`, stopping as soon as the output would pass `budget`, and
  /// checks its size and CRC-32; `limit` is the archive's limit, for the message.
  static func extract(_ entry: Entry, from bytes: Data, budget: UInt64, limit: UInt64)
    throws(ArchiveProblem) -> [UInt8]
  {
    let reader = ByteReader(bytes: bytes)
    guard let compressed = reader.slice(entry.dataRange.lowerBound, Int(entry.compressedSize)) else {
      throw .entryTruncated(entry: entry.path)
    }
    if entry.method == 0 {
      guard UInt64(compressed.count) <= budget else { throw .inflatedTooLarge(entry: entry.path, limit: limit) }
      let output = [UInt8](compressed)
      if UInt64(output.count) != entry.uncompressedSize {
        throw .sizeMismatch(entry: entry.path, declared: entry.uncompressedSize, actual: UInt64(output.count))
      }
      if output.withUnsafeBytes({ DeflateCodec.crc32($0) }) != entry.crc { throw .crcMismatch(entry: entry.path) }
      return output
    }
    let inflated: (bytes: [UInt8], total: UInt64, checked: Bool)
    do {
      inflated = try DeflateCodec.inflate(
        compressed, declared: entry.uncompressedSize, budget: budget, crc: entry.crc)
    } catch {
      switch error {
      case .truncated: throw .entryTruncated(entry: entry.path)
      case .corrupt: throw .corruptData(entry: entry.path)
      case .overBudget: throw .inflatedTooLarge(entry: entry.path, limit: limit)
      }
    }
    if inflated.total != entry.uncompressedSize {
      throw .sizeMismatch(entry: entry.path, declared: entry.uncompressedSize, actual: inflated.total)
    }
    // Bytes from libdeflate come with their CRC-32 already held against the entry's.
    if !inflated.checked, inflated.bytes.withUnsafeBytes({ DeflateCodec.crc32($0) }) != entry.crc {
      throw .crcMismatch(entry: entry.path)
    }
    return inflated.bytes
  }
}
