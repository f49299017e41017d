import Foundation

/// A lossless, editable `.strings` file.
///
/// The decoded text is kept whole; entries know the byte ranges of their key, value and comment.
/// Serialising an unedited document returns the original bytes; an edit splices only the value's
/// literal and re-encodes in the file's own encoding, BOM and line endings.
///
/// It verifies its edits (`VerifiesItsEdits`): a value is either substituted where
/// `LiteralSubstitution` proves nothing else reads differently, or spliced, read again and
/// compared, after checking that the bytes decode back in the same encoding.
public struct StringsDocument: VerifiesItsEdits {
  /// The file name used in diagnostics.
  public let file: String
  /// The encoding the file was read in; nil when the bytes could not be decoded.
  public let encoding: TextEncoding?
  /// The decoded text as UTF-8.
  package private(set) var text: [UInt8]
  /// The bytes read, kept only where encoding `text` again could not give them back (an
  /// undecodable file). A decoded file is not held twice: UTF-8 text is its own bytes, and
  /// UTF-16 is decoded strictly (no unpaired surrogate), so each scalar has exactly one UTF-16
  /// spelling and encoding the text again gives back the bytes read, BOM included.
  private let original: Data?
  private var isEdited = false
  /// False when entries were read without their comments (see `init(data:file:keepsComments:)`).
  private let keepsComments: Bool
  public private(set) var entries: [Entry]
  /// Where each entry is in the text (same positions as `entries`), for edits. A document as
  /// read keeps none: they are a third of what a review holds per entry and only an edit reads
  /// them, so the first edit reads them again from the text (unchanged since it was read:
  /// every change keeps them first). Read while not kept, they are read again each time.
  package private(set) var spans: [StringsSpan] {
    get { keptSpans ?? spansReadAgain }
    set { keptSpans = newValue }
  }
  private var keptSpans: [StringsSpan]?
  /// The spans of the text as it is.
  private var spansReadAgain: [StringsSpan] {
    Self.parse(text, file: file, keepsComments: false, keepsSpans: true).1
  }

  /// `saved` in place of this document, when this one writes the same bytes (an edit undone):
  /// the same text read the same way, with this one's spans if `saved` keeps none. Nil otherwise.
  func returning(to saved: StringsDocument) -> StringsDocument? {
    guard writesSameBytes(as: saved) else { return nil }
    guard saved.keptSpans == nil, let keptSpans else { return saved }
    var document = saved
    document.keptSpans = keptSpans
    return document
  }

  /// This document with its spans read and kept, when it keeps none (nil when it does): the
  /// same text and entries, read ahead of a first edit (see `LocaleTable.readingEditPositions`).
  package func keepingSpans() -> StringsDocument? {
    guard keptSpans == nil else { return nil }
    var document = self
    document.keepSpans()
    return document
  }

  /// This document without its kept spans, when it has them and was never edited since read
  /// (its text is then the one its entries were read from, and they read the same again); nil
  /// otherwise.
  package func releasingSpans() -> StringsDocument? {
    guard keptSpans != nil, encoding != nil, !isEdited, appended.isEmpty else { return nil }
    var document = self
    document.keptSpans = nil
    return document
  }

  /// True once the spans are kept (an edit read them), for tests.
  var keepsSpans: Bool { keptSpans != nil }
  public private(set) var diagnostics: [Diagnostic]
  /// What recent adds put at the end of the file, newest last: removing such a key while its
  /// bytes are still the file's last takes exactly those bytes (the blank line before its
  /// comment included), so an add and its undo leave the file as it was, byte for byte.
  private var appended: [Appended] = []

  private struct Appended {
    var rawKey: RawKey
    var start: Int
    var bytes: [UInt8]
  }

  /// Parses `data`; never throws: problems become `diagnostics`.
  public init(data: Data, file: String) {
    self.init(data: data, file: file, keepsComments: true)
  }

  /// Parses `data`, leaving every entry's `comment` nil unless `keepsComments`: for readers
  /// that never look at comments (the checks of a translation), which saves a string per entry.
  init(data: Data, file: String, keepsComments: Bool) {
    self.init(bytes: [UInt8](data), file: file, keepsComments: keepsComments)
  }

  /// `init(data:file:keepsComments:)` of bytes already in an array: UTF-8 text without a BOM
  /// is parsed in that very array.
  init(bytes: [UInt8], file: String, keepsComments: Bool) {
    self.file = file
    self.keepsComments = keepsComments
    do {
      let decoded = try DecodedText.decode(bytes: bytes)
      guard decoded.utf8.count <= StringsSpan.maxOffset else {
        // Read like an undecodable file: reported, kept byte for byte, never edited.
        encoding = nil
        original = Data(bytes)
        text = []
        entries = []
        keptSpans = []
        diagnostics = [
          Diagnostic(
            kind: .encodingError, file: file, line: 1, column: 1,
            message:
              "the file is \(decoded.utf8.count) bytes of text, over the \(StringsSpan.maxOffset) a .strings file may have"
          )
        ]
        return
      }
      encoding = decoded.encoding
      text = decoded.utf8
      original = nil
      (entries, _, diagnostics) = Self.parse(text, file: file, keepsComments: keepsComments, keepsSpans: false)
    } catch {
      encoding = nil
      original = Data(bytes)
      text = []
      entries = []
      keptSpans = []
      diagnostics = [error.diagnostic(file: file, expected: "UTF-8, or UTF-16 with a byte-order mark")]
    }
  }

  /// A new, empty document in the given encoding.
  public init(emptyFile file: String, encoding: TextEncoding = .utf8) {
    self.file = file
    self.original = nil
    self.encoding = encoding
    keepsComments = true
    text = []
    entries = []
    keptSpans = []
    diagnostics = []
  }

  private static func parse(_ text: [UInt8], file: String, keepsComments: Bool, keepsSpans: Bool = true) -> (
    [Entry], [StringsSpan], [Diagnostic]
  ) {
    var parser = StringsParser(text: text, file: file, keepsComments: keepsComments, keepsSpans: keepsSpans)
    parser.parse()
    return (parser.entries, parser.spans, parser.diagnostics)
  }

  /// Reads the spans again from the text if they are not kept, and keeps them: what every change
  /// does first, so that the text never changes while they are not kept.
  private mutating func keepSpans() {
    if keptSpans == nil { keptSpans = spansReadAgain }
  }

  public func serialized() -> Data {
    guard let encoding else { return original ?? Data() }
    return DecodedText.encode(text, as: encoding)
  }

  /// True when `serialized()` gives the same bytes for both, found without encoding either:
  /// the same encoding (BOM included) and the same text, or for undecoded files the same bytes.
  func writesSameBytes(as other: StringsDocument) -> Bool {
    guard encoding == other.encoding else { return false }
    guard encoding != nil else { return original == other.original }
    guard text.count == other.text.count else { return false }
    return text.withUnsafeBufferPointer { a in
      other.text.withUnsafeBufferPointer { b in
        a.isEmpty || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
  }

  /// The line ending the file uses: its first line break's (`\r\n`, a classic Mac OS `\r`, or `\n`).
  var lineEnding: [UInt8] {
    guard let n = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
    if text[n] == 0x0A { return [0x0A] }
    return n + 1 < text.count && text[n + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
  }

  /// The position (in `entries`, and the same in `spans`) of the last entry of `key` with
  /// this category: the one a reader takes. A key written with a `##{category}` suffix and no
  /// category names that form, as the raw key would.
  package func lastIndex(of key: String, plural: PluralCategory?) -> Int? {
    RawKey(key: key, plural: plural).lastIndex(in: entries)
  }

  // MARK: Editing

  /// Sets or adds a value, and refuses (changing nothing) an edit a fresh reader would not read
  /// back: the key without that value, or another entry read differently. That happens when the
  /// file has an unterminated literal before the entry, which the edit's new quote would close.
  /// - Throws: `GlossaError.invalidEdit` naming the file and the reader's first complaint.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws {
    if substituteValue(value, forKey: key, plural: plural) { return }
    let before = self
    let keptOthers = try setValueUnverified(value, forKey: key, plural: plural, comment: comment)
    guard isEdited, text != before.text else { return }
    let wanted = RawKey(key: key, plural: plural)
    func others(_ entries: [Entry]) -> [Entry] {
      var rest = entries
      if let last = wanted.lastIndex(in: rest) { rest.remove(at: last) }
      return rest
    }
    let readsBack = wanted.lastIndex(in: entries).map { entries[$0].value.isSameText(as: value) } ?? false
    let othersKept =
      keptOthers
      || others(entries).elementsEqual(others(before.entries)) {
        $0.plural == $1.plural && $0.keyText.isEqual(to: $1.keyText) && $0.valueText.isSameText(as: $1.valueText)
      }
    if readsBack && othersKept { return }
    let problem =
      diagnostics.first(where: { $0.kind == .parseError }).map { diagnostic in
        " (line \(diagnostic.line ?? 0), column \(diagnostic.column ?? 0): \(diagnostic.message))"
      } ?? ""
    self = before
    throw GlossaError.invalidEdit(
      file,
      problem: .wouldNotReadBack(key: PluralKeySyntax.join(key, plural), othersChange: readsBack, complaint: problem))
  }

  /// Changes an existing value without reading the file again when `LiteralSubstitution`
  /// shows that nothing else can read differently; false (nothing changed) when it cannot.
  /// True also when the value is already the entry's.
  private mutating func substituteValue(_ value: String, forKey key: String, plural: PluralCategory?) -> Bool {
    guard let encoding else { return false }
    guard let index = lastIndex(of: key, plural: plural) else { return false }
    if entries[index].value.isSameText(as: value) { return true }
    keepSpans()
    let span = spans[index]
    guard let range = span.valueRange else { return false }
    let literal = Self.literal(for: value, replacing: range, quoted: span.valueQuoted(in: text), in: text)
    // Too long for the file's offsets: the splice refuses it, saying so.
    guard text.count - range.count + literal.count <= StringsSpan.maxOffset else { return false }
    guard LiteralSubstitution.keepsEncoding(encoding, text: text, literal: literal),
      let result = LiteralSubstitution.replacing(
        valueOf: index, with: literal, in: text, entries: entries, spans: spans, diagnostics: diagnostics),
      result.entries[index].value.isSameText(as: value)
    else { return false }
    text = result.text
    entries = result.entries
    spans = result.spans
    diagnostics = result.diagnostics
    isEdited = true
    return true
  }

  /// The literal that writes `value` in place of the literal at `range`: unquoted when that one
  /// was and the value allows it, else quoted in the old literal's style.
  private static func literal(for value: String, replacing range: Range<Int>, quoted: Bool, in text: [UInt8])
    -> [UInt8]
  {
    if !quoted && StringsEscapes.isValidUnquoted(value) { return Array(value.utf8) }
    return StringsEscapes.quotedLiteral(value, style: .init(literal: text[range]))
  }

  /// Returns true when the other entries are known to be unchanged (the text before the new
  /// entry was not read again), false when the caller must compare them.
  private mutating func setValueUnverified(
    _ value: String, forKey key: String, plural: PluralCategory?, comment: String?
  ) throws -> Bool {
    try requireDecoded()
    keepSpans()
    let rawKey = PluralKeySyntax.join(key, plural)
    if let index = lastIndex(of: key, plural: plural) {
      // An unchanged value is no edit: the literal keeps its own spelling (escapes, quotes).
      if entries[index].value.isSameText(as: value) { return false }
      let span = spans[index]
      if let range = span.valueRange {
        try splice(
          range, with: Self.literal(for: value, replacing: range, quoted: span.valueQuoted(in: text), in: text))
      } else {
        // `"key";` shorthand: give it an explicit value.
        let literal = Array(" = ".utf8) + StringsEscapes.quotedLiteral(value)
        try splice(span.keyEnd..<span.keyEnd, with: literal)
      }
      return false
    }
    let line = Self.entryLine(rawKey: rawKey, value: value)
    if let plural, let (offset, indent) = insertionPoint(forFamily: key, category: plural) {
      try splice(offset..<offset, with: indent + line + lineEnding)
      return false
    }
    return try append(line: line, comment: comment)
  }

  public mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    try requireDecoded()
    keepSpans()
    guard let index = lastIndex(of: key, plural: plural) else {
      throw GlossaError.invalidEdit(file, problem: .noKeyToRemove(rawKey: PluralKeySyntax.join(key, plural)))
    }
    let span = spans[index]
    // Removing what an add just put at the end (its undo): exactly those bytes.
    if let range = appendedRange(of: span) {
      if spliceReadingTail(range, with: [], from: spans.dropLast().last?.entryEnd ?? 0, expecting: []) { return }
      try splice(range, with: [])
      return
    }
    var start = span.entryStart
    var end = span.entryEnd
    // Take the indentation before the entry and the rest of its line, when only blanks remain there.
    var s = start
    while s > 0 && (text[s - 1] == 0x20 || text[s - 1] == 0x09) { s -= 1 }
    var e = end
    while e < text.count && (text[e] == 0x20 || text[e] == 0x09) { e += 1 }
    if e < text.count && text[e] == 0x0D { e += 1 }
    let atLineStart = s == 0 || text[s - 1] == 0x0A
    if atLineStart && (e == text.count || text[e] == 0x0A) {
      start = s
      end = min(e + 1, text.count)
    }
    // The last entry (undoing an added one): only what follows the entry before it is read again.
    if span == spans.last,
      spliceReadingTail(start..<end, with: [], from: spans.dropLast().last?.entryEnd ?? 0, expecting: [])
    {
      return
    }
    try splice(start..<end, with: [])
  }

  /// Sets many values in one pass and one re-read (`setValue` re-reads the file per value):
  /// `newValue` gets every entry in file order, duplicates included, and returns its new value,
  /// or nil to leave it. Each literal keeps its own quoting style, as with `setValue`.
  public mutating func setValues(_ newValue: (Entry) -> String?) throws {
    try requireDecoded()
    keepSpans()
    var out: [UInt8] = []
    out.reserveCapacity(text.count + text.count / 2)
    var cursor = 0
    var changed = false
    for (entry, span) in zip(entries, spans) {
      guard let value = newValue(entry), !entry.value.isSameText(as: value) else { continue }
      changed = true
      let range: Range<Int>
      let literal: [UInt8]
      if let valueRange = span.valueRange {
        range = valueRange
        literal = Self.literal(for: value, replacing: valueRange, quoted: span.valueQuoted(in: text), in: text)
      } else {
        range = span.keyEnd..<span.keyEnd
        literal = Array(" = ".utf8) + StringsEscapes.quotedLiteral(value)
      }
      out += text[cursor..<range.lowerBound]
      out += literal
      cursor = range.upperBound
    }
    guard changed else { return }
    out += text[cursor...]
    try splice(0..<text.count, with: out)
  }

  private func requireDecoded() throws {
    guard encoding != nil else {
      throw GlossaError.invalidEdit(file, problem: .undecodable)
    }
  }

  private static func entryLine(rawKey: String, value: String) -> [UInt8] {
    StringsEscapes.quotedLiteral(rawKey) + Array(" = ".utf8) + StringsEscapes.quotedLiteral(value) + [UInt8(ascii: ";")]
  }

  /// Where a new plural form goes: after the family's last smaller category, else before its first form.
  private func insertionPoint(forFamily key: String, category: PluralCategory) -> (Int, [UInt8])? {
    var after: StringsSpan?
    var first: StringsSpan?
    for (entry, span) in zip(entries, spans) where entry.plural != nil && entry.hasKey(key) {
      if first == nil { first = span }
      if let c = entry.plural, c < category { after = span }
    }
    if let after {
      var e = after.entryEnd
      while e < text.count && text[e] != 0x0A { e += 1 }
      let offset = min(e + 1, text.count)
      let indent = indentation(ofLineAt: after.keyStart)
      if offset == text.count && (text.last.map { $0 != 0x0A } ?? false) {
        return (offset, lineEnding + indent)
      }
      return (offset, indent)
    }
    if let first {
      var s = first.keyStart
      while s > 0 && text[s - 1] != 0x0A { s -= 1 }
      return (s, indentation(ofLineAt: first.keyStart))
    }
    return nil
  }

  private func indentation(ofLineAt offset: Int) -> [UInt8] {
    var s = offset
    while s > 0 && text[s - 1] != 0x0A { s -= 1 }
    var e = s
    while e < offset && (text[e] == 0x20 || text[e] == 0x09) { e += 1 }
    return Array(text[s..<e])
  }

  /// Appends an entry; true when only the new end was read (the entries before are kept as they were).
  private mutating func append(line: [UInt8], comment: String?) throws -> Bool {
    keepSpans()
    let nl = lineEnding
    var addition: [UInt8] = []
    if !text.isEmpty && text.last != 0x0A && text.last != 0x0D { addition += nl }
    // Follow the file's habit of a blank line between entries.
    if !spans.isEmpty, text.count >= 2 * nl.count, text.suffix(2 * nl.count).elementsEqual(nl + nl) == false,
      Self.usesBlankLines(text)
    {
      addition += nl
    }
    if let comment, !comment.isEmpty {
      let safe = comment.replacingOccurrences(of: "*/", with: "* /")
      addition += Array("/* \(safe) */".utf8) + nl
    }
    addition += line + nl
    // Only the new entry (and what follows the last one) is read: what is before did not change.
    let rawKey = Self.rawKey(ofEntryLine: line)
    let start = text.count
    defer {
      if let rawKey, text.count == start + addition.count {
        appended.append(Appended(rawKey: rawKey, start: start, bytes: addition))
        if appended.count > 64 { appended.removeFirst() }
      }
    }
    if spliceReadingTail(text.count..<text.count, with: addition, from: spans.last?.entryEnd ?? 0, expecting: [rawKey])
    {
      return true
    }
    try splice(text.count..<text.count, with: addition)
    return false
  }

  /// The bytes an add put at the end for `span`'s key, when they are still exactly the file's
  /// end and hold no entry but that one; nil otherwise (the add's record is then dropped).
  private mutating func appendedRange(of span: StringsSpan) -> Range<Int>? {
    keepSpans()
    guard let last = appended.last else { return nil }
    let range = last.start..<(last.start + last.bytes.count)
    // The key must lie in the added bytes; a comment the reader attached to it from before them
    // (a `//` line that ended the file) is the file's own and stays.
    guard span == spans.last, last.rawKey.matches(entries[entries.count - 1]), range.upperBound == text.count,
      span.keyStart >= range.lowerBound, text[range].elementsEqual(last.bytes),
      spans.dropLast().last.map({ $0.entryEnd <= range.lowerBound }) ?? true
    else {
      // Something else changed the file's end since: no older add is exact either.
      appended.removeAll()
      return nil
    }
    appended.removeLast()
    return range
  }

  /// The raw key of a line `entryLine` made, as the reader reads it.
  private static func rawKey(ofEntryLine line: [UInt8]) -> RawKey? {
    var parser = StringsParser(text: line, file: "")
    parser.parse()
    return parser.diagnostics.isEmpty && parser.entries.count == 1 ? RawKey(of: parser.entries[0]) : nil
  }

  /// Replaces `range` of the text as `splice` does, reading again only from `start` (0, or the
  /// end of an entry of the old text, at or before `range`), when that gives what reading the
  /// whole text would: the old text read without a syntax error (no scan ran ahead past `start`),
  /// so the reader is at `start` between entries with nothing pending, as it was; and the part
  /// read again holds exactly the `expecting` raw keys (none of them before `start`) and no
  /// problem. False, changing nothing, otherwise (the caller splices and reads everything).
  private mutating func spliceReadingTail(
    _ range: Range<Int>, with bytes: [UInt8], from start: Int, expecting rawKeys: [RawKey?]
  ) -> Bool {
    guard let encoding, start <= range.lowerBound, !rawKeys.contains(where: { $0 == nil }),
      !diagnostics.contains(where: { $0.kind == .parseError }),
      LiteralSubstitution.keepsEncoding(encoding, text: text, literal: bytes),
      text.count - range.count + bytes.count <= StringsSpan.maxOffset
    else { return false }
    // The entries before `start` stay; the old ones after it are replaced by what is read.
    let kept = spans.prefix { $0.entryEnd <= start }.count
    var edited = text
    edited.replaceSubrange(range, with: bytes)
    // BOM-less UTF-8 that now starts with a BOM's bytes (what followed a removed first entry)
    // would read as UTF-8 with a BOM, three bytes shorter.
    if encoding == .utf8 && edited.starts(with: [0xEF, 0xBB, 0xBF]) { return false }
    var parser = StringsParser(text: edited, file: file, keepsComments: keepsComments)
    parser.i = start
    parser.parse()
    let expected = rawKeys.compactMap { $0 }
    guard parser.diagnostics.isEmpty, parser.entries.count == expected.count,
      zip(expected, parser.entries).allSatisfy({ $0.matches($1) }),
      !expected.contains(where: { raw in (raw.firstIndex(in: entries).map { $0 < kept }) ?? false })
    else { return false }
    // The old diagnostics (repeated keys) of the entries kept: those placed before `start`.
    var walker = LineWalker(edited)
    let boundary = walker.location(of: start)
    text = edited
    isEdited = true
    // The tail's entries get texts of their own: as ranges of `edited` they would keep this
    // whole copy of the file alive after the next edit copies it again (one per value added).
    entries = Array(entries.prefix(kept)) + parser.entries.map(\.detached)
    spans = Array(spans.prefix(kept)) + parser.spans
    diagnostics = diagnostics.filter { ($0.line ?? 0, $0.column ?? 0) < (boundary.line, boundary.column) }
    return true
  }

  private static func usesBlankLines(_ text: [UInt8]) -> Bool {
    var i = 0
    while i + 2 < text.count {
      if text[i] == UInt8(ascii: ";") {
        var j = i + 1
        if j < text.count && text[j] == 0x0D { j += 1 }
        if j < text.count && text[j] == 0x0A {
          j += 1
          if j < text.count && text[j] == 0x0D { j += 1 }
          return j < text.count && text[j] == 0x0A
        }
      }
      i += 1
    }
    return false
  }

  /// Replaces `range` of the text and re-reads it; refuses (changing nothing) an edit whose bytes
  /// would read back as other text, in another encoding.
  /// - Throws: `GlossaError.invalidEdit` naming the file.
  private mutating func splice(_ range: Range<Int>, with bytes: [UInt8]) throws {
    guard text.count - range.count + bytes.count <= StringsSpan.maxOffset else {
      throw GlossaError.invalidEdit(file, problem: .tooLarge(limit: Int(StringsSpan.maxOffset)))
    }
    var edited = text
    edited.replaceSubrange(range, with: bytes)
    if let encoding, !DecodedText.readsBack(edited, as: encoding) {
      throw GlossaError.invalidEdit(file, problem: .wouldLookLikeUTF16(encoding: encoding))
    }
    text = edited
    isEdited = true
    (entries, spans, diagnostics) = Self.parse(text, file: file, keepsComments: keepsComments)
  }
}

extension StringsDocument {
  /// The exact source text of the value literal of `key` (quotes included), for tests and tooling.
  public func valueLiteral(forKey key: String, plural: PluralCategory? = nil) -> String? {
    guard let range = lastIndex(of: key, plural: plural).flatMap({ spans[$0].valueRange }) else { return nil }
    return String(decoding: text[range], as: UTF8.self)
  }
}

/// A `.strings` key as written (`KEY##{category}` for a plural form), as the family key and
/// category an entry has: compared with an entry's key bytes, without a string per entry.
struct RawKey: Sendable {
  var key: String
  var plural: PluralCategory?

  init(key: String, plural: PluralCategory?) {
    if plural == nil, let split = PluralKeySyntax.split(key) {
      (self.key, self.plural) = split
    } else {
      (self.key, self.plural) = (key, plural)
    }
  }

  init(of entry: Entry) {
    key = entry.key
    plural = entry.plural
  }

  /// True when `entry` is read from this raw key.
  func matches(_ entry: Entry) -> Bool { entry.plural == plural && entry.hasKey(key) }

  /// The position of the first and of the last entry read from this raw key, found in place.
  func firstIndex(in entries: [Entry]) -> Int? { entries.firstIndex(ofKey: key, where: { $0.plural == plural }) }
  func lastIndex(in entries: [Entry]) -> Int? { entries.lastIndex(ofKey: key, where: { $0.plural == plural }) }
}
