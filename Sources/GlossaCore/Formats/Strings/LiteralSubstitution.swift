import Foundation

/// Replacing one value literal of a parsed `.strings` text by another, without reading the file
/// again: what an edit in the review costs on a 20,000-entry file (issue 16, budget 3).
///
/// Why the rest of the file reads the same: the reader is a left-to-right state machine that
/// looks ahead only a few bytes, except where a literal or comment is never closed (it looks to
/// the end of the file for the closing quote); a file read without a syntax error has no such
/// scan. Up to the literal's first byte nothing changed, so the reader is in the same state
/// there; the old literal was read as one whole token and the new one also reads as exactly one
/// token of its own bytes, so the reader leaves it in the same state too (what it does after a
/// value does not depend on the value), and from there on it meets the old bytes again. So every
/// other entry, span and diagnostic is the old one moved: byte offsets by the change in length,
/// lines by the change in line breaks, and columns of what follows on the literal's last line by
/// the change of that column. Both sides of the literal are ASCII (a quote or an unquoted
/// character), so no multi-byte sequence, CRLF pair or comment opener straddles its edges.
///
/// Anything outside that argument is declined, and the caller takes the full path (splice, read
/// everything again, compare): a file with a syntax error (an unterminated literal before the
/// value would be closed by the new literal's quote: the fuzzer found that one), a value that
/// would start a comment, a literal that does not read as one token of the same text, an
/// encoding that could change with the bytes, a change of line count with diagnostics after it
/// (their messages quote lines).
struct LiteralSubstitution {
  var text: [UInt8]
  var entries: [Entry]
  var spans: [StringsSpan]
  var diagnostics: [Diagnostic]

  /// Whether an edit of a file read as `encoding` can change the bytes without the encoding
  /// the next reader sees changing: always with a byte-order mark; BOM-less UTF-8 only while
  /// neither the text nor the literal holds a NUL byte (which could make it look like UTF-16),
  /// and while the text does not start with a BOM's bytes (a substitution never changes the
  /// start; the tail re-read checks it).
  static func keepsEncoding(_ encoding: TextEncoding, text: [UInt8], literal: [UInt8]) -> Bool {
    switch encoding {
    case .utf8BOM, .utf16LEBOM, .utf16BEBOM:
      return true
    case .utf8:
      return !literal.contains(0)
        && !text.withUnsafeBytes { raw in
          guard let base = raw.baseAddress else { return false }
          return memchr(base, 0, raw.count) != nil
        }
    case .utf16LE, .utf16BE:
      return false
    }
  }

  /// The text, entries, spans and diagnostics after replacing the value literal of entry
  /// `index` by `literal`, or nil when the argument above does not cover this edit.
  static func replacing(
    valueOf index: Int, with literal: [UInt8], in text: [UInt8], entries: [Entry], spans: [StringsSpan],
    diagnostics: [Diagnostic]
  ) -> LiteralSubstitution? {
    let span = spans[index]
    // Only a file read without a syntax error: no scan ran ahead past the literal's start.
    guard !diagnostics.contains(where: { $0.kind == .parseError }) else { return nil }
    guard let old = span.valueRange, let value = StringsParser.wholeLiteral(literal) else { return nil }
    // An unquoted token ends where unquoted characters do: only where the old one was unquoted
    // too is the byte after it sure to end the new one.
    let quoted = literal.first == UInt8(ascii: "\"") || literal.first == UInt8(ascii: "'")
    guard quoted || !span.valueQuoted(in: text) else { return nil }
    let delta = literal.count - old.count
    // Where the old literal ends (line, column), and where the new one does.
    let lead = extent(text[span.keyStart..<old.lowerBound])
    let before = lead.then(extent(text[old]))
    let after = lead.then(extent(literal[...]))
    let key = entries[index]
    // Columns past `Entry.maxColumn` are kept clamped: moving them by arithmetic would not give
    // what a fresh read gives, so such a line is read again instead.
    guard key.column < Entry.maxColumn else { return nil }
    let oldLine = key.line + before.breaks
    let oldColumn = before.breaks == 0 ? key.column + before.tail : before.tail + 1
    let newLine = key.line + after.breaks
    let newColumn = after.breaks == 0 ? key.column + after.tail : after.tail + 1
    let lineShift = newLine - oldLine
    if lineShift != 0, diagnostics.contains(where: { ($0.line ?? 0) >= oldLine || ($0.relatedLine ?? 0) >= oldLine }) {
      return nil
    }
    var result = LiteralSubstitution(text: text, entries: entries, spans: spans, diagnostics: diagnostics)
    result.text.replaceSubrange(old, with: literal)
    result.entries[index].value = value
    result.spans[index].valueRange = old.lowerBound..<(old.lowerBound + literal.count)
    result.spans[index].entryEnd += delta
    if delta != 0 {
      for j in (index + 1)..<spans.count { result.spans[j].move(by: delta) }
    }
    func moved(line: Int, column: Int) -> (Int, Int) {
      if line > oldLine { return (line + lineShift, column) }
      if line == oldLine && column >= oldColumn { return (newLine, column - oldColumn + newColumn) }
      return (line, column)
    }
    if lineShift != 0 || newColumn != oldColumn {
      for j in (index + 1)..<entries.count {
        let entry = entries[j]
        // Entries are in file order: once past the literal's last line with no line shift,
        // nothing further moves.
        if lineShift == 0 && entry.line > oldLine { break }
        if entry.line == oldLine && entry.column >= Entry.maxColumn { return nil }
        (result.entries[j].line, result.entries[j].column) = moved(line: entry.line, column: entry.column)
      }
      for j in diagnostics.indices {
        guard let line = diagnostics[j].line, let column = diagnostics[j].column else { continue }
        (result.diagnostics[j].line, result.diagnostics[j].column) = moved(line: line, column: column)
      }
    }
    return result
  }

  /// Line breaks in `bytes` (LF, CRLF and a lone CR each once) and the Unicode scalars after the
  /// last one.
  struct Extent {
    var breaks: Int
    var tail: Int

    /// This extent followed by `next`.
    func then(_ next: Extent) -> Extent {
      next.breaks == 0
        ? Extent(breaks: breaks, tail: tail + next.tail) : Extent(breaks: breaks + next.breaks, tail: next.tail)
    }
  }

  static func extent(_ bytes: ArraySlice<UInt8>) -> Extent {
    var result = Extent(breaks: 0, tail: 0)
    var k = bytes.startIndex
    while k < bytes.endIndex {
      let byte = bytes[k]
      if byte == 0x0A || (byte == 0x0D && (k + 1 >= bytes.endIndex || bytes[k + 1] != 0x0A)) {
        result.breaks += 1
        result.tail = 0
      } else if byte != 0x0D && byte & 0xC0 != 0x80 {
        result.tail += 1
      }
      k += 1
    }
    return result
  }
}

extension StringsSpan {
  /// The same span `delta` bytes later in the text.
  mutating func move(by delta: Int) {
    commentStart = commentStart.map { $0 + delta }
    keyStart += delta
    keyEnd += delta
    valueRange = valueRange.map { ($0.lowerBound + delta)..<($0.upperBound + delta) }
    entryEnd += delta
  }
}
