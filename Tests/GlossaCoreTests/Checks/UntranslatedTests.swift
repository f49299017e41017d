import Testing

@testable import GlossaCore

@Suite struct UntranslatedTests {
  @Test func reportsAPhraseLeftInTheSourceLanguage() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Delete this photo?\";\n\"b\" = \"OK\";\n\"c\" = \"Status\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Delete this photo?\";\n\"b\" = \"OK\";\n\"c\" = \"Status\";\n",
    ])
    let found = CheckFixtures.findings(.untranslated, in: bundle)
    #expect(found.map(\.key) == ["a"])
    #expect(found.first?.severity == .info)
  }

  @Test func regionalVariantsOfTheSourceLanguageAreExempt() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Delete this photo?\";\n",
      "en-GB.lproj/Localizable.strings": "\"a\" = \"Delete this photo?\";\n",
    ])
    #expect(CheckFixtures.findings(.untranslated, in: bundle).isEmpty)
  }

  @Test func specifiersAndUrlsAreNotWords() {
    #expect(!Untranslated.isWorthTranslating("%@ %d"))
    #expect(!Untranslated.isWorthTranslating("https://example.com v2"))
    #expect(Untranslated.isWorthTranslating("Sent by %@"))
  }
}
