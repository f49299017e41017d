import Foundation

/// libdeflate's one-shot inflate and CRC-32, loaded at run time when the system has the
/// library (`libdeflate.so.0`, Debian's `libdeflate0`): two to three times zlib's speed on a
/// whole zip entry whose size is known. Nothing needs it: without it, or whenever it cannot
/// give exactly the declared bytes, zlib does the work (see `DeflateCodec.inflate`), and zlib
/// alone says why an entry is damaged.
final class LibDeflate: Sendable {
  /// The library, when the system has it.
  static let shared = LibDeflate()

  private typealias Allocate = @convention(c) () -> OpaquePointer?
  private typealias Decompress =
    @convention(c) (
      OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?
    ) -> Int32
  private typealias Free = @convention(c) (OpaquePointer?) -> Void
  private typealias CRC32 = @convention(c) (UInt32, UnsafeRawPointer?, Int) -> UInt32

  private let allocate: Allocate
  private let decompress: Decompress
  private let free: Free
  private let crc: CRC32

  /// `LIBDEFLATE_SUCCESS`.
  private static let success: Int32 = 0

  private init?() {
    guard ProcessInfo.processInfo.environment["GLOSSA_NO_LIBDEFLATE"] == nil,
      let handle = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL)
    else { return nil }
    guard let allocate = dlsym(handle, "libdeflate_alloc_decompressor"),
      let decompress = dlsym(handle, "libdeflate_deflate_decompress"),
      let free = dlsym(handle, "libdeflate_free_decompressor"),
      let crc = dlsym(handle, "libdeflate_crc32")
    else {
      dlclose(handle)
      return nil
    }
    // The handle stays open for the process: the functions are called until it ends.
    self.allocate = unsafeBitCast(allocate, to: Allocate.self)
    self.decompress = unsafeBitCast(decompress, to: Decompress.self)
    self.free = unsafeBitCast(free, to: Free.self)
    self.crc = unsafeBitCast(crc, to: CRC32.self)
  }

  /// The raw deflate stream `input` inflated, when it holds exactly `count` bytes; nil when it
  /// holds more or fewer, or is not valid deflate data (zlib then tells which).
  func inflate(_ input: UnsafeRawBufferPointer, count: Int) -> [UInt8]? {
    guard let decompressor = allocate() else { return nil }
    defer { free(decompressor) }
    var valid = false
    let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
      var actual = 0
      let result = decompress(decompressor, input.baseAddress, input.count, buffer.baseAddress, count, &actual)
      valid = result == Self.success && actual == count
      initialized = valid ? count : 0
    }
    return valid ? bytes : nil
  }

  /// The CRC-32 of `bytes`, continuing from `crc` (0 to start): zip's and zlib's CRC.
  func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32) -> UInt32 {
    // libdeflate answers 0 for no bytes, whatever `crc` was; zlib keeps `crc`.
    guard !bytes.isEmpty else { return crc }
    return self.crc(crc, bytes.baseAddress, bytes.count)
  }
}
