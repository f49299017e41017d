import Foundation

/// Bounds applied when reading an untrusted zip archive.
public struct ArchiveLimits: Sendable, Hashable {
  /// The largest number of entries (files and directories) an archive may hold.
  public var maxEntries: Int
  /// The largest total of uncompressed bytes, both as declared and as actually inflated.
  public var maxUncompressedBytes: UInt64

  /// Limits with the defaults: 20,000 entries and 1 GiB.
  public init(maxEntries: Int = 20_000, maxUncompressedBytes: UInt64 = 1 << 30) {
    self.maxEntries = maxEntries
    self.maxUncompressedBytes = maxUncompressedBytes
  }
}

/// One regular file read from an archive.
public struct ArchiveFile: Sendable, Hashable {
  /// The entry's path inside the archive, `/`-separated and normalized (`Resources/de.lproj/X.strings`).
  public var path: String
  /// The file's uncompressed bytes.
  public var data: Data

  /// A file at `path` holding `data`.
  public init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}

/// What `BundleArchive.pack` put into the archive.
public struct PackSummary: Sendable, Hashable {
  /// The number of regular files packed.
  public var files: Int
  /// Their total uncompressed size.
  public var bytes: UInt64
  /// The size of the written zip file.
  public var archiveBytes: Int
}
