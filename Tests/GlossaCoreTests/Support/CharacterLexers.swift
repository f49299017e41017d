@testable import GlossaCore

// The lexers as they were written first, over `[Character]`: slow (every step asks Unicode for a
// grapheme cluster and its properties) but plain. The byte lexers of GlossaCore are tested
// against them on generated source (`SourceLexerOracleTests`).

/// The oracle lexers' position in source text, by character (`Character`), with its line and column.
protocol CharacterCursor {
  var chars: [Character] { get }
  var index: Int { get set }
  var line: Int { get set }
  var column: Int { get set }
}

extension CharacterCursor {
  /// The character `offset` places ahead, if any.
  func peek(_ offset: Int = 0) -> Character? {
    index + offset < chars.count ? chars[index + offset] : nil
  }

  /// Steps over one character, counting lines.
  mutating func advance() {
    guard index < chars.count else { return }
    if chars[index].isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  mutating func advance(_ count: Int) { for _ in 0..<count { advance() } }
}

/// Splits Swift source into `SourceToken`s: comments (`//`, nested `/* */`) dropped, string
/// literals decoded — escapes, interpolations `\(…)` (which may hold strings and parentheses of
/// their own), raw strings `#"…"#` with `\#(…)`, multi-line `"""` literals with the closing
/// delimiter's indentation removed and `\` line continuations joined.
///
/// Not a Swift parser: enough to find literal arguments of calls, and never to be fooled by a
/// quote inside a comment or a comment marker inside a string. Unterminated literals and
/// comments end at the end of the file; nothing here throws.
struct CharacterSwiftLexer: CharacterCursor {
  let chars: [Character]
  var index = 0
  var line = 1
  var column = 1
  /// How many string literals are open (a literal inside an interpolation inside a literal…).
  private var nesting = 0
  /// Deeper than this, a quote inside an interpolation is read as a character: hostile input
  /// cannot make the lexer recurse until the stack runs out.
  static let maxNesting = 32

  init(_ text: String) { chars = Array(text) }

  /// Every token of `text`.
  static func tokens(_ text: String) -> [SourceToken] {
    var lexer = CharacterSwiftLexer(text)
    return lexer.run()
  }

  private mutating func run() -> [SourceToken] {
    var tokens: [SourceToken] = []
    while let c = peek() {
      let (startLine, startColumn) = (line, column)
      if c == "/" && peek(1) == "/" {
        skipLineComment()
      } else if c == "/" && peek(1) == "*" {
        skipBlockComment()
      } else if c == "\"" || (c == "#" && rawStringStart() != nil) {
        let literal = readString()
        tokens.append(SourceToken(kind: .string(literal), line: startLine, column: startColumn))
      } else if c == "`" {
        advance()
        var name = ""
        while let d = peek(), d != "`", !d.isNewline {
          name.append(d)
          advance()
        }
        if peek() == "`" { advance() }
        tokens.append(SourceToken(kind: .name(name), line: startLine, column: startColumn))
      } else if c == "_" || c.isLetter || c == "$" || c == "@" {
        var name = ""
        while let d = peek(), d == "_" || d.isLetter || d.isNumber || d == "$" || (name.isEmpty && d == "@") {
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

  private mutating func skipLineComment() {
    while let c = peek(), !c.isNewline { advance() }
  }

  /// Swift block comments nest.
  private mutating func skipBlockComment() {
    advance(2)
    var depth = 1
    while depth > 0, let c = peek() {
      if c == "/" && peek(1) == "*" {
        depth += 1
        advance(2)
      } else if c == "*" && peek(1) == "/" {
        depth -= 1
        advance(2)
      } else {
        advance()
      }
    }
  }

  /// The number of `#` before a `"` at the current position, or nil when this is no raw string.
  private func rawStringStart() -> Int? {
    var count = 0
    while peek(count) == "#" { count += 1 }
    return peek(count) == "\"" && count > 0 ? count : nil
  }

  /// Reads a literal starting at `#` or `"`; returns its decoded segments.
  private mutating func readString() -> StringLiteral {
    nesting += 1
    defer { nesting -= 1 }
    let hashes = rawStringStart() ?? 0
    advance(hashes)
    let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
    if multiline {
      advance(3)
      return readMultiline(hashes: hashes)
    }
    advance()
    var segments: [StringLiteral.Segment] = []
    var text = ""
    while let c = peek() {
      if c.isNewline { break }  // unterminated: a single-line literal ends at the line
      if c == "\"" && closes(hashes: hashes, quotes: 1) {
        advance(1 + hashes)
        break
      }
      if c == "\\" && escapeHashesMatch(hashes) {
        advance(1 + hashes)
        readEscape(into: &text, segments: &segments)
        continue
      }
      text.append(c)
      advance()
    }
    if !text.isEmpty { segments.append(.text(text)) }
    return StringLiteral(segments: segments)
  }

  /// True when the `\` at the current position is followed by exactly the literal's `#`s.
  private func escapeHashesMatch(_ hashes: Int) -> Bool {
    for offset in 0..<hashes where peek(1 + offset) != "#" { return false }
    return true
  }

  /// True when the quotes at the current position are followed by the literal's `#`s.
  private func closes(hashes: Int, quotes: Int) -> Bool {
    for offset in 0..<quotes where peek(offset) != "\"" { return false }
    for offset in 0..<hashes where peek(quotes + offset) != "#" { return false }
    return true
  }

  /// Decodes the escape after a `\` (and the literal's `#`s): a character, `\u{…}`, or an
  /// interpolation `(…)` read to its matching parenthesis.
  private mutating func readEscape(into text: inout String, segments: inout [StringLiteral.Segment]) {
    guard let c = peek() else { return }
    switch c {
    case "n": text.append("\n")
    case "t": text.append("\t")
    case "r": text.append("\r")
    case "0": text.append("\0")
    case "\\", "\"", "'": text.append(c)
    case "u":
      advance()
      guard peek() == "{" else { return }
      advance()
      var hex = ""
      while let d = peek(), d != "}", hex.count < 8 {
        hex.append(d)
        advance()
      }
      if peek() == "}" { advance() }
      if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
      return
    case "(":
      if !text.isEmpty { segments.append(.text(text)) }
      text = ""
      segments.append(.interpolation)
      skipInterpolation()
      return
    default:
      // `\` before a line break inside a multi-line literal: handled by the caller.
      text.append(c)
    }
    advance()
  }

  /// Skips `(…)` of an interpolation, with nested parentheses, strings and comments.
  private mutating func skipInterpolation() {
    advance()
    var depth = 1
    while depth > 0, let c = peek() {
      if c == "(" {
        depth += 1
        advance()
      } else if c == ")" {
        depth -= 1
        advance()
      } else if (c == "\"" || (c == "#" && rawStringStart() != nil)) && nesting < Self.maxNesting {
        _ = readString()
      } else if c == "/" && peek(1) == "/" {
        skipLineComment()
      } else if c == "/" && peek(1) == "*" {
        skipBlockComment()
      } else {
        advance()
      }
    }
  }

  /// A multi-line literal after its opening `"""`: lines up to the closing delimiter, whose
  /// indentation is removed from every line; `\` at the end of a line joins it to the next.
  private mutating func readMultiline(hashes: Int) -> StringLiteral {
    // The opening delimiter's line holds nothing else.
    while let c = peek(), !c.isNewline { advance() }
    advance()
    // Raw lines: each a list of segments, plus whether it ends in a continuation.
    var lines: [(segments: [StringLiteral.Segment], continues: Bool)] = []
    var segments: [StringLiteral.Segment] = []
    var text = ""
    var closingIndent = ""
    var atLineStart = true
    var lineIndent = ""
    while let c = peek() {
      if atLineStart, c == " " || c == "\t" {
        lineIndent.append(c)
        text.append(c)
        advance()
        continue
      }
      if c == "\"" && closes(hashes: hashes, quotes: 3) {
        if atLineStart {
          closingIndent = lineIndent
          // This line is only the closing delimiter's indentation: not part of the text.
          text = ""
        }
        advance(3 + hashes)
        break
      }
      atLineStart = false
      if c.isNewline {
        if !text.isEmpty { segments.append(.text(text)) }
        lines.append((segments, false))
        segments = []
        text = ""
        lineIndent = ""
        atLineStart = true
        advance()
        continue
      }
      if c == "\\" && escapeHashesMatch(hashes) {
        advance(1 + hashes)
        // A continuation: `\` then optional spaces then the line break.
        var offset = 0
        while peek(offset) == " " || peek(offset) == "\t" { offset += 1 }
        if let next = peek(offset), next.isNewline {
          advance(offset + 1)
          if !text.isEmpty { segments.append(.text(text)) }
          lines.append((segments, true))
          segments = []
          text = ""
          lineIndent = ""
          atLineStart = true
          continue
        }
        readEscape(into: &text, segments: &segments)
        continue
      }
      text.append(c)
      advance()
    }
    if !text.isEmpty { segments.append(.text(text)) }
    if !segments.isEmpty { lines.append((segments, false)) }
    // Strip the closing indentation from each line, join with newlines (not after continuations).
    var result: [StringLiteral.Segment] = []
    for (position, item) in lines.enumerated() {
      var lineSegments = item.segments
      if case .text(let first)? = lineSegments.first, first.hasPrefix(closingIndent), !closingIndent.isEmpty {
        let rest = String(first.dropFirst(closingIndent.count))
        lineSegments[0] = .text(rest)
      }
      result += lineSegments
      if position < lines.count - 1 && !item.continues { result.append(.text("\n")) }
    }
    return StringLiteral(segments: SwiftLexer.merged(result))
  }
}

/// Splits Objective-C (or C) source into `SourceToken`s: comments dropped, `@"…"` and `"…"`
/// literals decoded (C escapes, `\uXXXX`), adjacent literals joined (`@"a" @"b"` is `"ab"`),
/// character literals (`'"'`) skipped. Unterminated literals end at the line; nothing throws.
struct CharacterObjCLexer: CharacterCursor {
  let chars: [Character]
  var index = 0
  var line = 1
  var column = 1

  init(_ text: String) { chars = Array(text) }

  /// Every token of `text`.
  static func tokens(_ text: String) -> [SourceToken] {
    var lexer = CharacterObjCLexer(text)
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
