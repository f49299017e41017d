import Foundation

/// A file's text as UTF-8 bytes, remembering how it was encoded so edits can be written back.
///
/// Decoding and re-encoding are `DecodedText`'s; this wrapper keeps a UTF-8 BOM inside `bytes`
/// (with `bodyStart` skipping it) so byte offsets in UTF-8 files are file offsets.
struct SourceText: Sendable, Hashable {
  /// The encoding the file was read in.
  var encoding: TextEncoding
  var bytes: [UInt8]
  /// Offset of the first byte after a UTF-8 byte order mark (0 without one).
  var bodyStart: Int

  /// Decodes `data` as UTF-8 (BOM optional) or, when `allowUTF16`, UTF-16.
  ///
  /// - Throws: `TextDecodingError` with the line and column of the first invalid byte.
  static func decode(_ data: Data, allowUTF16: Bool) throws(TextDecodingError) -> SourceText {
    try decode(bytes: [UInt8](data), allowUTF16: allowUTF16)
  }

  /// A document's text: `data` decoded, or nil and the one `encoding-error` diagnostic the
  /// document reports instead of entries (`expected` names what its format reads).
  static func decode(
    document data: Data, file: String, allowUTF16: Bool, expected: String
  ) -> (SourceText?, [Diagnostic]) {
    do {
      return (try decode(data, allowUTF16: allowUTF16), [])
    } catch {
      return (nil, [error.diagnostic(file: file, expected: expected)])
    }
  }

  /// `decode(_:allowUTF16:)` of bytes already in an array (kept as they are for UTF-8).
  static func decode(bytes: [UInt8], allowUTF16: Bool) throws(TextDecodingError) -> SourceText {
    let decoded = try DecodedText.decode(bytes: bytes)
    switch decoded.encoding {
    case .utf8:
      return SourceText(encoding: .utf8, bytes: decoded.utf8, bodyStart: 0)
    case .utf8BOM:
      return SourceText(encoding: .utf8BOM, bytes: [0xEF, 0xBB, 0xBF] + decoded.utf8, bodyStart: 3)
    case .utf16LEBOM, .utf16BEBOM, .utf16LE, .utf16BE:
      guard allowUTF16 else {
        throw TextDecodingError(line: 1, column: 1, message: "the file is \(decoded.encoding.displayName)")
      }
      return SourceText(encoding: decoded.encoding, bytes: decoded.utf8, bodyStart: 0)
    }
  }

  /// The bytes in the file's own encoding.
  func encoded() -> Data {
    switch encoding {
    case .utf8, .utf8BOM: Data(bytes)
    default: DecodedText.encode(bytes, as: encoding)
    }
  }

  /// The line break the file uses most (`\r\n` when any line ends with it, else `\n`).
  var newline: String {
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A { return index > 0 && bytes[index - 1] == 0x0D ? "\r\n" : "\n" }
      index += 1
    }
    return "\n"
  }

  /// Replaces `range` with `text`.
  mutating func replace(_ range: Range<Int>, with text: String) {
    bytes.replaceSubrange(range, with: Array(text.utf8))
  }
}

/// Byte-level helpers for line-oriented edits.
enum LineBytes {
  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Offset of the start of the line holding `offset`.
  static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
    var index = offset
    while index > 0 && bytes[index - 1] != 0x0A { index -= 1 }
    return index
  }

  /// The spaces and tabs before `offset` when only those precede it on its line, else nil.
  static func indentation(_ bytes: [UInt8], before offset: Int) -> String? {
    let start = lineStart(bytes, offset)
    guard bytes[start..<offset].allSatisfy(isBlank) else { return nil }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// Just past the line break after `offset` when only blanks follow it on its line, else nil.
  static func endOfLine(_ bytes: [UInt8], after offset: Int) -> Int? {
    var index = offset
    while index < bytes.count && isBlank(bytes[index]) { index += 1 }
    if index == bytes.count { return index }
    if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { return index + 2 }
    if bytes[index] == 0x0A { return index + 1 }
    return nil
  }
}
