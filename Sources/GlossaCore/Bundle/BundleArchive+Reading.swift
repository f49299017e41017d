import Foundation

/// Reading, validating and extracting zipped localization bundles.
///
/// The central directory is parsed here with bounds checks; entries inflate through
/// `DeflateCodec` (zlib), and `ZipStreamWriter` writes archives.
public enum BundleArchive {
  /// Every regular file in `zip`, in archive order, after validating the whole archive.
  ///
  /// - Throws: `GlossaError` (`bundle.zip: entry '…' …`) for unsafe paths, links, duplicates, damage,
  ///   or when the entry count or the declared or inflated size exceeds `limits`.
  public static func readFiles(at zip: URL, limits: ArchiveLimits = .init()) throws -> [ArchiveFile] {
    do {
      return try readValidated(zip, limits: limits).files
    } catch let problem as ArchiveProblem {
      throw problem.error(archive: zip)
    }
  }

  /// The archive's files and directories, all checked; throws `ArchiveProblem`.
  static func readValidated(_ zip: URL, limits: ArchiveLimits) throws -> (
    files: [ArchiveFile], directories: [String]
  ) {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: zip, options: .mappedIfSafe)
    } catch {
      throw ArchiveProblem.unreadable(readReason(error))
    }
    return try validate(bytes, limits: limits)
  }

  /// Validates archive bytes fully: directory, names, limits, then every entry's data.
  static func validate(_ bytes: Data, limits: ArchiveLimits) throws(ArchiveProblem) -> (
    files: [ArchiveFile], directories: [String]
  ) {
    let reader = try ArchiveReader(bytes: bytes, limits: limits)
    var files: [ArchiveFile] = []
    files.reserveCapacity(reader.files.count)
    for index in reader.files.indices {
      files.append(ArchiveFile(path: reader.files[index].path, data: try reader.data(at: index)))
    }
    return (files, reader.directories)
  }

  /// Inflates one entry, stopping as soon as the output would pass `budget`, and checks size and CRC.
  static func extract(_ entry: RawEntry, from bytes: Data, budget: UInt64, limit: UInt64)
    throws(ArchiveProblem) -> Data
  {
    let reader = ByteReader(bytes: bytes)
    guard let compressed = reader.slice(entry.dataStart, Int(entry.compressedSize)) else {
      throw .entryTruncated(entry: entry.path)
    }
    if entry.method == 0 {
      guard UInt64(compressed.count) <= budget else { throw .inflatedTooLarge(entry: entry.path, limit: limit) }
      let output = Data(compressed)
      if UInt64(output.count) != entry.uncompressedSize {
        throw .sizeMismatch(entry: entry.path, declared: entry.uncompressedSize, actual: UInt64(output.count))
      }
      if DeflateCodec.crc32(output) != entry.crc { throw .crcMismatch(entry: entry.path) }
      return output
    }
    let inflated: (data: Data, total: UInt64)
    do {
      inflated = try DeflateCodec.inflate(compressed, declared: entry.uncompressedSize, budget: budget)
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
    if DeflateCodec.crc32(inflated.data) != entry.crc { throw .crcMismatch(entry: entry.path) }
    return inflated.data
  }

  /// The reason part of a Foundation read error (`No such file or directory`).
  static func readReason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return POSIXError(code).localizedDescription
    }
    return nsError.localizedDescription
  }
}

/// A zip whose directory, names and declared sizes are validated up front and whose entries are
/// inflated one at a time, in any order or in parallel, each with the budget it would have when
/// reading the archive front to back.
struct ArchiveReader: Sendable {
  let bytes: Data
  /// The file entries in archive order.
  let files: [RawEntry]
  let directories: [String]
  /// Inflated bytes left for each entry: the limit less the declared sizes of the entries before it
  /// (an earlier entry that inflates to anything but its declared size fails on its own).
  private let budgets: [UInt64]
  private let limit: UInt64

  init(bytes: Data, limits: ArchiveLimits) throws(ArchiveProblem) {
    let entries = try BundleArchive.readDirectory(bytes, limits: limits)
    let fileEntries = entries.filter { $0.kind == .file }
    let directories = entries.filter { $0.kind == .directory }.map(\.path)
    try BundleArchive.checkUnique(files: fileEntries.map(\.path), directories: directories)
    var declared: UInt64 = 0
    var budgets: [UInt64] = []
    budgets.reserveCapacity(fileEntries.count)
    for entry in fileEntries {
      budgets.append(limits.maxUncompressedBytes &- min(declared, limits.maxUncompressedBytes))
      let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
      declared = overflow ? .max : sum
    }
    if declared > limits.maxUncompressedBytes {
      throw .declaredTooLarge(total: declared, limit: limits.maxUncompressedBytes)
    }
    self.bytes = bytes
    self.files = fileEntries
    self.directories = directories
    self.budgets = budgets
    self.limit = limits.maxUncompressedBytes
  }

  /// Opens the archive at `url` (memory-mapped when possible).
  init(url: URL, limits: ArchiveLimits) throws(ArchiveProblem) {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: url, options: .mappedIfSafe)
    } catch {
      throw ArchiveProblem.unreadable(BundleArchive.readReason(error))
    }
    try self.init(bytes: bytes, limits: limits)
  }

  /// The inflated, checked bytes of file entry `index`.
  func data(at index: Int) throws(ArchiveProblem) -> Data {
    try BundleArchive.extract(files[index], from: bytes, budget: budgets[index], limit: limit)
  }
}
