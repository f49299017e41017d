import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct WhitespaceMismatchTests {
  @Test func reportsLostTrailingSpaceAndExtraNewline() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Name: \";\n\"b\" = \"Hello\";\n\"c\" = \"\\nDone\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Name:\";\n\"b\" = \"Hallo\\n\";\n\"c\" = \"\\nFertig\";\n",
    ])
    let found = CheckFixtures.findings(.whitespaceMismatch, in: bundle)
    #expect(found.map(\.key) == ["a", "b"])
    #expect(found[0].message == "The translation ends with no whitespace where the source ends with a space.")
    #expect(found[1].message == "The translation ends with a newline where the source ends with no whitespace.")
  }

  @Test func japaneseIsComparedOnNewlinesOnly() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Name: \";\n\"b\" = \"Done\\n\";\n",
      "ja.lproj/Localizable.strings": "\"a\" = \"名前：\";\n\"b\" = \"完了\";\n",
    ])
    #expect(CheckFixtures.findings(.whitespaceMismatch, in: bundle).map(\.key) == ["b"])
  }

  @Test func matchingEdgesAreFine() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \" by %@ \";\n",
      "fr.lproj/Localizable.strings": "\"a\" = \"  par %@ \";\n",
    ])
    #expect(CheckFixtures.findings(.whitespaceMismatch, in: bundle).isEmpty)
  }
}
