import Testing

@testable import GlossaCore

@Suite struct GlossaryTests {
  static let options: CheckOptions = {
    var options = CheckOptions()
    options.glossary = [
      GlossaryEntry(term: "Trailmate", translate: false),
      GlossaryEntry(
        term: "hike",
        renderings: [
          "de": ["Wanderung"], "fr": ["randonnée", "rando"], "ja": ["ハイキング"], "zh-Hans": ["徒步"], "ar": ["رحلة"],
        ]),
    ]
    return options
  }()

  static let source = [
    ("brand", "Welcome to Trailmate"), ("start", "Start a hike"), ("list", "Hikes nearby"),
    ("hiker", "Hiker profile"), ("animal", "A trailmate walks along"), ("emoji", "Trailmate 🥾 hike"),
  ]

  @Test func followedRulesInEveryScriptAreClean() {
    let found = TextCheckFixtures.found(
      .glossary, source: Self.source,
      [
        "de": [
          ("brand", "Willkommen bei Trailmate"), ("start", "Eine Wanderung starten"),
          ("list", "Wanderungen in der Nähe"),
          ("hiker", "Profil"), ("animal", "Ein Pfadfreund läuft mit"), ("emoji", "Trailmate 🥾 Bergwanderung"),
        ],
        "de-AT": [("start", "Eine Wanderung beginnen")],
        "fr": [("start", "Commencer une Rando"), ("list", "Randonnées à proximité")],
        "ja": [("brand", "Trailmateへようこそ"), ("start", "ハイキングを開始"), ("emoji", "Trailmate 🥾 ハイキング")],
        "zh-Hans": [("brand", "欢迎使用Trailmate"), ("start", "开始徒步")],
        "ar": [("brand", "مرحبًا بك في Trailmate"), ("start", "ابدأ رحلة"), ("list", "الرحلات القريبة")],
        // A language the entry names no rendering for is not judged on it.
        "it": [("start", "Inizia un'escursione")],
      ], options: Self.options)
    #expect(found.isEmpty)
  }

  @Test func brokenRulesAreReported() {
    let found = TextCheckFixtures.messages(
      .glossary, source: Self.source,
      [
        "de": [("brand", "Willkommen bei Wanderfreund"), ("start", "Eine Tour starten")],
        "ja": [("brand", "トレイルメイトへようこそ"), ("emoji", "trailmate 🥾 散歩")],
        "zh-Hans": [("start", "开始远足")],
        "ar": [("start", "ابدأ نزهة")],
      ], options: Self.options)
    #expect(found.map(\.0) == ["ar start", "de brand", "de start", "ja brand", "ja emoji", "zh-Hans start"])
    #expect(
      found[2].1
        == "The translation “Eine Tour starten” does not follow the glossary: “hike” should be rendered “Wanderung”.")
    #expect(
      found[1].1
        == "The translation “Willkommen bei Wanderfreund” does not follow the glossary: “Trailmate” is not to be translated but the translation does not keep it."
    )
    #expect(found[4].1.contains("“Trailmate” is not to be translated") && found[4].1.contains("rendered “ハイキング”"))
  }

  @Test func termsAreFoundWordAwareAndCaseAware() {
    #expect(GlossaryMatch.occurs("hike", inSource: "Hike now"))
    #expect(GlossaryMatch.occurs("hike", inSource: "3 hikes"))
    #expect(!GlossaryMatch.occurs("hike", inSource: "Hiker"))
    #expect(!GlossaryMatch.occurs("hike", inSource: "chike"))
    #expect(GlossaryMatch.occurs("Trailmate", inSource: "Trailmate's map"))
    #expect(!GlossaryMatch.occurs("Trailmate", inSource: "a trailmate"))
    #expect(GlossaryMatch.occurs("Trailmate", inSource: "Trailmateを開く"))
    #expect(GlossaryMatch.occurs("地图", inSource: "打开地图。"))
    #expect(GlossaryMatch.occurs("رحلة", inSource: "ابدأ رحلة جديدة"))
    #expect(!GlossaryMatch.occurs("رحلة", inSource: "ابدأ الرحلات"))
  }

  @Test func theSourceCommentSilencesIt() {
    let found = TextCheckFixtures.found(
      .glossary, source: [("start", "Start a hike")], ["de": [("start", "Tour starten")]],
      comment: "glossa-ignore: glossary", options: Self.options)
    #expect(found.isEmpty)
  }
}
