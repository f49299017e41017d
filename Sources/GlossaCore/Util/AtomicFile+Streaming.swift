import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// Writes `url` atomically from a body that streams its bytes into an `AtomicStream`.
  ///
  /// The bytes go to a temporary file beside `url` (keeping an existing file's permissions), which
  /// is flushed and renamed over `url` only when `body` returns; if `body` or any write throws, the
  /// temporary file is removed and `url` keeps its old bytes.
  /// - Throws: what `body` throws, or `GlossaError.writeFailed` naming the file when a write fails.
  static func write(to url: URL, _ body: (AtomicStream) throws -> Void) throws {
    removeStaleTemporaries(for: url)
    var mode: mode_t = 0o644
    var info = stat()
    if stat(url.path, &info) == 0 { mode = info.st_mode & 0o7777 }
    guard let temp = AtomicTemporary.open(for: url, mode: mode) else {
      throw GlossaError.writeFailed(url.path, reason: String(cString: strerror(errno)))
    }
    let stream = AtomicStream(fd: temp.fd, target: url)
    do {
      try body(stream)
      guard fsync(temp.fd) == 0 else { throw stream.failure() }
    } catch {
      temp.discard()
      throw error
    }
    if let reason = temp.commit(to: url) {
      throw GlossaError.writeFailed(url.path, reason: reason)
    }
  }
}

/// The open temporary file behind `AtomicFile.write(to:_:)`: sequential writes plus patches of
/// bytes already written (a zip entry's header once its data is known).
final class AtomicStream {
  private let fd: Int32
  private let target: URL
  /// The number of bytes written so far (the offset of the next write).
  private(set) var offset: UInt64 = 0

  fileprivate init(fd: Int32, target: URL) {
    self.fd = fd
    self.target = target
  }

  /// Appends `bytes`.
  func write(_ bytes: UnsafeRawBufferPointer) throws {
    var done = 0
    while done < bytes.count {
      guard let base = bytes.baseAddress else { return }
      let n = SystemCall.write(fd, base + done, bytes.count - done)
      if n < 0 {
        if errno == EINTR { continue }
        throw failure()
      }
      done += n
    }
    offset += UInt64(bytes.count)
  }

  /// Appends `data`.
  func write(_ data: Data) throws {
    try data.withUnsafeBytes { try write($0) }
  }

  /// Overwrites `data.count` bytes at `position`, which must already have been written.
  func patch(_ data: Data, at position: UInt64) throws {
    precondition(position + UInt64(data.count) <= offset, "patch past the end of the written bytes")
    try data.withUnsafeBytes { bytes in
      var done = 0
      while done < bytes.count {
        guard let base = bytes.baseAddress else { return }
        let n = pwrite(fd, base + done, bytes.count - done, off_t(position) + off_t(done))
        if n < 0 {
          if errno == EINTR { continue }
          throw failure()
        }
        done += n
      }
    }
  }

  /// The error for the current `errno`, naming the target file.
  fileprivate func failure() -> GlossaError {
    GlossaError.writeFailed(target.path, reason: String(cString: strerror(errno)))
  }
}
