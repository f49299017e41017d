import Foundation
import Testing

@testable import GlossaCore

/// A `.strings` document as read keeps no spans (where each entry is in the text): the first
/// edit reads them again from the text. Every edit then gives what it gave with spans kept from
/// the start: the same text, entries and spans as a fresh read of the result.
@Suite(.timeLimit(.minutes(10))) struct LazySpansTests {
  static let text = EntryBytesTests.escapedText(30) + "\"short\";\n'single' = unquoted;\n"

  private static func parsed(_ text: [UInt8]) -> StringsParser {
    var parser = StringsParser(text: text, file: "x.strings", keepsSpans: true)
    parser.parse()
    return parser
  }

  @Test func aDocumentAsReadKeepsNoSpansAndReadsThemWhenAsked() {
    let document = StringsDocument(data: Data(Self.text.utf8), file: "x.strings")
    #expect(!document.keepsSpans)
    #expect(document.spans == Self.parsed(Array(Self.text.utf8)).spans)
    #expect(document.spans.count == document.entries.count)
    #expect(!document.keepsSpans)
  }

  @Test func anUnchangedValueReadsNoSpansAndAnEditKeepsThem() throws {
    var document = StringsDocument(data: Data(Self.text.utf8), file: "x.strings")
    let entry = document.entries[3]
    try document.setValue(entry.value, forKey: entry.key, plural: entry.plural, variable: nil, comment: nil)
    #expect(!document.keepsSpans)
    try document.setValue("new", forKey: entry.key, plural: entry.plural, variable: nil, comment: nil)
    #expect(document.keepsSpans)
  }

  /// Every kind of edit, from a document as read, against a fresh read of its result.
  @Test(arguments: 0..<8)
  func editsFromADocumentAsReadMatchAFreshRead(_ kind: Int) throws {
    var document = StringsDocument(data: Data(Self.text.utf8), file: "x.strings")
    let entries = document.entries
    for step in 0..<6 {
      let entry = entries[(step * 7 + kind * 3) % entries.count]
      switch (kind + step) % 4 {
      case 0:
        try document.setValue("v \(step) \"q\"", forKey: entry.key, plural: entry.plural, variable: nil, comment: nil)
      case 1:
        if document.entries.contains(where: { $0.key == entry.key && $0.plural == entry.plural }) {
          try document.removeValue(forKey: entry.key, plural: entry.plural, variable: nil)
        }
      case 2:
        try document.setValue("added \(step)", forKey: "new\(kind)_\(step)", plural: nil, variable: nil, comment: "c")
      default: try document.setValues { $0.key == entry.key ? "all \(step)" : nil }
      }
      let fresh = Self.parsed(document.text)
      #expect(document.entries == fresh.entries, "step \(step)")
      #expect(document.spans == fresh.spans, "step \(step)")
    }
  }

  /// Spans read ahead (`keepingSpans`, what a review does off its loop) are those an edit would
  /// read; a bundle takes them only for a table still at the revision they were read from, and
  /// lets go of them only where no edit changed the text.
  @Test func spansReadAheadAreTakenOnlyForTheSameRevision() throws {
    let path = "de.lproj/Localizable.strings"
    func table(_ language: String) -> LocaleTable {
      LocaleTable(
        language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings", format: .strings,
        document: StringsDocument(data: Data(Self.text.utf8), file: "\(language).lproj/Localizable.strings"))
    }
    var bundle = LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")), tables: [table("en"), table("de")],
      developmentLanguage: "en")
    func document(_ path: String) -> StringsDocument? {
      bundle.tables.first { $0.path == path }?.document as? StringsDocument
    }
    let read = bundle.tables.compactMap { $0.readingEditPositions() }
    #expect(read.count == 2)
    #expect(read.allSatisfy { ($0.document as? StringsDocument)?.keepsSpans == true })
    #expect((read[0].document as? StringsDocument)?.spans == Self.parsed(Array(Self.text.utf8)).spans)
    #expect(read[0].readingEditPositions() == nil, "already kept")
    let entry = try #require(document(path)?.entries[2])
    try bundle.setValue("changed", forKey: entry.key, language: "de", table: "Localizable", plural: entry.plural)
    let revision = bundle.tables.first { $0.path == path }?.revision
    let taken = bundle.adoptEditPositions(read)
    #expect(taken == ["en.lproj/Localizable.strings"], "the edited file has moved on")
    #expect(bundle.tables.first { $0.path == path }?.revision == revision)
    #expect(document(path)?.entries[2].value == "changed")
    bundle.releaseEditPositions(of: ["en.lproj/Localizable.strings", path])
    #expect(document("en.lproj/Localizable.strings")?.keepsSpans == false)
    #expect(document(path)?.keepsSpans == true, "edited: its spans are the edit's")
    #expect(document("en.lproj/Localizable.strings")?.serialized() == Data(Self.text.utf8))
  }
}
