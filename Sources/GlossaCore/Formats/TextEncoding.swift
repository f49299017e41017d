import Foundation

/// The encoding a text file was read in, kept so that it is written back the same way.
public enum TextEncoding: String, Sendable, Hashable {
  case utf8
  case utf8BOM = "utf8-bom"
  case utf16LEBOM = "utf16le-bom"
  case utf16BEBOM = "utf16be-bom"
  case utf16LE = "utf16le"
  case utf16BE = "utf16be"

  /// A short human name (`UTF-8`, `UTF-16LE with BOM`).
  public var displayName: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf8BOM: "UTF-8 with BOM"
    case .utf16LEBOM: "UTF-16LE with BOM"
    case .utf16BEBOM: "UTF-16BE with BOM"
    case .utf16LE: "UTF-16LE (no BOM)"
    case .utf16BE: "UTF-16BE (no BOM)"
    }
  }
}

/// Text decoded to UTF-8 bytes, plus what it takes to encode it back identically.
public struct DecodedText: Sendable {
  /// The content as UTF-8, without any BOM.
  public var utf8: [UInt8]
  public var encoding: TextEncoding

  /// Decodes `data`: BOM first, then BOM-less UTF-16 (by its NUL-byte pattern), then strict UTF-8.
  ///
  /// - Throws: `TextDecodingError` with the line and column of the first invalid byte or unit.
  public static func decode(_ data: Data) throws(TextDecodingError) -> DecodedText {
    try decode(bytes: [UInt8](data))
  }

  /// `decode(_:)` of bytes already in an array: UTF-8 without a BOM keeps the array itself.
  static func decode(bytes: [UInt8]) throws(TextDecodingError) -> DecodedText {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let body = Array(bytes[3...])
      try validateUTF8(body, encoding: .utf8BOM)
      return DecodedText(utf8: body, encoding: .utf8BOM)
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return DecodedText(utf8: try utf16ToUTF8(bytes, from: 2, littleEndian: true, .utf16LEBOM), encoding: .utf16LEBOM)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return DecodedText(utf8: try utf16ToUTF8(bytes, from: 2, littleEndian: false, .utf16BEBOM), encoding: .utf16BEBOM)
    }
    if let littleEndian = looksLikeBOMlessUTF16(bytes) {
      let encoding: TextEncoding = littleEndian ? .utf16LE : .utf16BE
      return DecodedText(
        utf8: try utf16ToUTF8(bytes, from: 0, littleEndian: littleEndian, encoding), encoding: encoding)
    }
    try validateUTF8(bytes, encoding: .utf8)
    return DecodedText(utf8: bytes, encoding: .utf8)
  }

  /// Encodes UTF-8 `text` back into `encoding`, BOM included.
  public static func encode(_ text: [UInt8], as encoding: TextEncoding) -> Data {
    switch encoding {
    case .utf8: return Data(text)
    case .utf8BOM: return Data([0xEF, 0xBB, 0xBF] + text)
    case .utf16LEBOM, .utf16BEBOM, .utf16LE, .utf16BE:
      let little = encoding == .utf16LEBOM || encoding == .utf16LE
      let bom: [UInt8] =
        switch encoding {
        case .utf16LEBOM: [0xFF, 0xFE]
        case .utf16BEBOM: [0xFE, 0xFF]
        default: []
        }
      return Data(utf8ToUTF16(text, bom: bom, littleEndian: little))
    }
  }

  /// `text` (well-formed UTF-8) as UTF-16 bytes after `bom`, in one pass: every 1-, 2- and
  /// 3-byte sequence is one unit, every 4-byte one a surrogate pair. A malformed sequence (never
  /// in a decoded text) is written as U+FFFD, as `String(decoding:as:)` would read it.
  static func utf8ToUTF16(_ text: [UInt8], bom: [UInt8], littleEndian: Bool) -> [UInt8] {
    // A UTF-8 byte gives at most two bytes of UTF-16: one ASCII unit, a unit per two- or
    // three-byte sequence, a surrogate pair per four-byte one, a replacement per malformed byte.
    [UInt8](unsafeUninitializedCapacity: bom.count + text.count * 2) { out, count in
      for (index, byte) in bom.enumerated() { out[index] = byte }
      count = text.withUnsafeBufferPointer { bytes in
        var written = bom.count
        let n = bytes.count
        var i = 0
        while i < n {
          let b = bytes[i]
          if b < 0x80 {
            put(UInt16(b), into: out, at: &written, littleEndian: littleEndian)
            i += 1
            continue
          }
          // The sequence's length from its lead byte, then its scalar; anything malformed (a
          // stray continuation, a sequence cut short) goes the slow, exact way.
          let length = b > 0xF4 ? 0 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
          // The second byte's range excludes overlongs, surrogates and scalars past U+10FFFF.
          let low: UInt8 = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80
          let high: UInt8 = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF
          guard length > 0, i + length <= n, bytes[i + 1] >= low, bytes[i + 1] <= high,
            (2..<max(length, 2)).allSatisfy({ bytes[i + $0] & 0xC0 == 0x80 })
          else {
            let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[i...]), as: UTF8.self)
            for unit in rest.utf16 { put(unit, into: out, at: &written, littleEndian: littleEndian) }
            break
          }
          var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
          for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
          if scalar >= 0x10000 {
            put(UInt16(0xD800 + ((scalar - 0x10000) >> 10)), into: out, at: &written, littleEndian: littleEndian)
            put(UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)), into: out, at: &written, littleEndian: littleEndian)
          } else {
            put(UInt16(scalar), into: out, at: &written, littleEndian: littleEndian)
          }
          i += length
        }
        return written
      }
    }
  }

  /// Writes one UTF-16 unit at `index` of `out` in the byte order asked for.
  @inline(__always)
  private static func put(
    _ unit: UInt16, into out: UnsafeMutableBufferPointer<UInt8>, at index: inout Int, littleEndian: Bool
  ) {
    out[index] = littleEndian ? UInt8(truncatingIfNeeded: unit) : UInt8(unit >> 8)
    out[index + 1] = littleEndian ? UInt8(unit >> 8) : UInt8(truncatingIfNeeded: unit)
    index += 2
  }

  /// True when `text` written as `encoding` would be read back as the same text in the same
  /// encoding. BOM-less UTF-16 is told from UTF-8 by a byte pattern (and an even length), so an
  /// edit can move a file across the line: a UTF-8 file holding NUL bytes becomes UTF-16LE when
  /// an edit makes its length even.
  static func readsBack(_ text: [UInt8], as encoding: TextEncoding) -> Bool {
    guard let decoded = try? decode(encode(text, as: encoding)) else { return false }
    return decoded.encoding == encoding && decoded.utf8 == text
  }

  /// Whether `bytes` look like UTF-16 without a BOM; returns the endianness when they do.
  ///
  /// Text files never hold NUL characters, so ASCII-range UTF-16 shows a NUL in every other byte.
  static func looksLikeBOMlessUTF16(_ bytes: [UInt8]) -> Bool? {
    guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
    var evenNUL = 0
    var oddNUL = 0
    let sample = min(bytes.count, 4096)
    var i = 0
    while i < sample {
      if bytes[i] == 0 { evenNUL += 1 }
      if bytes[i + 1] == 0 { oddNUL += 1 }
      i += 2
    }
    let pairs = sample / 2
    if oddNUL * 4 >= pairs && evenNUL * 8 < oddNUL { return true }
    if evenNUL * 4 >= pairs && oddNUL * 8 < evenNUL { return false }
    return nil
  }

  static func validateUTF8(_ bytes: [UInt8], encoding: TextEncoding) throws(TextDecodingError) {
    // Fast path: nearly every file is valid; only an invalid one needs lines and columns.
    if isValidUTF8(bytes) { return }
    var i = 0
    let n = bytes.count
    var line = 1
    var column = 1
    while i < n {
      let b = bytes[i]
      if b < 0x80 {
        if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        i += 1
        continue
      }
      var need = 0
      var minScalar: UInt32 = 0
      var scalar: UInt32 = 0
      if b & 0xE0 == 0xC0 {
        need = 1; minScalar = 0x80; scalar = UInt32(b & 0x1F)
      } else if b & 0xF0 == 0xE0 {
        need = 2; minScalar = 0x800; scalar = UInt32(b & 0x0F)
      } else if b & 0xF8 == 0xF0 {
        need = 3; minScalar = 0x10000; scalar = UInt32(b & 0x07)
      } else {
        throw TextDecodingError(line: line, column: column, message: String(format: "invalid UTF-8 byte 0x%02X", b))
      }
      guard i + need < n else {
        throw TextDecodingError(line: line, column: column, message: "truncated UTF-8 sequence at end of file")
      }
      for k in 1...need {
        let c = bytes[i + k]
        guard c & 0xC0 == 0x80 else {
          throw TextDecodingError(
            line: line, column: column, message: String(format: "invalid UTF-8 sequence starting with byte 0x%02X", b))
        }
        scalar = scalar << 6 | UInt32(c & 0x3F)
      }
      if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
        throw TextDecodingError(
          line: line, column: column, message: String(format: "invalid UTF-8 sequence starting with byte 0x%02X", b))
      }
      i += need + 1
      column += 1
    }
  }

  /// True when `bytes` are well-formed UTF-8 (no overlongs, surrogates or scalars past U+10FFFF),
  /// checked eight ASCII bytes at a time.
  static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= parallelBytes, ProcessInfo.processInfo.activeProcessorCount > 1 else {
      return bytes.withUnsafeBufferPointer(isValidUTF8)
    }
    // Two halves on two cores, split where no sequence continues (past at most three
    // continuation bytes: a fourth is invalid wherever it lands): the whole is valid exactly
    // when both halves are.
    var middle = bytes.count / 2
    for _ in 0..<3 where bytes[middle] & 0xC0 == 0x80 { middle += 1 }
    let halves = [0..<middle, middle..<bytes.count]
    let valid = ParallelResults<Bool>(count: 2)
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      valid.set(half, bytes.withUnsafeBufferPointer { isValidUTF8(UnsafeBufferPointer(rebasing: $0[halves[half]])) })
    }
    return valid.values == [true, true]
  }

  /// Above this many bytes (a large String Catalog, read before anything else can run) the
  /// check is split across two cores.
  static let parallelBytes = 4 << 20

  /// `isValidUTF8` of a buffer, on this thread: eight ASCII bytes at a time, and any other
  /// stretch by a table-driven automaton (`UTF8Automaton`) with no branch per byte.
  static func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    let n = buffer.count
    return UTF8Automaton.rows.withUnsafeBufferPointer { rows in
      var i = 0
      var state = UTF8Automaton.accept
      while i < n {
        if state == UTF8Automaton.accept && i + 8 <= n {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            i += 8
            continue
          }
        }
        // Sixteen bytes through the automaton (the rejecting state keeps itself), then the
        // word test again.
        let stop = min(i + 16, n)
        while i < stop {
          state = UTF8Automaton.step(state, base[i], rows)
          i += 1
        }
        if state == UTF8Automaton.reject { return false }
      }
      return state == UTF8Automaton.accept
    }
  }

  static func utf16ToUTF8(
    _ bytes: [UInt8], from start: Int, littleEndian: Bool, _ encoding: TextEncoding
  ) throws(TextDecodingError) -> [UInt8] {
    let count = bytes.count - start
    guard count % 2 == 0 else {
      throw TextDecodingError(
        line: 1, column: 1,
        message: "\(encoding.displayName) text has an odd number of bytes (\(bytes.count)); the file is truncated")
    }
    // One pass into a buffer sized for the worst case (3 UTF-8 bytes per unit); the line and
    // column of a bad unit are only worked out when there is one.
    var failure: (offset: Int, message: String)?
    let out = [UInt8](unsafeUninitializedCapacity: count / 2 * 3) { buffer, initialized in
      bytes.withUnsafeBufferPointer { source in
        func unit(_ at: Int) -> UInt16 { utf16Unit(source, at: at, littleEndian: littleEndian) }
        var o = 0
        var i = start
        while i < source.count {
          let u = unit(i)
          if u < 0x80 {
            buffer[o] = UInt8(u)
            o += 1
            i += 2
          } else if u < 0x800 {
            buffer[o] = 0xC0 | UInt8(u >> 6)
            buffer[o + 1] = 0x80 | UInt8(u & 0x3F)
            o += 2
            i += 2
          } else if u >= 0xD800 && u <= 0xDBFF {
            let low = i + 3 < source.count ? unit(i + 2) : 0
            guard low >= 0xDC00 && low <= 0xDFFF else {
              failure = (i, String(format: "unpaired UTF-16 high surrogate 0x%04X", u))
              break
            }
            let scalar = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(low - 0xDC00)
            buffer[o] = 0xF0 | UInt8(scalar >> 18)
            buffer[o + 1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
            buffer[o + 2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
            buffer[o + 3] = 0x80 | UInt8(scalar & 0x3F)
            o += 4
            i += 4
          } else if u >= 0xDC00 && u <= 0xDFFF {
            failure = (i, String(format: "unpaired UTF-16 low surrogate 0x%04X", u))
            break
          } else {
            buffer[o] = 0xE0 | UInt8(u >> 12)
            buffer[o + 1] = 0x80 | UInt8((u >> 6) & 0x3F)
            buffer[o + 2] = 0x80 | UInt8(u & 0x3F)
            o += 3
            i += 2
          }
        }
        initialized = o
      }
    }
    if let failure {
      // Line and column of the bad unit: lines are counted by line feeds, columns by scalars.
      var line = 1
      var column = 1
      bytes.withUnsafeBufferPointer { source in
        for i in stride(from: start, to: failure.offset, by: 2) {
          let u = utf16Unit(source, at: i, littleEndian: littleEndian)
          if u == 0x0A {
            line += 1
            column = 1
          } else if !(u >= 0xDC00 && u <= 0xDFFF) {
            column += 1
          }
        }
      }
      throw TextDecodingError(line: line, column: column, message: failure.message)
    }
    return exactlySized(out)
  }

  /// `bytes` in an array of their own size when they use less than seven eighths of their
  /// capacity. A decoded text is kept as long as its document, and one decoded into a buffer
  /// sized for the worst case (3 bytes per UTF-16 unit) would keep up to half of it unused:
  /// 60 MB of a 100 × 20,000 bundle's review. The copy is one `memcpy`.
  static func exactlySized(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count < bytes.capacity - bytes.capacity / 8 else { return bytes }
    return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
      _ = bytes.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
      initialized = bytes.count
    }
  }

  /// The UTF-16 code unit at byte offset `at`.
  private static func utf16Unit(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, littleEndian: Bool) -> UInt16 {
    littleEndian ? UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
  }

  @inline(__always)
  static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (scalar >> 6)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | (scalar >> 12)))
      out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (scalar >> 18)))
      out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }
}

/// Bytes that are not valid text in the detected encoding.
public struct TextDecodingError: Error, Sendable, Hashable {
  public var line: Int
  public var column: Int
  public var message: String
}

extension TextDecodingError {
  /// The `encoding-error` diagnostic for `file`, saying what the format expects.
  func diagnostic(file: String, expected: String) -> Diagnostic {
    Diagnostic(
      kind: .encodingError, file: file, line: line, column: column, message: "\(message); expected \(expected)")
  }
}
