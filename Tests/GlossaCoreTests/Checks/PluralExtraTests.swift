import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PluralExtraTests {
  @Test func japaneseWithASuperfluousOne() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
      "ja.lproj/Localizable.strings": "\"n##{one}\" = \"%d個\";\n\"n##{other}\" = \"%d個\";\n",
    ])
    let found = CheckFixtures.findings(.pluralExtra, in: bundle)
    #expect(found.map(\.category) == [.one])
    #expect(found.first?.language == "ja")
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message == "The “one” form is never used: ja only has other.")
  }

  @Test func stringsdictZeroIsNeverExtra() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("zero", "No files"), ("one", "%d file"), ("other", "%d files")]),
      "ja.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("zero", "なし"), ("other", "%d個")]),
    ])
    #expect(CheckFixtures.findings(.pluralExtra, in: bundle).isEmpty)
  }

  @Test func aKeyInBothFilesIsReportedAtItsStringsdictEntry() {
    let bundle = CheckFixtures.placeholderBesidePlural([
      "en": [("one", "%d file"), ("other", "%d files")],
      "ja": [("one", "%d個"), ("other", "%d個")],
    ])
    let found = CheckFixtures.findings(.pluralExtra, in: bundle)
    #expect(found.map(\.category) == [.one])
    #expect(found.map(\.file) == ["ja.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [16])
  }

  @Test func languagesCLDRDoesNotKnowAreNotJudged() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
      "Base.lproj/Localizable.strings": "\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
      "xx-Fake.lproj/Localizable.strings": "\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n",
    ])
    #expect(CheckFixtures.findings(.pluralExtra, in: bundle).isEmpty)
    #expect(CheckFixtures.findings(.pluralGap, in: bundle).isEmpty)
  }

  @Test func stringsZeroInEnglishIsExtra() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"n##{zero}\" = \"No files\";\n\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n"
    ])
    #expect(CheckFixtures.findings(.pluralExtra, in: bundle).map(\.category) == [.zero])
  }
}
