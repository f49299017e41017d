import Testing

@testable import GlossaCore

/// `glossa-ignore: KIND[, KIND]` in the source entry's comment.
@Suite(.timeLimit(.minutes(10))) struct SuppressionTests {
  @Test func readsKindsFromAComment() {
    #expect(Suppression.kinds(in: "Brand name. glossa-ignore: untranslated, overlong") == [.untranslated, .overlong])
    #expect(Suppression.kinds(in: "GLOSSA-IGNORE: extra-key.\nShown on the map.") == [.extraKey])
    #expect(Suppression.kinds(in: "glossa-ignore: no-such-kind") == [])
    #expect(Suppression.kinds(in: nil) == [])
    // The marker after a false start, in mixed case, at the very end, and not at all.
    #expect(Suppression.kinds(in: "glossa-iglossa-Ignore: overlong") == [.overlong])
    #expect(Suppression.kinds(in: "gglossa-ignore:untranslated") == [.untranslated])
    #expect(Suppression.kinds(in: "Ünïcode first. glossa-ignore: extra-key") == [.extraKey])
    #expect(Suppression.kinds(in: "glossa-ignore") == [])
    #expect(Suppression.kinds(in: "glossa ignore: overlong") == [])
  }

  static let bundle = CheckFixtures.bundle([
    "en.lproj/Localizable.strings":
      "/* Brand. glossa-ignore: untranslated, overlong */\n\"brand\" = \"Trail Mate App\";\n"
      + "\"plain\" = \"Trail Mate App\";\n",
    "de.lproj/Localizable.strings":
      "\"brand\" = \"Trail Mate App\";\n\"plain\" = \"Trail Mate App\";\n",
    "fr.lproj/Localizable.strings":
      "\"brand\" = \"Trail Mate App, l’application de randonnée qui vous accompagne\";\n"
      + "\"plain\" = \"Trail Mate App, l’application de randonnée qui vous accompagne\";\n",
  ])

  @Test func silencesThoseKindsForThatKeyInEveryLanguage() throws {
    let found = try Checker().findings(in: Self.bundle)
    let summary = found.map { "\($0.language ?? "-") \($0.kind.rawValue) \($0.key ?? "-")" }
    #expect(summary == ["de untranslated plain", "fr overlong plain"])
  }

  @Test func silencesTheOneKeyCheckTooAsTheReviewDoes() {
    var cache = KeyCheckCache()
    let checker = Checker()
    #expect(
      checker.findings(for: "brand", language: "de", table: "Localizable", in: Self.bundle, cache: &cache).isEmpty)
    #expect(
      checker.findings(for: "plain", language: "de", table: "Localizable", in: Self.bundle, cache: &cache)
        .map(\.kind) == [.untranslated])
  }
}
