import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file read straight into a byte array: a large String Catalog's reader needs its
/// bytes as an array, and reading them as `Data` first costs a copy of the whole file (35 MB,
/// about a tenth of the catalog's lint).
enum FileBytes {
  /// The bytes of the regular file at `path`; nil for anything else, or when it cannot be read
  /// or changes size while read (the caller then reads it the ordinary way, which reports why).
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 0 else { return nil }
    let size = Int(status.st_size)
    var complete = true
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      var done = 0
      while done < size {
        let got = SystemCall.read(fd, buffer.baseAddress! + done, size - done)
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { break }
        done += got
      }
      initialized = done
      complete = done == size
    }
    // Shorter or longer than it was a moment ago: written to while read.
    var probe: UInt8 = 0
    guard complete, SystemCall.read(fd, &probe, 1) == 0 else { return nil }
    return bytes
  }
}
