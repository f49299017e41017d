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
    if let failure = temp.commit(to: url) {
      throw GlossaError.writeFailed(url.path, reason: failure)
    }
  }
}
