import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock`) on the directory a bundle's files are written in,
/// held while a save compares file stamps and renames its files into place, so that two
/// Glossa processes never interleave a check and a write. Released on `unlock` or deinit.
final class WriteLock {
  private var descriptor: Int32

  /// Takes the lock on `directory`, waiting up to `timeout` seconds for another holder.
  /// - Throws: `GlossaError.writeFailed` when the directory cannot be opened or another
  ///   process holds the lock for longer than `timeout`.
  init(directory: URL, timeout: TimeInterval = 30) throws {
    descriptor = open(directory.path, O_RDONLY)
    guard descriptor >= 0 else {
      throw GlossaError.writeFailed(directory.path, reason: String(cString: strerror(errno)))
    }
    let deadline = Date().addingTimeInterval(timeout)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
        let reason =
          errno == EWOULDBLOCK
          ? "another process has been writing there for \(Int(timeout)) s" : String(cString: strerror(errno))
        close(descriptor)
        descriptor = -1
        throw GlossaError.writeFailed(directory.path, reason: reason)
      }
      usleep(5_000)
    }
  }

  /// Releases the lock (also done on deinit).
  func unlock() {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { unlock() }
}
