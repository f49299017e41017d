import Testing

@testable import GlossaCore

@Suite struct InconsistentTranslationTests {
  static let source = [
    ("menu.open", "Open"), ("toolbar.open", "open"), ("file.open", "Open…"), ("hike.save", "Save hike"),
    ("route.save", "Save Hike."), ("done", "Done"), ("count", "%@"), ("count2", "%@"), ("party", "Party 🎉"),
    ("party2", "Party 🎉!"), ("mute", "Mute"), ("mute.user", "Mute %@"), ("mute.named", "Mute (%@)"),
  ]

  @Test func oneRenderingInEveryScriptIsClean() {
    let found = TextCheckFixtures.found(
      .inconsistentTranslation, source: Self.source,
      [
        // Case and end punctuation differ, the rendering does not; untranslated and empty
        // values and letterless texts are left out.
        "de": [
          ("menu.open", "Öffnen"), ("toolbar.open", "öffnen"), ("file.open", "Öffnen …"),
          ("hike.save", "Wanderung sichern"), ("route.save", "Wanderung sichern."), ("count", "%@"),
          ("count2", "%1$@"), ("party", "Party 🎉"), ("party2", ""),
          // A specifier or bracket at the end is part of the text: “Mute %@” is not “Mute”.
          ("mute", "Stummschalten"), ("mute.user", "%@ stummschalten"), ("mute.named", "Stumm (%@)"),
        ],
        "ja": [("menu.open", "開く"), ("toolbar.open", "開く"), ("file.open", "開く…"), ("hike.save", "ハイキングを保存")],
        "zh-Hans": [("menu.open", "打开"), ("file.open", "打开…"), ("party", "派对 🎉"), ("party2", "派对 🎉！")],
        // Vowel marks are the writer's choice: فَتْح is فتح.
        "ar": [("menu.open", "فتح"), ("toolbar.open", "فَتْح"), ("file.open", "فتح…"), ("done", "تم")],
      ])
    #expect(found.isEmpty)
  }

  @Test func differentRenderingsAreReportedOncePerGroup() {
    let found = TextCheckFixtures.messages(
      .inconsistentTranslation, source: Self.source,
      [
        "de": [("menu.open", "Öffnen"), ("toolbar.open", "Aufmachen"), ("file.open", "Öffnen…")],
        "ja": [("hike.save", "ハイキングを保存"), ("route.save", "ルートを保存。")],
        "ar": [("menu.open", "فتح"), ("toolbar.open", "افتح"), ("file.open", "فتح…")],
        "fr": [("party", "Fête 🎉"), ("party2", "Soirée 🎉 !")],
      ])
    #expect(found.map(\.0) == ["ar menu.open", "de menu.open", "fr party", "ja hike.save"])
    #expect(
      found[1].1
        == "The source text “Open” is translated 2 ways in de: “Öffnen” (menu.open, file.open); “Aufmachen” (toolbar.open)."
    )
    #expect(found.allSatisfy { !$0.1.isEmpty })
  }

  @Test func groupsReachAcrossTablesAndNameThem() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Trail\";\n",
      "en.lproj/Map.strings": "\"b\" = \"trail\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Weg\";\n",
      "de.lproj/Map.strings": "\"b\" = \"Pfad\";\n",
    ])
    let found = CheckFixtures.findings(.inconsistentTranslation, in: bundle)
    #expect(found.count == 1)
    #expect(found.first?.message == "The source text “Trail” is translated 2 ways in de: “Weg” (a); “Pfad” (Map: b).")
    #expect(found.first?.file == "de.lproj/Localizable.strings")
    #expect(found.first?.line == 1)
    #expect(found.first?.severity == .info)
  }

  @Test func aKeysSourceCommentLeavesItOut() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"a\" = \"Open\";\n/* The adjective. glossa-ignore: inconsistent-translation */\n\"b\" = \"Open\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Öffnen\";\n\"b\" = \"Geöffnet\";\n",
    ])
    #expect(CheckFixtures.findings(.inconsistentTranslation, in: bundle).isEmpty)
  }
}
