/// Splits Objective-C (or C) source into `SourceToken`s: comments dropped, `@"…"` and `"…"`
/// literals decoded (C escapes, `\uXXXX`), adjacent literals joined (`@"a" @"b"` is `"ab"`),
/// character literals (`'"'`) skipped. Unterminated literals end at the line; nothing throws.
struct ObjCLexer: SourceCursor {
  let chars: [Character]
  var index = 0
  var line = 1
  var column = 1

  init(_ text: String) { chars = Array(text) }

  /// Every token of `text`.
  static func tokens(_ text: String) -> [SourceToken] {
    var lexer = ObjCLexer(text)
    return lexer.run()
  }

  private mutating func run() -> [SourceToken] {
    var tokens: [SourceToken] = []
    while let c = peek() {
      let (startLine, startColumn) = (line, column)
      if c == "/" && peek(1) == "/" {
        while let d = peek(), !d.isNewline { advance() }
      } else if c == "/" && peek(1) == "*" {
        advance()
        advance()
        while let d = peek(), !(d == "*" && peek(1) == "/") { advance() }
        advance()
        advance()
      } else if c == "\"" || (c == "@" && peek(1) == "\"") {
        if c == "@" { advance() }
        let literal = readString()
        // Adjacent literals are one string.
        if case .string(let previous)? = tokens.last?.kind {
          tokens[tokens.count - 1].kind = .string(previous + literal)
        } else {
          tokens.append(SourceToken(kind: .string(literal), line: startLine, column: startColumn))
        }
      } else if c == "'" {
        advance()
        while let d = peek(), d != "'", !d.isNewline {
          if d == "\\" { advance() }
          advance()
        }
        advance()
      } else if c == "_" || c.isLetter {
        var name = ""
        while let d = peek(), d == "_" || d.isLetter || d.isNumber {
          name.append(d)
          advance()
        }
        tokens.append(SourceToken(kind: .name(name), line: startLine, column: startColumn))
      } else if c.isWhitespace || c.isNumber {
        advance()
      } else {
        tokens.append(SourceToken(kind: .punctuation(c), line: startLine, column: startColumn))
        advance()
      }
    }
    return tokens
  }

  /// A literal after its `@`, at the opening quote.
  private mutating func readString() -> StringLiteral {
    advance()
    var text = ""
    while let c = peek(), c != "\"", !c.isNewline {
      if c == "\\" {
        advance()
        guard let e = peek() else { break }
        switch e {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "0": text.append("\0")
        case "u", "U":
          var hex = ""
          let length = e == "u" ? 4 : 8
          while hex.count < length, let d = peek(1), d.isHexDigit {
            hex.append(d)
            advance()
          }
          if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
            text.unicodeScalars.append(scalar)
          }
        default: text.append(e)
        }
        advance()
        continue
      }
      text.append(c)
      advance()
    }
    if peek() == "\"" { advance() }
    return StringLiteral(segments: text.isEmpty ? [] : [.text(text)])
  }
}
