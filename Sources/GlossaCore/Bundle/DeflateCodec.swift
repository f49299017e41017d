import CZlib
import Foundation

// The only file that calls zlib, through our `CZlib` system-library target (`Sources/CZlib`:
// `<zlib.h>`, linked as `-lz`); `LibDeflate` speeds up inflating and CRC-32 when the system has
// libdeflate. zlib's `crc32`, `inflate` and `deflate` are called as
// `CZlib.crc32` and so on, since `DeflateCodec` has members of the same names.

/// Raw deflate (zip method 8), inflate and CRC-32 through the system zlib.
enum DeflateCodec {
  /// zip's default level, so archive sizes compare with `zip -r`.
  static let level: Int32 = 6

  /// The CRC-32 of `bytes`, continuing from `crc` (0 to start).
  static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    if let library = LibDeflate.shared { return library.crc32(bytes, continuing: crc) }
    return zlibCRC32(bytes, continuing: crc)
  }

  /// `crc32` through zlib.
  static func zlibCRC32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    var value = UInt(crc)
    var offset = 0
    while offset < bytes.count {
      let length = min(bytes.count - offset, Int(UInt32.max >> 1))
      let pointer = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: Bytef.self) }
      value = CZlib.crc32(value, pointer, UInt32(length))
      offset += length
    }
    return UInt32(truncatingIfNeeded: value)
  }

  /// The CRC-32 of `data`.
  static func crc32(_ data: Data) -> UInt32 {
    data.withUnsafeBytes { crc32($0) }
  }

  /// Compresses `data` as one raw deflate stream at `level`; returns the stream and the input's CRC-32.
  static func deflate(_ data: Data, name: String) throws -> (compressed: Data, crc: UInt32) {
    try data.withUnsafeBytes { input in
      let stream = try Deflater(name: name)
      var output = Data()
      output.reserveCapacity(Int(stream.bound(input.count)))
      try stream.push(input, finish: true) { output.append($0) }
      return (output, crc32(input))
    }
  }
}

/// Why an entry's deflate stream could not be inflated.
enum InflateFailure: Error {
  /// The input ended before the stream did.
  case truncated
  /// The stream is not valid deflate data.
  case corrupt
  /// The stream inflates past the budget.
  case overBudget
}

extension DeflateCodec {
  /// Inflates a raw deflate stream declared to hold `declared` bytes straight into a buffer of
  /// that size (no chunks copied along the way), never producing more than `budget` bytes.
  ///
  /// - Returns: the inflated bytes (at most `declared` of them) and how many the stream really
  ///   holds; the two counts differ when the declaration was wrong.
  ///
  /// The usual entry (whole, as declared and with the entry's `crc`) is inflated by libdeflate
  /// when the system has it, and `checked` is then true. libdeflate accepts some
  /// damaged streams that zlib rejects (yielding wrong bytes): anything else, a CRC that does
  /// not match included, goes through zlib, whose verdict is the one reported.
  static func inflate(_ compressed: Data, declared: UInt64, budget: UInt64, crc: UInt32)
    throws(InflateFailure) -> (bytes: [UInt8], total: UInt64, checked: Bool)
  {
    if declared <= budget, declared < UInt64(Int.max), let library = LibDeflate.shared,
      let bytes = compressed.withUnsafeBytes({ library.inflate($0, count: Int(declared)) }),
      bytes.withUnsafeBytes({ library.crc32($0, continuing: 0) }) == crc
    {
      return (bytes, declared, true)
    }
    let (bytes, total) = try zlibInflate(compressed, declared: declared, budget: budget)
    return (bytes, total, false)
  }

  /// `inflate` through zlib: also what says why a stream fails, and how much it really holds.
  static func zlibInflate(_ compressed: Data, declared: UInt64, budget: UInt64) throws(InflateFailure) -> (
    bytes: [UInt8], total: UInt64
  ) {
    let capacity = Int(min(declared, budget))
    var stream = z_stream()
    guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .corrupt
    }
    defer { inflateEnd(&stream) }
    // Bytes produced so far: the first `capacity` in the array, any more only counted (in scratch).
    var produced: UInt64 = 0
    var failure: InflateFailure?
    let bytes = [UInt8](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, count in
      var scratch: UnsafeMutablePointer<UInt8>?
      let scratchSize = 64 * 1024
      defer { free(scratch) }
      failure = compressed.withUnsafeBytes { input in
        var offset = 0
        while true {
          if stream.avail_in == 0 && offset < input.count {
            let chunk = min(input.count - offset, 1 << 30)
            stream.next_in = UnsafeMutablePointer(
              mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = UInt32(chunk)
            offset += chunk
          }
          if stream.avail_out == 0 {
            if produced < UInt64(capacity) {
              stream.next_out = buffer.baseAddress! + Int(produced)
              stream.avail_out = UInt32(min(UInt64(capacity) - produced, 1 << 30))
            } else {
              if scratch == nil { scratch = malloc(scratchSize)!.assumingMemoryBound(to: UInt8.self) }
              stream.next_out = scratch
              stream.avail_out = UInt32(scratchSize)
            }
          }
          let room = stream.avail_out
          let status = CZlib.inflate(&stream, Z_NO_FLUSH)
          produced += UInt64(room - stream.avail_out)
          if produced > budget { return .overBudget }
          switch status {
          case Z_STREAM_END: return nil
          case Z_OK: continue
          case Z_BUF_ERROR where stream.avail_in > 0 || offset < input.count: continue
          case Z_BUF_ERROR: return .truncated
          default: return .corrupt
          }
        }
      }
      count = failure == nil ? Int(min(produced, UInt64(capacity))) : 0
    }
    if let failure { throw failure }
    return (bytes, produced)
  }
}

/// One raw deflate stream, fed in pieces: the owned zlib state behind streaming compression.
final class Deflater {
  private var stream = z_stream()
  private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
  /// The file deflated, for errors.
  private let name: String

  /// A stream at `DeflateCodec.level`, 32 KiB window, zlib's default memory level (8), as zip uses.
  /// - Throws: `GlossaError.pack` naming `name` when zlib cannot start (it is out of memory).
  init(name: String) throws {
    self.name = name
    let status = deflateInit2_(
      &stream, DeflateCodec.level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw GlossaError.pack(name, problem: .deflateFailed(status: status, starting: true)) }
  }

  deinit { deflateEnd(&stream) }

  /// The most bytes deflating `count` bytes in one go can produce.
  func bound(_ count: Int) -> UInt {
    deflateBound(&stream, UInt(count))
  }

  /// Compresses `input`; with `finish`, ends the stream. Output goes to `sink` in pieces.
  func push(_ input: UnsafeRawBufferPointer, finish: Bool, sink: (Data) throws -> Void) throws {
    var offset = 0
    repeat {
      let chunk = min(input.count - offset, Int(UInt32.max >> 1))
      stream.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
      stream.avail_in = UInt32(chunk)
      let last = finish && offset + chunk == input.count
      var status = Z_OK
      repeat {
        let produced: Int = buffer.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(out.count)
          status = CZlib.deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
          return out.count - Int(stream.avail_out)
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
          throw GlossaError.pack(name, problem: .deflateFailed(status: status, starting: false))
        }
        if produced > 0 { try sink(Data(buffer[0..<produced])) }
      } while last ? status != Z_STREAM_END : stream.avail_out == 0
      offset += chunk
    } while offset < input.count
  }
}
