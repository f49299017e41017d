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
      guard let base = buffer.baseAddress else { return }
      if size >= parallelBytes { LargePages.ask(for: UnsafeMutableRawPointer(base), count: size) }
      if size >= parallelBytes && ProcessInfo.processInfo.activeProcessorCount > 1 {
        // Two halves on two cores: the kernel's copy and the zeroing of the array's fresh
        // pages are most of a large file's read, and they split evenly (page-aligned halves).
        let middle = size / 2 & ~4095
        let ranges = [0..<middle, middle..<size]
        let read = ParallelResults<Bool>(count: 2)
        let address = UInt(bitPattern: base)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
          let range = ranges[half]
          let start = UnsafeMutablePointer<UInt8>(bitPattern: address)! + range.lowerBound
          read.set(half, readFully(fd, into: start, count: range.count, at: range.lowerBound))
        }
        complete = read.values == [true, true]
      } else {
        complete = readFully(fd, into: base, count: size, at: 0)
      }
      initialized = complete ? size : 0
    }
    // Shorter or longer than it was a moment ago: written to while read.
    var probe: UInt8 = 0
    guard complete, SystemCall.pread(fd, &probe, 1, at: size) == 0 else { return nil }
    return bytes
  }

  /// Above this many bytes (a large String Catalog, read before anything else can run) a file
  /// is read in two halves at once.
  static let parallelBytes = 4 << 20

  /// Reads `count` bytes at `offset` of `fd` into `buffer`; false when the file ends first or a
  /// read fails.
  private static func readFully(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int)
    -> Bool
  {
    var done = 0
    while done < count {
      let got = SystemCall.pread(fd, buffer + done, count - done, at: offset + done)
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return false }
      done += got
    }
    return true
  }
}
