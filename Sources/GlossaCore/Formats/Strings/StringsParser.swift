import Foundation

/// A resilient byte-level parser for old-style `.strings` text (already decoded to UTF-8).
///
/// It keeps byte offsets of every key, value and comment so the document can be written back
/// unchanged and edited in place. A syntax error becomes a diagnostic and parsing resumes at the
/// next line.
struct StringsParser {
  let text: [UInt8]
  let file: String
  /// False to leave entries' comments out (nil) when no one will read them; spans still cover them.
  let keepsComments: Bool
  /// False to leave `spans` empty, for a document that reads them again when it needs them.
  let keepsSpans: Bool
  var i = 0
  /// Lines and columns of offsets, whatever the line breaks (LF, CRLF, CR) and line lengths:
  /// the parser asks in file order, so one forward scan answers.
  var positions: LineWalker
  var entries: [Entry] = []
  var spans: [StringsSpan] = []
  var diagnostics: [Diagnostic] = []
  /// The texts of entries that are not ranges of `text` (an escaped key or value, a comment of
  /// joined `//` lines), one after another: those entries share this one array (see
  /// `Entry.init(sideKey:…)`), handed to them when the parse ends.
  private var side: [UInt8] = []
  /// The entries whose texts are in `side`.
  private var sideEntries: [Int] = []
  /// The most bytes `side` holds (entries keep 32-bit offsets); lower in tests.
  let sideLimit: Int

  init(
    text: [UInt8], file: String, keepsComments: Bool = true, keepsSpans: Bool = true, sideLimit: Int = Int(UInt32.max)
  ) {
    self.text = text
    self.file = file
    self.keepsComments = keepsComments
    self.keepsSpans = keepsSpans
    self.sideLimit = sideLimit
    positions = LineWalker(text)
  }

  /// A pending comment: where it starts, ends, its cleaned text, and whether it is a `//` run.
  private struct PendingComment {
    var start: Int
    var end: Int
    var text: EntryText
    var isLineComment: Bool
    var endLine: Int
  }

  /// A key or value literal: where it is, and how to decode it (no string is built until the
  /// entry is recorded).
  private struct Token {
    var start: Int
    var end: Int
    var quoted: Bool
    var hasEscape: Bool
  }

  private struct SyntaxError: Error {
    var offset: Int
    var message: String
    /// Where to resume: the start of the line after this offset.
    var resumeFrom: Int
  }

  mutating func parse() {
    var pending: PendingComment?
    // Every entry ends in `;`: reserving for that many avoids regrowing (and rehashing) as we go.
    let estimate = ByteCount.occurrences(of: UInt8(ascii: ";"), in: text)
    var seen = SeenKeys(capacity: estimate)
    entries.reserveCapacity(estimate)
    if keepsSpans { spans.reserveCapacity(estimate) }
    while true {
      let newlines = skipWhitespace()
      if newlines > 1 { pending = nil }
      guard i < text.count else { break }
      if text[i] == UInt8(ascii: "/"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "*") {
        let start = i
        guard let content = scanBlockComment(keepingText: keepsComments) else {
          report(at: start, "unterminated comment: expected '*/' before the end of the file")
          break
        }
        pending = PendingComment(
          start: start, end: i, text: content, isLineComment: false, endLine: positions.line(of: i))
        continue
      }
      if text[i] == UInt8(ascii: "/"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "/") {
        let start = i
        let line = positions.line(of: start)
        let content = scanLineComment(keepingText: keepsComments)
        if let previous = pending, previous.isLineComment, previous.endLine == line - 1 || previous.endLine == line {
          let text = keepsComments ? EntryText(previous.text.string + "\n" + content.string) : content
          pending = PendingComment(start: previous.start, end: i, text: text, isLineComment: true, endLine: line)
        } else {
          pending = PendingComment(start: start, end: i, text: content, isLineComment: true, endLine: line)
        }
        continue
      }
      let comment = pending
      pending = nil
      do {
        try parseEntry(comment: comment, seen: &seen)
      } catch {
        report(at: error.offset, error.message)
        resume(after: error)
      }
    }
    if !sideEntries.isEmpty {
      // Grown by doubling: sized exactly before it is kept.
      let side = DecodedText.exactlySized(self.side)
      for index in sideEntries { entries[index].adopt(side) }
    }
  }

  private mutating func parseEntry(comment: PendingComment?, seen: inout SeenKeys) throws(SyntaxError) {
    let (keyLine, keyColumn) = positions.location(of: i)
    let key = try token(what: "a key")
    skipTrivia()
    var valueToken: Token?
    guard i < text.count else {
      throw error(at: key.end, "expected '=' or ';' after the key \"\(string(key))\", found the end of the file")
    }
    if text[i] == UInt8(ascii: "=") {
      i += 1
      skipTrivia()
      valueToken = try token(what: "a value after '='")
      skipTrivia()
    }
    var end: Int
    if i < text.count, text[i] == UInt8(ascii: ";") {
      i += 1
      end = i
    } else {
      let after = valueToken?.end ?? key.end
      let found = i < text.count ? "'\(describe(i))'" : "the end of the file"
      let expected = valueToken == nil ? "'=' or ';' after the key" : "';' after the value of"
      let failure = error(at: after, "expected \(expected) \"\(string(key))\", found \(found)")
      if let valueToken {
        // Keep the entry: its key and value are unambiguous even without the ';'.
        end = valueToken.end
        record(key: key, value: valueToken, comment: comment, end: end, line: keyLine, column: keyColumn, seen: &seen)
      }
      throw failure
    }
    record(key: key, value: valueToken, comment: comment, end: end, line: keyLine, column: keyColumn, seen: &seen)
  }

  private mutating func record(
    key: Token, value: Token?, comment: PendingComment?, end: Int, line: Int, column: Int,
    seen: inout SeenKeys
  ) {
    let keyBody = body(of: key)
    // A key with escapes is decoded once; any other is a range of the text, made into a string
    // only for a diagnostic.
    let decodedKey = key.hasEscape ? string(key) : nil
    let first = seen.firstLine(
      of: decodedKey ?? String(decoding: text[keyBody], as: UTF8.self), bytes: key.hasEscape ? nil : keyBody,
      in: text, line: line)
    let commentText = keepsComments ? comment?.text : nil
    let split = pluralSplit(keyBody, decoded: decodedKey)
    var shared = decodedKey == nil && value?.hasEscape != true
    var commentRange: Range<Int>?
    if let commentText {
      commentRange = commentText.range(in: text)
      if commentRange == nil { shared = false }
    }
    if shared {
      // Everything is a range of the text: the entry shares it (the `"key";` shorthand's value
      // is the whole key as written).
      entries.append(
        Entry(
          text: text, key: keyBody.lowerBound..<(keyBody.lowerBound + (split?.keyCount ?? keyBody.count)),
          value: value.map(body(of:)) ?? keyBody, comment: commentRange, plural: split?.category, line: line,
          column: column))
    } else {
      // Texts of their own, in the buffer this file's such entries share (while its offsets
      // fit in 32 bits; past that, in an array of the entry's own).
      let rawKey = decodedKey ?? String(decoding: text[keyBody], as: UTF8.self)
      let keyText = EntryText(split.map { String(decoding: rawKey.utf8.prefix($0.keyCount), as: UTF8.self) } ?? rawKey)
      let start = side.count
      let keyRange = appendToSide(keyText)
      let valueRange: Range<Int>
      if let value, value.hasEscape {
        // Unescaped straight into the buffer, without a string of its own on the way.
        let valueStart = side.count
        StringsEscapes.unescape(text[body(of: value)], appendingTo: &side)
        valueRange = valueStart..<side.count
      } else {
        valueRange = appendToSide(value.map { entryText($0) } ?? EntryText(rawKey))
      }
      let commentRange = commentText.map { appendToSide($0) }
      if side.count <= sideLimit {
        sideEntries.append(entries.count)
        entries.append(
          Entry(
            sideKey: keyRange, value: valueRange, comment: commentRange, plural: split?.category, line: line,
            column: column))
      } else {
        // Past the buffer's limit: the texts go back out, into arrays of the entry's own.
        let valueText = EntryText(String(decoding: side[valueRange], as: UTF8.self))
        side.removeSubrange(start...)
        entries.append(
          Entry(
            key: keyText, valueText: valueText, commentText: commentText, plural: split?.category, line: line,
            column: column))
      }
    }
    if keepsSpans {
      spans.append(
        StringsSpan(
          commentStart: comment?.start, keyStart: key.start, keyEnd: key.end,
          valueRange: value.map { $0.start..<$0.end },
          entryEnd: end))
    }
    if let first {
      let rawKey = decodedKey ?? String(decoding: text[keyBody], as: UTF8.self)
      diagnostics.append(
        Diagnostic(
          kind: .duplicateKey, file: file, line: line, column: column,
          message: "the key \"\(rawKey)\" is defined again; line \(first) has it too and this later value wins",
          key: rawKey, relatedLine: first))
    }
  }

  /// Appends `text` to `side`, giving its range there.
  private mutating func appendToSide(_ text: EntryText) -> Range<Int> {
    let start = side.count
    text.withUTF8 { side.append(contentsOf: $0) }
    return start..<side.count
  }

  /// The family key's length in bytes and the category, when the raw key (`body` of the text,
  /// or `decoded` for a key with escapes) is a plural form's `KEY##{category}`.
  private func pluralSplit(_ body: Range<Int>, decoded: String?) -> (keyCount: Int, category: PluralCategory)? {
    // Nearly every key does not end in `}`: rejected without a string.
    if let decoded {
      return PluralKeySyntax.split(decoded).map { ($0.key.utf8.count, $0.category) }
    }
    guard !body.isEmpty, text[body.upperBound - 1] == UInt8(ascii: "}"),
      let split = PluralKeySyntax.split(String(decoding: text[body], as: UTF8.self))
    else { return nil }
    return (split.key.utf8.count, split.category)
  }

  /// The literal's text without its quotes.
  private func body(of token: Token) -> Range<Int> {
    token.quoted ? (token.start + 1)..<(token.end - 1) : token.start..<token.end
  }

  /// What `bytes` read as when they are one whole key or value literal on their own, as this
  /// reader takes a token (nil when they are not exactly one token, or would open a comment).
  static func wholeLiteral(_ bytes: [UInt8]) -> String? {
    // Between tokens the reader takes `//` and `/*` for comments, not for an unquoted literal.
    if bytes.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
      || bytes.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")])
    {
      return nil
    }
    var parser = StringsParser(text: bytes, file: "")
    guard let token = try? parser.token(what: "a literal"), parser.i == bytes.count else { return nil }
    return parser.string(token)
  }

  /// The decoded text of a literal, as a range of the text when it has no escape.
  private func entryText(_ token: Token) -> EntryText {
    guard !token.hasEscape else { return EntryText(string(token)) }
    return EntryText(slice: body(of: token), of: text)
  }

  /// The decoded text of a literal.
  private func string(_ token: Token) -> String {
    let body = token.quoted ? text[(token.start + 1)..<(token.end - 1)] : text[token.start..<token.end]
    return token.hasEscape ? StringsEscapes.unescape(body) : String(decoding: body, as: UTF8.self)
  }

  // MARK: Tokens

  private mutating func token(what: String) throws(SyntaxError) -> Token {
    guard i < text.count else { throw error(at: i, "expected \(what), found the end of the file") }
    let c = text[i]
    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
      return try quoted(c)
    }
    if Self.isUnquotedChar(c) {
      let start = i
      while i < text.count && Self.isUnquotedChar(text[i]) { i += 1 }
      return Token(start: start, end: i, quoted: false, hasEscape: false)
    }
    throw error(at: i, "expected \(what), found '\(describe(i))'")
  }

  private mutating func quoted(_ quote: UInt8) throws(SyntaxError) -> Token {
    let start = i
    var hasEscape = false
    // One pass over raw bytes (the hottest loop of reading a bundle): find the closing quote,
    // noting escapes on the way. Eight bytes a step to the next quote or backslash: most
    // literals are a few dozen bytes with no escape, where two `memchr` calls (the quote, then
    // a backslash before it) cost more in calls than in bytes.
    let close: Int? = text.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return nil }
      let count = bytes.count
      var k = start + 1
      while true {
        k = Self.quoteOrBackslash(base, from: k, count: count, quote: quote)
        guard k < count else { return nil }
        if base[k] == quote { return k }
        hasEscape = true
        k += 2
      }
    }
    guard let close else {
      // Unterminated: report at the opening quote and resume on the line after it.
      throw SyntaxError(
        offset: start,
        message:
          "unterminated string: expected a closing \(quote == UInt8(ascii: "'") ? "'" : "\"") before the end of the file",
        resumeFrom: start)
    }
    i = close + 1
    return Token(start: start, end: i, quoted: true, hasEscape: hasEscape)
  }

  /// The offset of the first `quote` or backslash at or after `from` (else `count`), eight
  /// bytes a step (`ByteCount.matches`).
  @inline(__always)
  static func quoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, count: Int, quote: UInt8) -> Int {
    let quotes = ByteCount.repeated(quote)
    let backslashes = ByteCount.repeated(0x5C)
    var k = max(from, 0)
    while k + 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
      let found = ByteCount.matches(word, quotes) | ByteCount.matches(word, backslashes)
      if found != 0 { return k + found.trailingZeroBitCount / 8 }
      k += 8
    }
    while k < count && base[k] != quote && base[k] != 0x5C { k += 1 }
    return min(k, count)
  }

  static func isUnquotedChar(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  // MARK: Trivia

  /// Skips whitespace, returning how many line breaks (LF, CRLF or CR) it crossed.
  @discardableResult
  private mutating func skipWhitespace() -> Int {
    var count = 0
    while i < text.count {
      switch text[i] {
      case 0x0A:
        count += 1
        i += 1
      case 0x0D:
        if i + 1 >= text.count || text[i + 1] != 0x0A { count += 1 }
        i += 1
      case 0x20, 0x09, 0x0B, 0x0C:
        i += 1
      case 0xC2 where i + 1 < text.count && text[i + 1] == 0xA0:
        i += 2
      case 0xE2 where i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9):
        i += 3
      case 0xEF where i + 2 < text.count && text[i + 1] == 0xBB && text[i + 2] == 0xBF:
        i += 3
      default:
        return count
      }
    }
    return count
  }

  /// Skips whitespace and comments between the tokens of one entry.
  private mutating func skipTrivia() {
    while true {
      skipWhitespace()
      guard i + 1 < text.count, text[i] == UInt8(ascii: "/") else { return }
      if text[i + 1] == UInt8(ascii: "*") {
        let save = i
        if scanBlockComment(keepingText: false) == nil {
          i = save
          return
        }
      } else if text[i + 1] == UInt8(ascii: "/") {
        _ = scanLineComment(keepingText: false)
      } else {
        return
      }
    }
  }

  /// Skips a `/* … */` comment; returns its trimmed text (empty unless `keepingText`), or nil
  /// when it is not terminated.
  private mutating func scanBlockComment(keepingText: Bool) -> EntryText? {
    let bodyStart = i + 2
    // The `*` of each candidate `*/` at memchr's speed (storyboard files carry a long comment
    // per entry).
    let close: Int? = text.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let count = buffer.count
      var j = bodyStart
      while j + 1 < count, let found = memchr(base + j, Int32(UInt8(ascii: "*")), count - 1 - j) {
        let star = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        if buffer[star + 1] == UInt8(ascii: "/") { return star }
        j = star + 1
      }
      return nil
    }
    guard let close else { return nil }
    i = close + 2
    return keepingText ? EntryText(slice: Self.trimmedRange(text, bodyStart..<close), of: text) : Self.noText
  }

  /// Skips a `//` comment up to the line break (LF, or CR as in classic Mac OS files); returns
  /// its trimmed text (empty unless `keepingText`).
  private mutating func scanLineComment(keepingText: Bool) -> EntryText {
    let bodyStart = i + 2
    while i < text.count && text[i] != 0x0A && text[i] != 0x0D { i += 1 }
    guard keepingText else { return Self.noText }
    var end = i
    if end > bodyStart && text[end - 1] == 0x0D { end -= 1 }
    return EntryText(slice: Self.trimmedRange(text, bodyStart..<max(bodyStart, end)), of: text)
  }

  /// The text of a comment not kept.
  private static let noText = EntryText("")

  /// `range` of `text` without white space at either end (ASCII, so the ends stay on scalar
  /// boundaries).
  static func trimmedRange(_ text: [UInt8], _ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C }
    while start < end && isSpace(text[start]) { start += 1 }
    while end > start && isSpace(text[end - 1]) { end -= 1 }
    return start..<end
  }

  // MARK: Positions

  private func error(at offset: Int, _ message: String) -> SyntaxError {
    SyntaxError(offset: offset, message: message, resumeFrom: offset)
  }

  private mutating func report(at offset: Int, _ message: String) {
    let (line, column) = positions.location(of: offset)
    diagnostics.append(Diagnostic(kind: .parseError, file: file, line: line, column: column, message: message))
  }

  /// Moves the cursor to the start of the line after the error's offset.
  private mutating func resume(after failure: SyntaxError) {
    var k = failure.resumeFrom
    while k < text.count && text[k] != 0x0A && text[k] != 0x0D { k += 1 }
    if k + 1 < text.count, text[k] == 0x0D, text[k + 1] == 0x0A { k += 1 }
    i = min(k + 1, text.count)
  }

  private func describe(_ offset: Int) -> String {
    var end = offset + 1
    while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
    let s = String(decoding: text[offset..<end], as: UTF8.self)
    switch s {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default: return s
    }
  }
}

import Foundation
