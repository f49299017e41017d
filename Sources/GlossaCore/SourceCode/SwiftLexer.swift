/// Splits Swift source into `SourceToken`s: comments (`//`, nested `/* */`) dropped, string
/// literals decoded — escapes, interpolations `\(…)` (which may hold strings and parentheses of
/// their own), raw strings `#"…"#` with `\#(…)`, multi-line `"""` literals with the closing
/// delimiter's indentation removed and `\` line continuations joined.
///
/// Not a Swift parser: enough to find literal arguments of calls, and never to be fooled by a
/// quote inside a comment or a comment marker inside a string. Unterminated literals and
/// comments end at the end of the file; nothing here throws.
struct SwiftLexer: SourceLexer {
  private var cursor: SourceCursor
  /// How many string literals are open (a literal inside an interpolation inside a literal…).
  private var nesting = 0
  /// Deeper than this, a quote inside an interpolation is read as a character: hostile input
  /// cannot make the lexer recurse until the stack runs out.
  static let maxNesting = 32

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
        skipLineComment()
        continue
      }
      if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.star {
        skipBlockComment()
        continue
      }
      let (line, column) = (cursor.line, cursor.column(at: start))
      func token(_ kind: SourceToken.Kind) -> SourceToken { SourceToken(kind: kind, line: line, column: column) }
      if c == SourceBytes.quote || (c == SourceBytes.hash && rawStringStart() != nil) {
        tokens.append(token(.string(readString())))
      } else if c == SourceBytes.backtick {
        cursor.advance()
        let nameStart = cursor.index
        while let d = cursor.peek(), d != SourceBytes.backtick, !cursor.isAtLineBreak { cursor.advance() }
        let name = cursor.text(from: nameStart)
        if cursor.peek() == SourceBytes.backtick { cursor.advance() }
        tokens.append(token(.name(name)))
      } else if SourceBytes.isNameByte(c) || c == 0x24 || c == SourceBytes.at {
        if c == SourceBytes.at { cursor.advance() }
        cursor.skipName(dollar: true)
        tokens.append(token(.name(cursor.text(from: start))))
      } else if c < 0x80 {
        tokens.append(token(.punctuation(SourceBytes.punctuation[Int(c)])))
        cursor.advance()
      } else if let (scalar, _) = cursor.scalar(), SourceBytes.isNameScalar(scalar, continuing: false) {
        cursor.skipName(dollar: true)
        tokens.append(token(.name(cursor.text(from: start))))
      } else if let (scalar, _) = cursor.scalar(), !scalar.properties.isWhitespace, scalar.properties.numericType == nil
      {
        tokens.append(token(.punctuation(Character(scalar))))
        cursor.advanceScalar()
      } else {
        cursor.advanceScalar()
      }
    }
    return tokens
  }

  private mutating func skipLineComment() {
    while !cursor.isAtEnd, !cursor.isAtLineBreak { cursor.advance() }
  }

  /// Swift block comments nest.
  private mutating func skipBlockComment() {
    cursor.advance(2)
    var depth = 1
    while depth > 0, let c = cursor.peek() {
      if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.star {
        depth += 1
        cursor.advance(2)
      } else if c == SourceBytes.star && cursor.peek(1) == SourceBytes.slash {
        depth -= 1
        cursor.advance(2)
      } else {
        cursor.advance()
      }
    }
  }

  /// The number of `#` before a `"` at the current position, or nil when this is no raw string.
  private func rawStringStart() -> Int? {
    var count = 0
    while cursor.peek(count) == SourceBytes.hash { count += 1 }
    return cursor.peek(count) == SourceBytes.quote && count > 0 ? count : nil
  }

  /// Reads a literal starting at `#` or `"`; returns its decoded segments.
  private mutating func readString() -> StringLiteral {
    nesting += 1
    defer { nesting -= 1 }
    let hashes = rawStringStart() ?? 0
    cursor.advance(hashes)
    if cursor.peek("\"\"\"") {
      cursor.advance(3)
      return readMultiline(hashes: hashes)
    }
    cursor.advance()
    var segments: [StringLiteral.Segment] = []
    var text: [UInt8] = []
    while let c = cursor.peek() {
      if cursor.isAtLineBreak { break }  // unterminated: a single-line literal ends at the line
      if c == SourceBytes.quote && closes(hashes: hashes, quotes: 1) {
        cursor.advance(1 + hashes)
        break
      }
      if c == SourceBytes.backslash && escapeHashesMatch(hashes) {
        cursor.advance(1 + hashes)
        readEscape(into: &text, segments: &segments)
        continue
      }
      text.append(c)
      cursor.advance()
    }
    if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
    return StringLiteral(segments: segments)
  }

  /// True when the `\` at the current position is followed by exactly the literal's `#`s.
  private func escapeHashesMatch(_ hashes: Int) -> Bool {
    for offset in 0..<hashes where cursor.peek(1 + offset) != SourceBytes.hash { return false }
    return true
  }

  /// True when the quotes at the current position are followed by the literal's `#`s.
  private func closes(hashes: Int, quotes: Int) -> Bool {
    for offset in 0..<quotes where cursor.peek(offset) != SourceBytes.quote { return false }
    for offset in 0..<hashes where cursor.peek(quotes + offset) != SourceBytes.hash { return false }
    return true
  }

  /// Decodes the escape after a `\` (and the literal's `#`s): a character, `\u{…}`, or an
  /// interpolation `(…)` read to its matching parenthesis.
  private mutating func readEscape(into text: inout [UInt8], segments: inout [StringLiteral.Segment]) {
    guard let c = cursor.peek() else { return }
    switch c {
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "0"): text.append(0x00)
    case UInt8(ascii: "u"):
      cursor.advance()
      guard cursor.peek() == UInt8(ascii: "{") else { return }
      cursor.advance()
      var hex = ""
      var count = 0
      while let d = cursor.peek(), d != UInt8(ascii: "}"), count < 8 {
        // A non-ASCII digit makes the escape invalid, as any other non-hex character does.
        hex.unicodeScalars.append(d < 0x80 ? Unicode.Scalar(d) : "g")
        count += 1
        cursor.advanceScalar()
      }
      if cursor.peek() == UInt8(ascii: "}") { cursor.advance() }
      if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { text += Array(String(scalar).utf8) }
      return
    case UInt8(ascii: "("):
      if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
      segments.append(.interpolation)
      skipInterpolation()
      return
    default:
      // `\`, `"`, `'` stand for themselves; so does anything unknown. `\` before a line break
      // inside a multi-line literal is handled by the caller.
      let start = cursor.index
      cursor.advanceCharacter()
      text += cursor.bytes[start..<cursor.index]
      return
    }
    cursor.advance()
  }

  /// Skips `(…)` of an interpolation, with nested parentheses, strings and comments.
  private mutating func skipInterpolation() {
    cursor.advance()
    var depth = 1
    while depth > 0, let c = cursor.peek() {
      if c == UInt8(ascii: "(") {
        depth += 1
        cursor.advance()
      } else if c == UInt8(ascii: ")") {
        depth -= 1
        cursor.advance()
      } else if (c == SourceBytes.quote || (c == SourceBytes.hash && rawStringStart() != nil))
        && nesting < Self.maxNesting
      {
        _ = readString()
      } else if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.slash {
        skipLineComment()
      } else if c == SourceBytes.slash && cursor.peek(1) == SourceBytes.star {
        skipBlockComment()
      } else {
        cursor.advance()
      }
    }
  }

  /// Steps over one line break (`\r\n` whole).
  private mutating func advanceLineBreak() {
    if cursor.peek() == 0x0D && cursor.peek(1) == 0x0A { cursor.advance() }
    cursor.advance()
  }

  /// A multi-line literal after its opening `"""`: lines up to the closing delimiter, whose
  /// indentation is removed from every line; `\` at the end of a line joins it to the next.
  private mutating func readMultiline(hashes: Int) -> StringLiteral {
    // The opening delimiter's line holds nothing else.
    while !cursor.isAtEnd, !cursor.isAtLineBreak { cursor.advance() }
    advanceLineBreak()
    // Raw lines: each a list of segments, plus whether it ends in a continuation.
    var lines: [(segments: [StringLiteral.Segment], continues: Bool)] = []
    var segments: [StringLiteral.Segment] = []
    var text: [UInt8] = []
    var closingIndent: [UInt8] = []
    var atLineStart = true
    var lineIndent: [UInt8] = []
    func endLine(continues: Bool) {
      if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
      lines.append((segments, continues))
      segments = []
      text = []
      lineIndent = []
      atLineStart = true
    }
    while let c = cursor.peek() {
      if atLineStart, c == 0x20 || c == 0x09 {
        lineIndent.append(c)
        text.append(c)
        cursor.advance()
        continue
      }
      if c == SourceBytes.quote && closes(hashes: hashes, quotes: 3) {
        if atLineStart {
          closingIndent = lineIndent
          // This line is only the closing delimiter's indentation: not part of the text.
          text = []
        }
        cursor.advance(3 + hashes)
        break
      }
      atLineStart = false
      if cursor.isAtLineBreak {
        endLine(continues: false)
        advanceLineBreak()
        continue
      }
      if c == SourceBytes.backslash && escapeHashesMatch(hashes) {
        cursor.advance(1 + hashes)
        // A continuation: `\` then optional spaces then the line break.
        var offset = 0
        while cursor.peek(offset) == 0x20 || cursor.peek(offset) == 0x09 { offset += 1 }
        if let next = cursor.peek(offset), next == 0x0A || next == 0x0D {
          cursor.advance(offset)
          advanceLineBreak()
          endLine(continues: true)
          continue
        }
        readEscape(into: &text, segments: &segments)
        continue
      }
      text.append(c)
      cursor.advance()
    }
    if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
    if !segments.isEmpty { lines.append((segments, false)) }
    // Strip the closing indentation from each line, join with newlines (not after continuations).
    let indent = String(decoding: closingIndent, as: UTF8.self)
    var result: [StringLiteral.Segment] = []
    for (position, item) in lines.enumerated() {
      var lineSegments = item.segments
      if case .text(let first)? = lineSegments.first, !indent.isEmpty, first.utf8.starts(with: indent.utf8) {
        lineSegments[0] = .text(String(first.utf8.dropFirst(indent.utf8.count))!)
      }
      result += lineSegments
      if position < lines.count - 1 && !item.continues { result.append(.text("\n")) }
    }
    return StringLiteral(segments: Self.merged(result))
  }

  /// Adjacent text segments joined, empty ones dropped.
  static func merged(_ segments: [StringLiteral.Segment]) -> [StringLiteral.Segment] {
    var result: [StringLiteral.Segment] = []
    for segment in segments {
      if case .text(let next) = segment {
        if next.isEmpty { continue }
        if case .text(let previous)? = result.last {
          result[result.count - 1] = .text(previous + next)
          continue
        }
      }
      result.append(segment)
    }
    return result
  }
}
