import Foundation
import Testing

@testable import GlossaCore

/// `EntryText`: a range of a file's text or a string of its own reads, compares and hashes as
/// the string it stands for.
@Suite struct EntryTextTests {
  static let text = Array("\"k\" = \"café\"; /* note */ \"e\" = \"cafe\u{301}\"; ascii".utf8)

  static func slice(_ string: String) -> EntryText {
    let bytes = Array(string.utf8)
    let start = try! #require(
      (0...(text.count - bytes.count)).first { Array(text[$0..<($0 + bytes.count)]) == bytes })
    return EntryText(slice: start..<(start + bytes.count), of: text)
  }

  @Test func aSliceReadsAsItsBytes() {
    let cafe = Self.slice("café")
    #expect(cafe.string == "café")
    #expect(cafe.utf8Count == 5)
    #expect(cafe.withUTF8 { Array($0) } == Array("café".utf8))
    #expect(Self.slice("").string.isEmpty)
    #expect(EntryText("ß").withUTF8 { Array($0) } == [0xC3, 0x9F])
  }

  @Test func sameTextIsByteForByteAndEqualIsAsStringsCompare() {
    let precomposed = Self.slice("café")
    let decomposed = Self.slice("cafe\u{301}")
    #expect(precomposed.isSameText(as: EntryText("café")))
    #expect(!precomposed.isSameText(as: decomposed))
    #expect(precomposed.isEqual(to: decomposed))  // "café" == "cafe\u{301}" in Swift
    #expect(!Self.slice("ascii").isEqual(to: EntryText("ASCII")))
    #expect(Self.slice("ascii").isEqual(to: EntryText("ascii")))
    #expect(!Self.slice("note").isSameText(as: Self.slice("ascii")))
  }

  @Test func entriesCompareAndHashByTheirStrings() {
    var parsed = Entry(
      key: "k", valueText: Self.slice("café"), commentText: Self.slice("note"), plural: nil, line: 1, column: 1)
    let built = Entry(key: "k", value: "cafe\u{301}", comment: "note", line: 1)
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
    #expect(!parsed.isIdentical(to: built))
    parsed.value = "x"
    #expect(parsed.value == "x" && parsed.comment == "note" && parsed != built)
    parsed.variable = "count"
    parsed.device = "ipad"
    #expect(parsed.variable == "count" && parsed.device == "ipad")
    parsed.variable = nil
    #expect(parsed.variable == nil && parsed.device == "ipad")
  }

  @Test func aParsedDocumentsValuesAndCommentsReadBackAfterAnEdit() throws {
    let source = "/* first */\n\"a\" = \"Wert \\\"eins\\\"\";\n// second\n\"b\" = 'zwei';\n\"c\";\n"
    var document = StringsDocument(data: Data(source.utf8), file: "de.lproj/Localizable.strings")
    #expect(document.entries.map(\.value) == ["Wert \"eins\"", "zwei", "c"])
    #expect(document.entries.map(\.comment) == ["first", "second", nil])
    try document.setValue("neu", forKey: "a", plural: nil, variable: nil, comment: nil)
    // The other entries still read their old text; the edited one its new value.
    #expect(document.entries.map(\.value) == ["neu", "zwei", "c"])
    #expect(document.entries.map(\.comment) == ["first", "second", nil])
    let fresh = StringsDocument(data: document.serialized(), file: "de.lproj/Localizable.strings")
    #expect(fresh.entries == document.entries)
  }
}
