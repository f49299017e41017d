import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary file an atomic write fills before it replaces its target.
///
/// On Linux it has no name while it is written (`O_TMPFILE` in the target's folder): a writer
/// killed at any instant (`kill -9`) leaves nothing in the bundle, not even a temporary. It gets
/// a name (`.NAME.glossa-PID-RANDOM.tmp`) only for the two system calls that put it in place —
/// a link, then a rename over the target — so only a kill between those two leaves one, which
/// the next write of the same file removes (`removeStaleTemporaries`). Where the file system
/// has no unnamed files (or on macOS) the temporary is named from the start, as before.
struct AtomicTemporary {
  let fd: Int32
  /// The temporary's name, or nil while it has none.
  private let named: URL?

  /// Opens a temporary for `url` with `mode`; nil (with `errno` set) when none can be created.
  static func open(for url: URL, mode: mode_t) -> AtomicTemporary? {
    #if os(Linux)
      // O_TMPFILE (__O_TMPFILE | O_DIRECTORY): not imported from the C macro.
      let unnamed = Glibc.open(url.deletingLastPathComponent().path, Int32(0o20000000) | O_DIRECTORY | O_WRONLY, mode)
      if unnamed >= 0 {
        return AtomicTemporary(fd: unnamed, named: nil)
      }
    // Unsupported here (EOPNOTSUPP, EISDIR, EINVAL): fall back to a named file.
    #endif
    let temp = AtomicFile.temporary(for: url)
    let fd = Glibc.open(temp.path, O_WRONLY | O_CREAT | O_EXCL, mode)
    guard fd >= 0 else { return nil }
    return AtomicTemporary(fd: fd, named: temp)
  }

  /// Puts the (flushed) temporary in place of `url` and closes it; on failure removes it and
  /// returns the reason, leaving `url` as it was.
  func commit(to url: URL) -> String? {
    defer { close(fd) }
    let temp: URL
    if let named {
      temp = named
    } else {
      temp = AtomicFile.temporary(for: url)
      guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temp.path, AT_SYMLINK_FOLLOW) == 0 else {
        return String(cString: strerror(errno))
      }
    }
    guard rename(temp.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temp.path)
      return reason
    }
    return nil
  }

  /// Closes and removes the temporary (an unnamed one vanishes on close).
  func discard() {
    close(fd)
    if let named { unlink(named.path) }
  }
}
