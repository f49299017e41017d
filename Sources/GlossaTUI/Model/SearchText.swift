import GlossaCore

/// The key list's searchable text: per row, its key, values and comment lowercased, as UTF-8 bytes in
/// one buffer, so that a search step is one byte scan instead of a `String` search per row.
public struct SearchText: Sendable {
  /// Every row's text, rows separated by a 0 byte (so a match never spans two rows).
  private var bytes: [UInt8] = []
  /// Where each row's text starts in `bytes`; one more entry marks the end.
  private var starts: [Int] = []

  init(_ rows: some Collection<KeyRow>) {
    self.init(
      count: rows.count,
      rows.lazy.map { row in
        [row.key] + [row.source, row.local, row.remote, row.comment].compactMap { $0 }
      })
  }

  /// The search text of a row list, read from its tables without making the rows (nor a
  /// string per value: the entries' texts are lowercased from their bytes).
  init(_ rows: RowList) {
    self.init(count: rows.count, rows.indices.lazy.map { rows.searchable(at: $0) })
  }

  /// Each row's texts (key first) in order.
  private init(count: Int, _ texts: some Sequence<[String]>) {
    self.init(count: count, texts.lazy.map { $0.map(EntryText.init) })
  }

  /// Each row's texts (key first) in order.
  private init(count: Int, _ texts: some Sequence<[EntryText]>) {
    bytes.reserveCapacity(count * 96)
    starts.reserveCapacity(count + 1)
    for row in texts {
      starts.append(bytes.count)
      for text in row {
        Self.appendLowercased(text, to: &bytes)
        bytes.append(1)
      }
      bytes.append(0)
    }
    starts.append(bytes.count)
  }

  /// The lowercased UTF-8 of `text`. Byte by byte for ASCII, two-byte sequences (Latin, Greek,
  /// Cyrillic, Armenian, Hebrew, Arabic: a table of their lowercase forms) and the longer
  /// sequences of scripts without case (Indic and Southeast Asian scripts, CJK, kana, Hangul,
  /// emoji); a string with any other longer sequence goes through `lowercased()`.
  static func appendLowercased(_ text: String, to bytes: inout [UInt8]) {
    appendLowercased(EntryText(text), to: &bytes)
  }

  /// The lowercased UTF-8 of `text`, read from its bytes (see the `String` form).
  static func appendLowercased(_ text: EntryText, to bytes: inout [UInt8]) {
    let start = bytes.count
    let done = text.withUTF8 { utf8 -> Bool in
      guard !utf8.contains(where: { $0 >= 0xE0 }) || !hasCasedLongSequence(utf8) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    guard done else {
      bytes.append(contentsOf: text.string.lowercased().utf8)
      return
    }
    let table = twoByteLowercase
    bytes.withUnsafeMutableBufferPointer { buffer in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte < 0x80 {
          if byte >= 0x41 && byte <= 0x5A { buffer[index] = byte + 0x20 }
          index += 1
        } else if byte >= 0xC2 && byte < 0xE0, index + 1 < buffer.count {
          let scalar = Int(byte & 0x1F) << 6 | Int(buffer[index + 1] & 0x3F)
          let lower = table[scalar - 0x80]
          buffer[index] = UInt8(0xC0 | lower >> 6)
          buffer[index + 1] = UInt8(0x80 | lower & 0x3F)
          index += 2
        } else {
          // A continuation byte, or a longer sequence of a script without case: as it is.
          index += 1
        }
      }
    }
  }

  /// True when `utf8` has a sequence of three or four bytes that may have a lowercase form:
  /// all but U+0800–U+0FFF (Indic, Thai, Lao, Tibetan…), U+3000–U+9FFF (CJK, kana), U+B000–U+EFFF
  /// (Hangul, private use) and U+1F000–U+1FFFF (emoji and symbols).
  private static func hasCasedLongSequence(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      switch byte {
      case 0xE0, 0xE3...0xE9, 0xEB...0xEE: index += 3
      case 0xF0:
        guard index + 1 < utf8.count, utf8[index + 1] == 0x9F else { return true }
        index += 4
      case 0xE1...0xEF, 0xF1...0xFF: return true
      default: index += 1
      }
    }
    return false
  }

  /// For each scalar from U+0080 to U+07FF, its lowercase form when that is one scalar in the
  /// same range, else itself.
  private static let twoByteLowercase: [UInt16] = (0x80..<0x800).map { value in
    guard let scalar = Unicode.Scalar(value) else { return UInt16(value) }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let first = lower.first, (0x80..<0x800).contains(first.value) else {
      return UInt16(value)
    }
    return UInt16(first.value)
  }

  /// The term as it is searched for.
  static func needle(_ term: String) -> [UInt8] {
    var bytes: [UInt8] = []
    appendLowercased(term, to: &bytes)
    return bytes
  }

  /// The number of rows among `rows` (indices into the rows) whose text contains `needle`.
  func count(_ needle: [UInt8], in rows: [Int]) -> Int {
    guard !needle.isEmpty else { return 0 }
    return rows.reduce(0) { $0 + (row($1, contains: needle) ? 1 : 0) }
  }

  /// True when `text` contains `needle` (as lowercased by `needle(_:)`).
  static func text(_ text: String, contains needle: [UInt8]) -> Bool {
    var bytes: [UInt8] = []
    appendLowercased(text, to: &bytes)
    return Self.bytes(bytes, contain: needle)
  }

  /// True when `haystack` (lowercased by `appendLowercased`) contains `needle`.
  static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
    haystack.withUnsafeBufferPointer { firstMatch(needle, in: $0, 0..<$0.count) } != nil
  }

  /// True when row `index` contains `needle`.
  func row(_ index: Int, contains needle: [UInt8]) -> Bool {
    guard starts.indices.contains(index + 1) else { return false }
    return firstMatch(needle, in: starts[index]..<starts[index + 1]) != nil
  }

  /// The first row in `rows` (ascending) whose text contains `needle`.
  func firstRow(containing needle: [UInt8], in rows: Range<Int>) -> Int? {
    guard !needle.isEmpty, rows.lowerBound >= 0, rows.upperBound < starts.count, !rows.isEmpty else { return nil }
    guard let offset = firstMatch(needle, in: starts[rows.lowerBound]..<starts[rows.upperBound]) else { return nil }
    // The row holding `offset`: the last start at or before it.
    var low = rows.lowerBound
    var high = rows.upperBound - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The offset of the first occurrence of `needle` within `range` of `bytes`.
  private func firstMatch(_ needle: [UInt8], in range: Range<Int>) -> Int? {
    bytes.withUnsafeBufferPointer { Self.firstMatch(needle, in: $0, range) }
  }

  /// The offset of the first occurrence of `needle` within `range` of `haystack`.
  private static func firstMatch(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let first = needle.first, range.count >= needle.count else { return nil }
    return needle.withUnsafeBufferPointer { pattern in
      var position = range.lowerBound
      let last = range.upperBound - pattern.count
      while position <= last {
        if haystack[position] == first {
          var matched = 1
          while matched < pattern.count && haystack[position + matched] == pattern[matched] { matched += 1 }
          if matched == pattern.count { return position }
        }
        position += 1
      }
      return nil
    }
  }
}
