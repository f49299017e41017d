import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct UntranslatedTests {
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

  /// The rule over characters, as it was before the ASCII path: the reference.
  private static func byCharacters(_ text: String) -> Bool {
    var words = 0
    for token in text.split(whereSeparator: { $0.isWhitespace }) {
      if token.contains("://") || token.hasPrefix("%") || token.hasPrefix("{") { continue }
      let letters = token.filter(\.isLetter).count
      if letters >= 2 && letters * 2 >= token.count { words += 1 }
      if words >= 2 { return true }
    }
    return false
  }

  @Test("the ASCII path answers as the character rules do (white space, specifiers, URLs, references, non-ASCII after)")
  func asciiPathMatchesCharacters() {
    var generator = SplitMix(seed: 16)
    let pieces = [
      "a", "b", "Zz", "x1", "1", "%@", "%d", "{name}", "://", "http", "/", ":", " ", "  ", "\t", "\n", "\r\n", "\u{0B}",
      "\u{0C}", "\u{1C}", ".", "-", "é", "\u{0301}", "\u{00A0}", "日本", "ok",
    ]
    for _ in 0..<5000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }
      .joined()
      #expect(Untranslated.isWorthTranslating(text) == Self.byCharacters(text), "\(text.debugDescription)")
    }
  }

  /// The byte comparison of base languages agrees with lowercasing and splitting the codes.
  @Test func baseLanguagesCompareAsTheyDidAsStrings() {
    func base(_ code: String) -> Substring {
      code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    }
    let codes = [
      "en", "EN", "en-US", "en_GB", "pt-BR", "pt_PT", "pt", "zh-Hans", "zh_Hant", "", "-", "_en", "-en-x", "de",
      "Base", "base", "sr-Latn", "é", "É", "en--US", "--",
    ]
    for a in codes {
      for b in codes {
        #expect(Untranslated.sameBaseLanguage(a, b) == (base(a) == base(b)), "\(a) \(b)")
      }
    }
    #expect(Untranslated.sameBaseLanguage("pt-BR", "PT_pt") && !Untranslated.sameBaseLanguage("pt", "ptx"))
  }
}
