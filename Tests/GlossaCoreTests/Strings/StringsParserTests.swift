import Foundation
import Testing

@testable import GlossaCore

@Suite("Strings parser", .timeLimit(.minutes(10)))
struct StringsParserTests {
  func parse(_ text: String, file: String = "t.strings") -> StringsDocument {
    StringsDocument(data: Data(text.utf8), file: file)
  }

  @Test func commentsKeysAndValues() {
    let doc = parse(
      """
      /* Title of the main window */
      "title" = "Hello";
      // Section
      // second line
      plain = unquoted;
      "shorthand";

      /* detached */

      "x" = 'single';
      """)
    #expect(doc.diagnostics.isEmpty)
    #expect(doc.entries.map(\.key) == ["title", "plain", "shorthand", "x"])
    #expect(doc.entries.map(\.value) == ["Hello", "unquoted", "shorthand", "single"])
    #expect(doc.entries.map(\.comment) == ["Title of the main window", "Section\nsecond line", nil, nil])
    #expect(doc.entries.map(\.line) == [2, 5, 6, 10])
  }

  @Test func escapesMatchFoundation() throws {
    let source = #"""
      "a" = "quote \" backslash \\ nl \n tab \t cr \r apos \' other \q";
      "b" = "\U00e9\U2026 \UD83D\UDE00 octal \101\060";
      "c" = "raw
      newline";
      """#
    let doc = parse(source)
    #expect(doc.diagnostics.isEmpty)
    let foundation = try #require(
      try PropertyListSerialization.propertyList(from: Data(source.utf8), format: nil) as? [String: String])
    for entry in doc.entries { #expect(foundation[entry.key] == entry.value, "\(entry.key)") }
    #expect(doc.entries[1].value == "é… 😀 octal A0")
  }

  @Test func pluralFamiliesGroup() {
    let doc = parse(
      """
      "%d files##{one}" = "%d file";
      "%d files##{other}" = "%d files";
      "plain" = "x";
      """)
    #expect(doc.entries[0].key == "%d files")
    #expect(doc.entries[0].plural == .one)
    #expect(doc.pluralFamilies.count == 1)
    #expect(doc.pluralFamilies[0].forms == [.one: "%d file", .other: "%d files"])
  }

  @Test func duplicateKeysAreKeptAndReported() {
    let doc = parse("\"k\" = \"1\";\n\"k\" = \"2\";\n")
    #expect(doc.entries.count == 2)
    #expect(doc.value(forKey: "k") == "2")
    #expect(
      doc.diagnostics.map(\.description) == [
        "t.strings:2:1: the key \"k\" is defined again; line 1 has it too and this later value wins"
      ])
  }

  @Test func syntaxErrorReportsPositionAndRecovers() {
    let doc = parse(
      """
      "a" = "1";
      "b" "2";
      "c" = "3"
      "d" = "4";
      "e" = ;
      "f" = "5";
      """)
    #expect(
      doc.diagnostics.map(\.description) == [
        "t.strings:2:4: expected '=' or ';' after the key \"b\", found '\"'",
        "t.strings:3:10: expected ';' after the value of \"c\", found '\"'",
        "t.strings:5:7: expected a value after '=', found ';'",
      ])
    #expect(doc.entries.map(\.key) == ["a", "c", "d", "f"])
  }

  @Test func unterminatedStringAndComment() {
    let open = parse("\"a\" = \"1\";\n\"b\" = \"open;\n\"c\" = \"3\";\n\"d\" = \"4\";\n")
    // The quote opened on line 2 closes on line 3, so `c` is where the syntax breaks.
    #expect(
      open.diagnostics.map(\.description) == [
        "t.strings:3:2: expected ';' after the value of \"b\", found 'c'"
      ])
    #expect(open.entries.map(\.key) == ["a", "b", "d"])
    #expect(open.entries[1].value == "open;\n")
    let unterminated = parse("\"a\" = \"1\";\n\"b\" = \"open;\n")
    #expect(
      unterminated.diagnostics.map(\.description) == [
        "t.strings:2:7: unterminated string: expected a closing \" before the end of the file"
      ])
    let comment = parse("\"a\" = \"1\";\n/* never closed\n\"b\" = \"2\";\n")
    #expect(
      comment.diagnostics.map(\.description) == [
        "t.strings:2:1: unterminated comment: expected '*/' before the end of the file"
      ])
    #expect(comment.entries.map(\.key) == ["a"])
  }

  @Test func emptyAndBlankFiles() {
    #expect(parse("").entries.isEmpty)
    #expect(parse("").diagnostics.isEmpty)
    #expect(parse("\n").serialized() == Data("\n".utf8))
  }

  @Test(arguments: [TextEncoding.utf8, .utf8BOM, .utf16LEBOM, .utf16BEBOM, .utf16LE, .utf16BE])
  func encodingsRoundTripAndEdit(encoding: TextEncoding) throws {
    let source = "/* c */\r\n\"greeting\" = \"Grüß dich 😀\";\r\n\"other\" = \"日本語\";\r\n"
    let data = DecodedText.encode(Array(source.utf8), as: encoding)
    var doc = StringsDocument(data: data, file: "e.strings")
    #expect(doc.encoding == encoding)
    #expect(doc.diagnostics.isEmpty)
    #expect(doc.entries.map(\.value) == ["Grüß dich 😀", "日本語"])
    #expect(doc.serialized() == data)
    try doc.setValue("Hallo", forKey: "greeting", plural: nil, variable: nil, comment: nil)
    let expected = source.replacingOccurrences(of: "Grüß dich 😀", with: "Hallo")
    #expect(doc.serialized() == DecodedText.encode(Array(expected.utf8), as: encoding))
  }

  @Test func invalidUTF8IsAnEncodingError() {
    var bytes = Array("\"a\" = \"ok\";\n\"b\" = \"".utf8)
    bytes += [0xC3, 0x28] + Array("\";\n".utf8)
    var doc = StringsDocument(data: Data(bytes), file: "bad.strings")
    #expect(doc.entries.isEmpty)
    #expect(
      doc.diagnostics.map(\.description) == [
        "bad.strings:2:8: invalid UTF-8 sequence starting with byte 0xC3; expected UTF-8, or UTF-16 with a byte-order mark"
      ])
    #expect(doc.serialized() == Data(bytes))
    #expect(throws: GlossaError.self) { try doc.setValue("x", forKey: "a", plural: nil, variable: nil, comment: nil) }
  }

  @Test func loneSurrogateInUTF16IsAnEncodingError() {
    let data = Data([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00])
    let doc = StringsDocument(data: data, file: "s.strings")
    #expect(doc.diagnostics.first?.kind == .encodingError)
    #expect(doc.diagnostics.first?.message.hasPrefix("unpaired UTF-16 high surrogate 0xD800") == true)
  }
}

@Suite("Strings writer", .timeLimit(.minutes(10)))
struct StringsWriterTests {
  @Test func editKeepsQuotingStyleAndEscapes() throws {
    var doc = StringsDocument(data: Data("a = b;\n\"q\" = \"x\";\n\"u\" = \"caf\\U00e9\";\n".utf8), file: "w")
    try doc.setValue("plain", forKey: "a", plural: nil, variable: nil, comment: nil)
    try doc.setValue("needs \"quotes\" and\nnewline\\", forKey: "q", plural: nil, variable: nil, comment: nil)
    try doc.setValue("thé", forKey: "u", plural: nil, variable: nil, comment: nil)
    #expect(
      String(decoding: doc.serialized(), as: UTF8.self)
        == "a = plain;\n\"q\" = \"needs \\\"quotes\\\" and\\nnewline\\\\\";\n\"u\" = \"th\\U00E9\";\n")
    try doc.setValue("two words", forKey: "a", plural: nil, variable: nil, comment: nil)
    #expect(doc.valueLiteral(forKey: "a") == "\"two words\"")
    #expect(doc.value(forKey: "u") == "thé")
  }

  @Test func addAppendsWithCommentFollowingBlankLineHabit() throws {
    var doc = StringsDocument(data: Data("/* A */\n\"a\" = \"1\";\n\n/* B */\n\"b\" = \"2\";\n".utf8), file: "w")
    try doc.setValue("3", forKey: "c", plural: nil, variable: nil, comment: "Third")
    #expect(
      String(decoding: doc.serialized(), as: UTF8.self)
        == "/* A */\n\"a\" = \"1\";\n\n/* B */\n\"b\" = \"2\";\n\n/* Third */\n\"c\" = \"3\";\n")
    #expect(doc.entries.last?.comment == "Third")
  }

  @Test func addToFileWithoutTrailingNewline() throws {
    var doc = StringsDocument(data: Data("\"a\" = \"1\";".utf8), file: "w")
    try doc.setValue("2", forKey: "b", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: doc.serialized(), as: UTF8.self) == "\"a\" = \"1\";\n\"b\" = \"2\";\n")
  }

  @Test func missingPluralCategoryIsInsertedInOrder() throws {
    var doc = StringsDocument(
      data: Data("  \"%d songs##{one}\" = \"1 song\";\n  \"%d songs##{other}\" = \"%d songs\";\n\"z\" = \"z\";\n".utf8),
      file: "w")
    try doc.setValue("%d songs (few)", forKey: "%d songs", plural: .few, variable: nil, comment: nil)
    #expect(
      String(decoding: doc.serialized(), as: UTF8.self)
        == "  \"%d songs##{one}\" = \"1 song\";\n  \"%d songs##{few}\" = \"%d songs (few)\";\n  \"%d songs##{other}\" = \"%d songs\";\n\"z\" = \"z\";\n"
    )
  }

  @Test func removeTakesCommentAndLine() throws {
    var doc = StringsDocument(
      data: Data("/* A */\n\"a\" = \"1\";\n/* B */\n\"b\" = \"2\";\n\"c\" = \"3\";\n".utf8), file: "w")
    try doc.removeValue(forKey: "b", plural: nil, variable: nil)
    #expect(String(decoding: doc.serialized(), as: UTF8.self) == "/* A */\n\"a\" = \"1\";\n\"c\" = \"3\";\n")
    #expect(throws: GlossaError.self) { try doc.removeValue(forKey: "nope", plural: nil, variable: nil) }
  }

  @Test func shorthandGetsAnExplicitValue() throws {
    var doc = StringsDocument(data: Data("\"Done\";\n".utf8), file: "w")
    try doc.setValue("Fertig", forKey: "Done", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: doc.serialized(), as: UTF8.self) == "\"Done\" = \"Fertig\";\n")
  }
}
