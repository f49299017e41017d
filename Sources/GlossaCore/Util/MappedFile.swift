import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file's bytes, mapped read-only, whose pages can be handed back to the system once
/// read: a zip's compressed entries are each read once, and a lint of a 44 MB archive would
/// otherwise keep every page of it resident to the end (a quarter of its peak memory).
///
/// Dropping pages is only safe because the mapping is private, read-only and backed by the file:
/// a dropped page that is read again is read again from the file. Anything else (an empty file,
/// a pipe, a failed `mmap`) is read into memory instead, and `release` does nothing.
struct MappedFile: Sendable {
  /// The whole file, from index 0.
  let data: Data
  /// The mapping's address, when the bytes are mapped.
  private let base: UInt?

  /// Reads (maps) the file at `url`.
  /// - Throws: what reading the file threw when it cannot be mapped or read.
  init(contentsOf url: URL) throws {
    if let mapped = Self.map(url.path) {
      data = mapped.data
      base = mapped.base == 0 ? nil : mapped.base
    } else {
      data = try Data(contentsOf: url)
      base = nil
    }
  }

  /// Lets the system drop the whole pages inside `range` (offsets into `data`) from memory: they
  /// are read from the file again if ever asked for.
  func release(_ range: Range<Int>) {
    guard let base else { return }
    let page = UInt(max(1, Int(sysconf(Int32(_SC_PAGESIZE)))))
    let start = (base + UInt(range.lowerBound) + page - 1) / page * page
    let end = (base + UInt(range.upperBound)) / page * page
    guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(address, Int(end - start), Int32(MADV_DONTNEED))
  }

  /// Maps a regular, non-empty file read-only; nil when it cannot be.
  private static func map(_ path: String) -> (data: Data, base: UInt)? {
    // Non-blocking, so that a FIFO is not opened (and its writer met) here: only its `stat` is
    // looked at, and it is then read as before.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
      let count = Int(exactly: status.st_size)
    else { return nil }
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
      return nil
    }
    let data = Data(
      bytesNoCopy: address, count: count,
      deallocator: .custom { pointer, count in _ = munmap(pointer, count) })
    // Pages may only be dropped from the mapping itself: should `Data` ever hold a copy
    // instead, the bytes are simply kept.
    let held = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    guard held == UInt(bitPattern: address) else { return (data, 0) }
    return (data, held)
  }
}
