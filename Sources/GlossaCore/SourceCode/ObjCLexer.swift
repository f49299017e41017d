/// Splits Objective-C (or C) source into `SourceToken`s: comments dropped, `@"…"` and `"…"`
/// literals decoded (C escapes, `\uXXXX`), adjacent literals joined (`@"a" @"b"` is `"ab"`),
/// character literals (`'"'`) skipped. Unterminated literals end at the line; nothing throws.
struct ObjCLexer: SourceLexer {
  private var cursor: SourceCursor

  init(_ bytes: [UInt8]) { cursor = SourceCursor(bytes) }

  mutating func run() -> [SourceToken] {
    var tokens: [SourceToken] = []
    tokens.reserveCapacity(cursor.bytes.count / 6)
    while let c = cursor.peek() {
      if SourceBytes.isSpace(c) || SourceBytes.isDigit(c) {
        cursor.advance()
        continue
      }
      let start = cursor.index
      if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.slash {
        while !cursor.isAtEnd, !cursor.isAtLineBreak { cursor.advance() }
      } else if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.star {
        cursor.advance(2)
        while !cursor.isAtEnd, !cursor.peek("*/") { cursor.advance() }
        cursor.advance(2)
      } else if c == SourceBytes.quote || (c == SourceBytes.at && cursor.peek(1) == SourceBytes.quote) {
        let (line, column) = (cursor.line, cursor.column(at: start))
        if c == SourceBytes.at { cursor.advance() }
        let literal = readString()
        // Adjacent literals are one string.
        if case .string(let previous)? = tokens.last?.kind {
          tokens[tokens.count - 1].kind = .string(previous + literal)
        } else {
          tokens.append(SourceToken(kind: .string(literal), line: line, column: column))
        }
      } else if c == SourceBytes.apostrophe {
        cursor.advance()
        while let d = cursor.peek(), d != SourceBytes.apostrophe, !cursor.isAtLineBreak {
          if d == SourceBytes.backslash { cursor.advance() }
          cursor.advanceCharacter()
        }
        cursor.advanceScalar()
      } else if SourceBytes.isNameByte(c)
        || (c >= 0x80 && cursor.scalar().map { SourceBytes.isNameScalar($0.scalar, continuing: false) } == true)
      {
        let (line, column) = (cursor.line, cursor.column(at: start))
        cursor.skipName(dollar: false)
        tokens.append(SourceToken(kind: .name(cursor.text(from: start)), line: line, column: column))
      } else if c < 0x80 {
        let (line, column) = (cursor.line, cursor.column(at: start))
        tokens.append(
          SourceToken(kind: .punctuation(SourceBytes.punctuation[Int(c)]), line: line, column: column))
        cursor.advance()
      } else if let (scalar, _) = cursor.scalar(), !scalar.properties.isWhitespace, scalar.properties.numericType == nil
      {
        let (line, column) = (cursor.line, cursor.column(at: start))
        tokens.append(SourceToken(kind: .punctuation(Character(scalar)), line: line, column: column))
        cursor.advanceScalar()
      } else {
        cursor.advanceScalar()
      }
    }
    return tokens
  }

  /// A literal at its opening quote (after any `@`).
  private mutating func readString() -> StringLiteral {
    cursor.advance()
    var text: [UInt8] = []
    while let c = cursor.peek(), c != SourceBytes.quote, !cursor.isAtLineBreak {
      if c == SourceBytes.backslash {
        cursor.advance()
        guard let e = cursor.peek() else { break }
        switch e {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "0"): text.append(0x00)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
          var hex = ""
          let length = e == UInt8(ascii: "u") ? 4 : 8
          while hex.utf8.count < length, let d = cursor.peek(1), d < 0x80, Character(Unicode.Scalar(d)).isHexDigit {
            hex.unicodeScalars.append(Unicode.Scalar(d))
            cursor.advance()
          }
          if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
            text += Array(String(scalar).utf8)
          }
        default:
          let start = cursor.index
          cursor.advanceCharacter()
          text += cursor.bytes[start..<cursor.index]
          continue
        }
        cursor.advance()
        continue
      }
      text.append(c)
      cursor.advance()
    }
    if cursor.peek() == SourceBytes.quote { cursor.advance() }
    return StringLiteral(segments: text.isEmpty ? [] : [.text(String(decoding: text, as: UTF8.self))])
  }
}
