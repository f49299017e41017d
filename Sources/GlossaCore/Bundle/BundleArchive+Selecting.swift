import Foundation

extension BundleArchive {
  /// An archive whose directory is read and checked up front and whose entries are inflated
  /// one at a time, on demand: what lets the review show one language before the rest is read.
  ///
  /// Opening checks what `readFiles` checks about the directory (paths, links, duplicates, entry
  /// count, declared size); each entry's size and CRC are checked when it is read.
  public struct Selection: Sendable {
    /// The archive as the user named it, for messages.
    public let url: URL
    /// The regular files' paths, in archive order.
    public let paths: [String]
    private let bytes: Data
    private let entries: [String: RawEntry]
    private let limits: ArchiveLimits

    /// Maps `zip` and validates its directory.
    /// - Throws: `GlossaError` (`bundle.zip: …`) as `readFiles` does.
    public init(_ zip: URL, limits: ArchiveLimits = .init()) throws {
      do {
        let bytes: Data
        do {
          bytes = try Data(contentsOf: zip, options: .mappedIfSafe)
        } catch {
          throw ArchiveProblem.unreadable(readReason(error))
        }
        let all = try readDirectory(bytes, limits: limits)
        let files = all.filter { $0.kind == .file }
        try checkUnique(files: files.map(\.path), directories: all.filter { $0.kind == .directory }.map(\.path))
        var declared: UInt64 = 0
        for entry in files {
          let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
          declared = overflow ? .max : sum
        }
        if declared > limits.maxUncompressedBytes {
          throw ArchiveProblem.declaredTooLarge(total: declared, limit: limits.maxUncompressedBytes)
        }
        self.url = zip
        self.bytes = bytes
        self.limits = limits
        self.paths = files.map(\.path)
        self.entries = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
      } catch let problem as ArchiveProblem {
        throw problem.error(archive: zip)
      }
    }

    /// The inflated bytes of the file at `path`, checked against its declared size and CRC.
    /// - Throws: `GlossaError` naming the archive and entry when it is damaged or not in the archive.
    public func read(_ path: String) throws -> Data {
      guard let entry = entries[path] else {
        throw GlossaError("\(url.relativePath): no entry '\(path)'")
      }
      do {
        return try BundleArchive.extract(
          entry, from: bytes, budget: limits.maxUncompressedBytes, limit: limits.maxUncompressedBytes)
      } catch {
        throw error.error(archive: url)
      }
    }
  }
}
