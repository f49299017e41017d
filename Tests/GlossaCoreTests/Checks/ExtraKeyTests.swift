import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct ExtraKeyTests {
  @Test func reportsAKeyTheSourceLacks() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"okay\" = \"Okay\";\n",
    ])
    let found = CheckFixtures.findings(.extraKey, in: bundle)
    #expect(found.map(\.key) == ["okay"])
    #expect(found.first?.line == 2)
    #expect(found.first?.severity == .warning)
  }

  @Test func aKeyInBothFilesIsReportedAtItsStringsdictEntry() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"files\" = \"files\";\n",
      "de.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d Datei"), ("other", "%d Dateien")]),
    ])
    let found = CheckFixtures.findings(.extraKey, in: bundle)
    #expect(found.map(\.key) == ["files"])
    #expect(found.map(\.file) == ["de.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [16])
  }

  @Test func noFindingWithoutASourceTableOrForMatchingKeys() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
    ])
    #expect(CheckFixtures.findings(.extraKey, in: bundle).isEmpty)
  }
}
