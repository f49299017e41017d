import Foundation
import Testing

@testable import GlossaCore

@Suite("Entry and CatalogUnit stay compact, and their narrow positions read back", .timeLimit(.minutes(10)))
struct CompactLayoutTests {
  @Test("an Entry is at most 48 bytes, a .strings span 24 and a CatalogUnit 120")
  func strides() {
    // Millions of entries are alive in a review of a large bundle; a field added carelessly
    // (or a wide one placed between narrow ones) grows every one of them.
    #expect(MemoryLayout<Entry>.stride <= 48)
    #expect(MemoryLayout<StringsSpan>.stride <= 24)
    #expect(MemoryLayout<CatalogUnit>.stride <= 120)
    #expect(MemoryLayout<CompactRange>.stride == 8)
    // A text is a string or a range of a file's text in 17 bytes (see `EntryText`).
    #expect(MemoryLayout<EntryText>.size <= 17)
    #expect(MemoryLayout<EntryText?>.size <= 17)
  }

  @Test("a compact range reads back as set, an empty one and none included")
  func compactRange() {
    #expect(CompactRange(3..<9).range == 3..<9)
    #expect(CompactRange(0..<0).range == 0..<0)
    #expect(CompactRange(nil).range == nil)
  }

  @Test("a span's offsets read back as set, an absent comment and value included")
  func spanOffsets() {
    var span = StringsSpan(commentStart: nil, keyStart: 3, keyEnd: 9, valueRange: nil, entryEnd: 10)
    #expect(span.commentStart == nil && span.valueRange == nil && span.valueQuoted(in: []))
    #expect(span.entryStart == 3 && span.keyStart == 3 && span.keyEnd == 9 && span.entryEnd == 10)
    span.commentStart = 0
    #expect(span.entryStart == 0)
    // Whether a value is quoted is read from the text: an unquoted, a single- and a
    // double-quoted value, and the `"key";` shorthand (a value written for it is quoted).
    let document = StringsDocument(data: Data("a = b;\n'c' = 'd';\n\"e\" = \"f\";\n\"g\";\n".utf8), file: "x.strings")
    #expect(document.spans.map { $0.valueQuoted(in: document.text) } == [false, true, true, true])
    span.valueRange = 12..<20
    span.entryEnd += 11
    #expect(span.commentStart == 0 && span.valueRange == 12..<20 && span.entryEnd == 21)
    span.valueRange = nil
    #expect(span.valueRange == nil)
    #expect(StringsSpan.maxOffset < Int(UInt32.max))
  }

  @Test("an entry's column, category, state and translatability share 32 bits without disturbing each other")
  func packedFields() {
    let plurals: [PluralCategory?] = [nil] + PluralCategory.allCases
    let states: [TranslationState?] = [nil] + TranslationState.allCases
    for plural in plurals {
      for state in states {
        for translatable in [true, false] {
          for column in [0, 1, 77, 16_777_215] {
            var entry = Entry(
              key: "k", value: "v", plural: plural, line: 2, column: column, state: state,
              isTranslatable: translatable)
            #expect(entry.plural == plural && entry.state == state && entry.isTranslatable == translatable)
            #expect(entry.column == column)
            // Each field set alone leaves the others as they were.
            entry.column = 16_777_216 + column
            #expect(entry.column == 16_777_215 && entry.plural == plural && entry.state == state)
            entry.plural = .few
            entry.state = .stale
            entry.isTranslatable.toggle()
            #expect(entry.column == 16_777_215 && entry.plural == .few && entry.state == .stale)
            #expect(entry.isTranslatable == !translatable)
            // An entry given bytes of its own equals the shared one it was.
            entry.value = "w"
            #expect(entry.plural == .few && entry.state == .stale && entry.isTranslatable == !translatable)
          }
        }
      }
    }
    #expect(Entry(key: "k", value: "v", line: 1, state: .new) != Entry(key: "k", value: "v", line: 1))
    #expect(Entry(key: "k", value: "v", plural: .one, line: 1) != Entry(key: "k", value: "v", plural: .two, line: 1))
  }

  @Test("an entry's line and column read back as set, and clamp past 32 and 24 bits instead of trapping")
  func entryPositions() {
    var entry = Entry(key: "k", value: "v", line: 70_000, column: 12)
    #expect(entry.line == 70_000 && entry.column == 12)
    entry.line += 5
    entry.column = 1
    #expect(entry.line == 70_005 && entry.column == 1)
    entry.line = Int.max
    #expect(entry.line == Int(UInt32.max))
    entry.column = -3
    #expect(entry.column == 0)
    #expect(Entry(key: "k", value: "v", line: 3) == Entry(key: "k", value: "v", line: 3, column: 1))
    #expect(Entry(key: "k", value: "v", line: 3) != Entry(key: "k", value: "v", line: 4))
  }

  @Test("a catalog unit's ranges and positions read back, with and without a state literal")
  func unitPositions() {
    let path = CatalogUnitPath(key: "k", language: "de")
    var unit = CatalogUnit(
      path: path, state: .translated, value: EntryText("v"), line: 9, column: 4, valueRange: 100..<130,
      stateRange: 80..<92, keyOrdinal: 7)
    #expect(unit.line == 9 && unit.column == 4 && unit.keyOrdinal == 7)
    #expect(unit.valueRange == 100..<130 && unit.stateRange == 80..<92)
    unit.stateRange = nil
    #expect(unit.stateRange == nil)
    unit.valueRange = 0..<2
    unit.stateRange = 0..<0
    #expect(unit.valueRange == 0..<2 && unit.stateRange == 0..<0)
  }
}
