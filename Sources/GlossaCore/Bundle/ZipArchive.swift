import Foundation

/// A zip archive opened once: its bytes (memory-mapped when possible) and its central directory,
/// read and checked a single time, serving whole and selective reads, rewrites and unpacking.
///
/// Opening checks everything the directory says — names (no `..`, absolute paths, links,
/// duplicates), the entry count, the declared total size, every local header and bound — without
/// inflating any entry. Each entry keeps where its records are, so a rewrite copies compressed
/// bytes as they are; `data(at:)` inflates one file on demand, in any order or in parallel, with
/// the budget it would have when reading the archive front to back.
struct ZipArchive: Sendable {
  /// One central-directory record, checked against its local header.
  struct Entry: Sendable {
    /// A regular file or a directory (links and devices are refused when opening).
    enum Kind: Sendable { case file, directory }

    /// The normalized `/`-separated path (`Resources/de.lproj/Localizable.strings`).
    var path: String
    var kind: Kind
    /// 0 (stored) or 8 (deflate) for files.
    var method: UInt16
    var crc: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    /// The central-directory record in the archive bytes (46 bytes + name + extra + comment).
    var central: Range<Int>
    /// The local header (30 bytes + name + extra); the compressed data follows it.
    var local: Range<Int>

    /// The compressed data in the archive bytes.
    var dataRange: Range<Int> { local.upperBound..<(local.upperBound + Int(compressedSize)) }
  }

  /// The archive's location, named in messages.
  let url: URL
  /// The whole archive, mapped when possible.
  let file: MappedFile
  /// The whole archive, starting at index 0.
  var bytes: Data { file.data }
  /// Every entry, files and directories, in archive order.
  let entries: [Entry]
  /// The file entries, in archive order; `data(at:)` takes an index into this.
  let files: [Entry]
  /// The normalized paths of explicit directory entries, in archive order.
  let directories: [String]
  /// The archive comment from the end record.
  let comment: Data
  /// Inflated bytes left for each file: the limit less the declared sizes of the files before it
  /// (an earlier file that inflates to anything but its declared size fails on its own).
  let budgets: [UInt64]
  /// `ArchiveLimits.maxUncompressedBytes`, for messages.
  let limit: UInt64
}
