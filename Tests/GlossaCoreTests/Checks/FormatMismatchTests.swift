import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct FormatMismatchTests {
  @Test func reorderedPositionalSpecifiersAreFine() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"a\" = \"%1$@ shared %2$@\";\n\"b\" = \"%ld files\";\n\"c\" = \"100%% done\";\n",
      "de.lproj/Localizable.strings":
        "\"a\" = \"%2$@ wurde von %1$@ geteilt\";\n\"b\" = \"%d Dateien\";\n\"c\" = \"100 %% fertig\";\n",
    ])
    #expect(CheckFixtures.findings(.formatMismatch, in: bundle).isEmpty)
  }

  @Test func reportsWrongTypeMissingAndExtraArguments() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"%@ files\";\n\"b\" = \"%@ and %@\";\n\"c\" = \"Hello\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"%d Dateien\";\n\"b\" = \"%@ und\";\n\"c\" = \"Hallo %@\";\n",
    ])
    let found = CheckFixtures.findings(.formatMismatch, in: bundle)
    #expect(found.map(\.key) == ["a", "b", "c"])
    #expect(found.allSatisfy { $0.severity == .error })
    #expect(
      found[0].message
        == "The translation has %d but the source has %@: argument 1 is %d (integer) where the source has %@ (object)."
    )
    #expect(found[1].message.contains("argument 2 (%@) of the source is missing"))
    #expect(found[2].message.contains("which the source does not have"))
  }

  @Test func pluralFormsMayOmitTheNumberButNotChangeIt() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"n##{one}\" = \"one file\";\n\"n##{other}\" = \"%d files\";\n",
      "ru.lproj/Localizable.strings":
        "\"n##{one}\" = \"один файл\";\n\"n##{few}\" = \"%@ файла\";\n\"n##{many}\" = \"%d файлов\";\n\"n##{other}\" = \"файла\";\n",
    ])
    let found = CheckFixtures.findings(.formatMismatch, in: bundle)
    #expect(found.map(\.category) == [.few, .other])
  }

  @Test func aFormMayCarryTheNumberTheSourceFormSpellsOut() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ago##{one}\" = \"1 day ago\";\n\"ago##{other}\" = \"%ld days ago\";\n",
      "ru.lproj/Localizable.strings":
        "\"ago##{one}\" = \"%ld день назад\";\n\"ago##{few}\" = \"%ld дня назад\";\n\"ago##{many}\" = \"%ld дней назад\";\n\"ago##{other}\" = \"%@ дня назад\";\n",
    ])
    let found = CheckFixtures.findings(.formatMismatch, in: bundle)
    #expect(found.map(\.category) == [.other])
  }

  @Test func aKeyInBothFilesIsReportedAtItsStringsdictEntry() {
    let bundle = CheckFixtures.placeholderBesidePlural([
      "en": [("one", "%d file"), ("other", "%d files")],
      "de": [("one", "%d Datei"), ("other", "%@ Dateien")],
    ])
    let found = CheckFixtures.findings(.formatMismatch, in: bundle)
    #expect(found.map(\.category) == [.other])
    #expect(found.map(\.file) == ["de.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [16])
  }

  @Test func stringsdictFormatKeysAreCompared() {
    let en = CheckFixtures.stringsdict(key: "files", forms: [("one", "%d file"), ("other", "%d files")])
    let de = en.replacingOccurrences(of: "%#@count@", with: "%#@count@ %@")
      .replacingOccurrences(of: "files", with: "Dateien").replacingOccurrences(of: "<key>Dateien", with: "<key>files")
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.stringsdict": en,
      "de.lproj/Localizable.stringsdict": de,
    ])
    let found = CheckFixtures.findings(.formatMismatch, in: bundle)
    #expect(found.count == 1)
    #expect(found.first?.message.hasPrefix("The format key has") == true)
  }
}
