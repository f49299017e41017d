import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Atomic file replacement: write a temporary file beside the target (unnamed where the system
/// allows: `AtomicTemporary`), flush it, rename it over.
///
/// A failure at any step leaves the old file untouched and removes the temporary file; so does
/// a `kill -9` at any instant.
public enum AtomicFile {
  /// Writes `data` to `url` atomically, keeping the old file's permissions when it exists.
  ///
  /// - Throws: `GlossaError` naming the file when the directory is not writable or the disk is full.
  public static func write(_ data: Data, to url: URL) throws {
    let staged = try stage(data, for: url)
    if let failure = staged.commit(to: url) {
      throw GlossaError.writeFailed(url.path, reason: failure)
    }
  }

  /// Writes several files all or none: every file's bytes are written and flushed to its own
  /// temporary first, and only when all of them are on disk is each renamed over its target. A
  /// full disk or any other failure while writing leaves every target as it was (a half-written
  /// language, or a save that wrote two of three edited files, cannot happen then). The renames
  /// themselves take no space; should one still fail, the files renamed before it stay written.
  /// More than `batch` files are written a batch at a time (each temporary holds a descriptor).
  /// - Returns: the targets written, in order.
  /// - Throws: `GlossaError.writeFailed` naming the file that could not be written.
  @discardableResult
  static func writeAll(_ files: [(data: Data, url: URL)], batch: Int = 256) throws -> [URL] {
    var written: [URL] = []
    var start = 0
    while start < files.count {
      let part = files[start..<min(files.count, start + batch)]
      var staged: [(AtomicTemporary, URL)] = []
      do {
        for file in part { staged.append((try stage(file.data, for: file.url), file.url)) }
      } catch let error as GlossaError {
        for (temporary, _) in staged { temporary.discard() }
        guard case .writeFailed(let file, let reason) = error, files.count > 1, written.isEmpty else { throw error }
        throw GlossaError.writeFailed(
          file, reason: reason + "; none of the \(files.count) files of this save was replaced")
      }
      for (index, (temporary, url)) in staged.enumerated() {
        if let failure = temporary.commit(to: url) {
          for (rest, _) in staged[(index + 1)...] { rest.discard() }
          throw GlossaError.writeFailed(url.path, reason: failure)
        }
        written.append(url)
      }
      start += batch
    }
    return written
  }

  /// A temporary beside `url` holding `data`, flushed, with the old file's permissions (0644 for
  /// a new one), ready to be committed over `url`.
  private static func stage(_ data: Data, for url: URL) throws -> AtomicTemporary {
    removeStaleTemporaries(for: url)
    var mode: mode_t = 0o644
    var info = stat()
    if stat(url.path, &info) == 0 { mode = info.st_mode & 0o7777 }
    guard let temp = AtomicTemporary.open(for: url, mode: mode) else {
      throw GlossaError.writeFailed(url.path, reason: String(cString: strerror(errno)))
    }
    let fd = temp.fd
    var failure: String?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let n = SystemCall.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += n
      }
    }
    if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      temp.discard()
      throw GlossaError.writeFailed(url.path, reason: failure)
    }
    return temp
  }
}
