import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct EmptyValueTests {
  @Test func reportsEmptyAndBlankTranslations() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Open\";\n\"b\" = \"Close\";\n\"c\" = \"\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"\";\n\"b\" = \"  \\n\";\n\"c\" = \"\";\n",
    ])
    let found = CheckFixtures.findings(.emptyValue, in: bundle)
    #expect(found.map(\.key) == ["a", "b"])
    #expect(found.map(\.line) == [1, 2])
    #expect(found.first?.message == "The translation is empty but the source is “Open”.")
  }

  @Test func reportsAnEmptyPluralForm() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
      "ru.lproj/Localizable.strings":
        "\"n##{one}\" = \"%d файл\";\n\"n##{few}\" = \"\";\n\"n##{many}\" = \"%d файлов\";\n\"n##{other}\" = \"%d файла\";\n",
    ])
    let found = CheckFixtures.findings(.emptyValue, in: bundle)
    #expect(found.map(\.category) == [.few])
  }

  @Test func aKeyInBothFilesIsReportedWhereEachValueIs() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"files\" = \"files\";\n",
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\n\"files\" = \"\";\n",
      "de.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", " "), ("other", "%d Dateien")]),
    ])
    let found = CheckFixtures.findings(.emptyValue, in: bundle)
    #expect(found.map(\.category) == [nil, .one])
    #expect(found.map(\.file) == ["de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [3, 16])
  }

  @Test func filledTranslationsAreFine() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Open\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Öffnen\";\n",
    ])
    #expect(CheckFixtures.findings(.emptyValue, in: bundle).isEmpty)
  }
}
