import Foundation

/// Reading, packing, rewriting and unpacking zipped localization bundles.
///
/// Every operation on an existing zip opens one `ZipArchive`, which reads and checks the central
/// directory once; entries inflate through `DeflateCodec` (zlib), and `ZipStreamWriter` writes
/// archives. These are the public entry points, turning `ArchiveProblem`s into `GlossaError`s.
public enum BundleArchive {
  /// Every regular file in `zip`, in archive order, after validating the whole archive.
  ///
  /// - Throws: `GlossaError.archive` for unsafe paths, links, duplicates, damage, or when the entry
  ///   count or the declared or inflated size exceeds `limits`.
  public static func readFiles(at zip: URL, limits: ArchiveLimits = .init()) throws -> [ArchiveFile] {
    do {
      return try ZipArchive(url: zip, limits: limits).readFiles()
    } catch {
      throw error.error(archive: zip)
    }
  }

  /// Extracts `zip` into `directory` and returns the written files' paths, in archive order.
  ///
  /// Every entry is read and validated before anything is written, so a bad archive (or a
  /// `directory` that exists but is not a folder) leaves the disk untouched; paths never leave
  /// `directory`, and existing links inside it are never followed.
  /// Files are written atomically; `directory` and the archive's directories are created.
  /// - Throws: `GlossaError.unpack` with the problem: the archive's, the destination's (nothing
  ///   was written), or a folder or file that could not be written (what was written is removed).
  @discardableResult
  public static func unpack(_ zip: URL, to directory: URL, limits: ArchiveLimits = .init()) throws -> [String] {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(url: zip, limits: limits)
    } catch {
      throw GlossaError.unpack(zip.relativePath, problem: .archive(error))
    }
    return try archive.unpack(to: directory)
  }

  /// Writes a copy of `zip` in which the entries named in `replacing` hold new content.
  ///
  /// Replaced entries keep their place; absent ones are added at the end (after any missing
  /// directory entries). Every other entry's local header and compressed bytes are copied as they
  /// are, without being inflated: the central directory is checked (names, links, duplicates,
  /// limits, headers, bounds), but only new content is compressed. The result is streamed to a
  /// temporary file that atomically replaces `output ?? zip`.
  /// - Throws: `GlossaError.archive` when `zip`'s directory fails a check or a new path is unsafe
  ///   or names a directory; `GlossaError.writeFailed` when the result cannot be written.
  public static func rewrite(
    _ zip: URL, replacing: [String: Data], to output: URL? = nil, limits: ArchiveLimits = .init()
  ) throws {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(url: zip, limits: limits)
    } catch {
      throw error.error(archive: zip)
    }
    try archive.rewritten(replacing: replacing, to: output ?? zip)
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
