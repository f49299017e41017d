/// A lexer's position in UTF-8 source, with the line it is on: the one way the Swift and
/// Objective-C lexers step through text.
///
/// The lexers step byte by byte; what they look for (quotes, backslashes, comment markers,
/// ASCII names and punctuation) is ASCII, so no step asks Unicode for a grapheme cluster. A
/// non-ASCII byte is read as the scalar it starts (`scalar()`), and only for names and
/// whitespace. Lines end at `\n`, `\r\n` or a lone `\r`, as the Swift compiler and editors count
/// them. Columns are counted in characters (grapheme clusters) as editors show them, but only
/// when a token asks (`column(at:)`), and over ASCII-only lines by subtraction.
struct SourceCursor {
  let bytes: [UInt8]
  var index = 0
  /// 1-based line of `index`.
  private(set) var line = 1
  /// Where the current line starts.
  private var lineStart = 0
  /// The first byte at or above 0x80 on the current line, once stepped over.
  private var firstNonASCII: Int?
  /// The last column counted on the current line, and where: columns further on count from it.
  private var counted: (offset: Int, column: Int)?

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index >= bytes.count }

  /// The byte `offset` places ahead, if any.
  @inline(__always) func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  /// Whether the bytes ahead are `ascii`.
  func peek(_ ascii: StaticString) -> Bool {
    let count = ascii.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let start = ascii.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
    return true
  }

  /// Whether the byte ahead ends a line (`\n` or `\r`).
  var isAtLineBreak: Bool {
    guard let byte = peek() else { return false }
    return byte == 0x0A || byte == 0x0D
  }

  /// Steps over one byte, counting lines (`\r\n` is one line break).
  @inline(__always) mutating func advance() {
    guard index < bytes.count else { return }
    let byte = bytes[index]
    index += 1
    if byte == 0x0A || (byte == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) {
      line += 1
      lineStart = index
      firstNonASCII = nil
      counted = nil
    } else if byte >= 0x80 && firstNonASCII == nil {
      firstNonASCII = index - 1
    }
  }

  mutating func advance(_ count: Int) { for _ in 0..<count { advance() } }

  /// Steps over the scalar ahead (one to four bytes).
  mutating func advanceScalar() {
    advance()
    while let byte = peek(), byte & 0xC0 == 0x80 { advance() }
  }

  /// Steps over the scalar ahead, or a whole `\r\n`: what an escape's `\\` or a character
  /// literal takes as one character.
  mutating func advanceCharacter() {
    let carriageReturn = peek() == 0x0D
    advanceScalar()
    if carriageReturn && peek() == 0x0A { advance() }
  }

  /// Steps over a name's bytes: ASCII letters, digits, `_` (and `$` when `dollar`), and
  /// non-ASCII letters, digits and joining marks.
  mutating func skipName(dollar: Bool) {
    while let byte = peek() {
      if SourceBytes.isNameByte(byte) || (dollar && byte == 0x24) {
        advance()
      } else if byte >= 0x80, let (scalar, length) = scalar(), SourceBytes.isNameScalar(scalar, continuing: true) {
        advance(length)
      } else {
        return
      }
    }
  }

  /// The scalar that starts at the byte ahead (U+FFFD for a malformed sequence), and its length.
  func scalar() -> (scalar: Unicode.Scalar, length: Int)? {
    guard let lead = peek() else { return nil }
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    var length = 1
    while length < 4, let byte = peek(length), byte & 0xC0 == 0x80 { length += 1 }
    var decoder = UTF8()
    var iterator = bytes[index..<(index + length)].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
    return ("\u{FFFD}", length)
  }

  /// The 1-based column, in characters, of `offset` on the current line (at or after the last
  /// column asked for on it).
  mutating func column(at offset: Int) -> Int {
    guard let nonASCII = firstNonASCII, nonASCII < offset else { return offset - lineStart + 1 }
    // Count from a place before which the line is split into the same characters: the last
    // token asked for, or the ASCII character before the first non-ASCII byte.
    var from = max(lineStart, nonASCII - 1)
    var column = from - lineStart + 1
    if let counted, counted.offset >= from, counted.offset <= offset {
      from = counted.offset
      column = counted.column
    }
    column += String(decoding: bytes[from..<offset], as: UTF8.self).count
    counted = (offset, column)
    return column
  }

  /// The bytes from `start` to the current position as text.
  func text(from start: Int) -> String {
    String(decoding: bytes[start..<index], as: UTF8.self)
  }
}

/// Byte classes the lexers ask about.
enum SourceBytes {
  static let quote: UInt8 = 0x22
  static let hash: UInt8 = 0x23
  static let backslash: UInt8 = 0x5C
  static let slash: UInt8 = 0x2F
  static let star: UInt8 = 0x2A
  static let at: UInt8 = 0x40
  static let apostrophe: UInt8 = 0x27
  static let backtick: UInt8 = 0x60

  /// ASCII letters, digits and `_` (`$` is a Swift name's, not C's).
  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Space, tab, line breaks, vertical tab and form feed.
  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

  /// A non-ASCII scalar that may start a name (a letter) or go on one (a letter, digit, or a mark
  /// that joins the character before).
  static func isNameScalar(_ scalar: Unicode.Scalar, continuing: Bool) -> Bool {
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    guard continuing else { return false }
    if properties.numericType != nil { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return scalar == "\u{200D}" || properties.isVariationSelector
    }
  }

  /// One punctuation token per ASCII byte, made once.
  static let punctuation: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
}
