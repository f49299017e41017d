import Testing

@testable import GlossaCore

@Suite struct TableIndexTests {
  @Test func aKeyInBothFilesKeepsEachPartsFileAndLine() throws {
    let bundle = CheckFixtures.placeholderBesidePlural(["en": [("one", "%d file"), ("other", "%d files")]])
    let index = TableIndex(files: bundle.tables)
    let record = try #require(index.record(for: "files"))
    #expect(record.entry?.value == "files")
    #expect(record.file == "en.lproj/Localizable.strings")
    #expect(record.line == 3)
    #expect(record.familyFile == "en.lproj/Localizable.stringsdict")
    #expect(record.location.file == "en.lproj/Localizable.stringsdict")
    #expect(record.location.line == CheckFixtures.stringsdictLine)
  }

  @Test func aKeyInOneFileIsLocatedThere() throws {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n",
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
    ])
    let index = TableIndex(files: bundle.tables)
    let plural = try #require(index.record(for: "n"))
    #expect(plural.familyFile == "en.lproj/Localizable.strings")
    #expect(plural.location.file == "en.lproj/Localizable.strings" && plural.location.line == 2)
    let files = try #require(index.record(for: "files"))
    #expect(files.file == "en.lproj/Localizable.stringsdict" && files.familyFile == files.file)
    #expect(files.location.file == files.file && files.location.line == CheckFixtures.stringsdictLine)
  }
}
