#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls whose Swift names differ between Glibc and Darwin, in one place: callers
/// write `SystemCall.write` instead of qualifying `Glibc.write`, which does not build on macOS.
enum SystemCall {
  /// `read(2)`.
  static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  /// `pread(2)`: reads at `offset` without moving the file position.
  static func pread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
    #if canImport(Glibc)
      Glibc.pread(fd, buffer, count, off_t(offset))
    #else
      Darwin.pread(fd, buffer, count, off_t(offset))
    #endif
  }

  /// `write(2)`.
  static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
