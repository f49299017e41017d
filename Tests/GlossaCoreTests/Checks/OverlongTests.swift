import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct OverlongTests {
  @Test func japaneseOverAColumnLimitItsCharacterCountWouldPass() {
    let title = "写真をアルバムに追加しました"  // 14 characters, 28 columns
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "/* Title. max-length: 20 */\n\"title\" = \"Added to album\";\n",
      "ja.lproj/Localizable.strings": "\"title\" = \"\(title)\";\n",
      "de.lproj/Localizable.strings": "\"title\" = \"Zum Album hinzugefügt\";\n",
    ])
    #expect(title.count < 20)
    let found = CheckFixtures.findings(.overlong, in: bundle)
    #expect(found.map(\.language) == ["de", "ja"])
    #expect(found.allSatisfy { $0.severity == .error })
    #expect(
      found[1].message == "The text is 28 columns wide, over the limit of 20 set by max-length; the source is 14.")
  }

  @Test func ratioNeedsSlackToo() {
    let long = String(repeating: "Lorem ipsum dolor sit amet ", count: 6)
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"help\" = \"\(String(repeating: "x", count: 70))\";\n",
      "es.lproj/Localizable.strings": "\"ok\" = \"Aceptar\";\n\"help\" = \"\(long)\";\n",
    ])
    let found = CheckFixtures.findings(.overlong, in: bundle)
    #expect(found.map(\.key) == ["help"])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("162 columns wide against 70") == true)
    #expect(found.first?.message.contains("limit 105 columns") == true)
  }

  /// A short source: the slack, not the ratio, sets the limit, and the message says so with the
  /// widest value that passes (4 columns: 1.5 × 4 = 6, but anything under 4 + 10 passes).
  @Test func aShortSourceStatesTheSlackRuleItApplied() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"tabs\" = \"Tabs\";\n\"ok\" = \"Done\";\n",
      "fr.lproj/Localizable.strings": "\"tabs\" = \"Onglets ouverts\";\n\"ok\" = \"Terminé ici\";\n",
    ])
    let found = CheckFixtures.findings(.overlong, in: bundle)
    // 11 columns (< 4 + 10) passes; 15 fails both rules.
    #expect(found.map(\.key) == ["tabs"])
    #expect(
      found.first?.message
        == "The translation is 15 columns wide against 4 for the source, more than 1.5 × the source "
        + "and at least 10 columns wider (limit 13 columns).")
    #expect(Overlong.ratioLimit(sourceWidth: 4, options: CheckOptions()) == (13, true))
    #expect(Overlong.ratioLimit(sourceWidth: 70, options: CheckOptions()) == (105, false))
  }

  @Test func configGlobLimitAndRatioOptions() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"button.ok\" = \"OK\";\n\"label\" = \"Name\";\n",
      "de.lproj/Localizable.strings": "\"button.ok\" = \"Einverstanden\";\n\"label\" = \"Vollständiger Name\";\n",
    ])
    let options = CheckOptions(
      maxRatio: 3, slack: 0, maxLength: [MaxLengthRule(pattern: "button.*", limit: 8)])
    let found = CheckFixtures.findings(.overlong, in: bundle, options: options)
    #expect(found.map(\.key) == ["button.ok", "label"])
    #expect(found.map(\.severity) == [.error, .warning])
  }

  @Test func commentLimitSyntax() {
    #expect(Overlong.commentLimit("Button. MAX-LENGTH: 12") == 12)
    #expect(Overlong.commentLimit("max-length=8 columns") == 8)
    #expect(Overlong.commentLimit("the max-length is not set") == nil)
  }
}
