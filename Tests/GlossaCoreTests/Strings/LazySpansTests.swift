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
}
