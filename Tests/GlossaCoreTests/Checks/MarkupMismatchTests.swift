import Testing

@testable import GlossaCore

@Suite struct MarkupMismatchTests {
  static let source = [
    ("bold", "Tap <b>Start</b> to begin."), ("link", "Read our <a href=\"%@\">terms</a>."),
    ("nest", "<b>Note: <i>offline</i></b>"), ("br", "First line<br>second line"),
    ("md", "See the [guide](https://example.com/guide) for **more**."), ("none", "<None>"),
    ("kv", "Format: <key>=<value>"), ("heart", "We <3 hiking"), ("less", "a < b and %@ {count}"),
    ("emoji", "Hike <b>done</b> 🎉"),
  ]

  @Test func controlsInEveryScriptAreClean() {
    let found = TextCheckFixtures.found(
      .markupMismatch, source: Self.source,
      [
        "fr": [
          ("bold", "Touchez <b>Démarrer</b> pour commencer."), ("link", "Lisez nos <a href=\"%@\">conditions</a>."),
          ("nest", "<b>Remarque : <i>hors ligne</i></b>"), ("br", "Première ligne<br/>deuxième ligne"),
          ("md", "Voir le **guide** [complet](https://example.com/fr/guide)."), ("none", "<Aucun>"),
          ("kv", "Format : <clé>=<valeur>"), ("heart", "Nous <3 la randonnée"), ("less", "a < b et %@ {count}"),
          ("emoji", "Randonnée <b>terminée</b> 🎉"),
        ],
        "ja": [
          ("bold", "<b>開始</b>をタップして始めます。"), ("link", "<a href=\"%@\">利用規約</a>をお読みください。"),
          ("nest", "<b>注意：<i>オフライン</i></b>"), ("md", "**詳しく**は[ガイド](https://example.com/guide)をご覧ください。"),
          ("none", "<なし>"), ("emoji", "ハイキング<b>完了</b> 🎉"),
        ],
        "zh-Hans": [("bold", "点按<b>开始</b>以开始。"), ("kv", "格式：<键>=<值>")],
        "ar": [
          ("bold", "اضغط <b>ابدأ</b> للبدء."), ("link", "اقرأ <a href=\"%@\">الشروط</a>."),
          ("nest", "<b>ملاحظة: <i>غير متصل</i></b>"), ("none", "<لا شيء>"), ("emoji", "🎉 <b>اكتملت</b> الرحلة"),
        ],
      ])
    #expect(found.isEmpty)
  }

  @Test func plantedDifferencesAreReported() {
    let found = TextCheckFixtures.messages(
      .markupMismatch, source: Self.source,
      [
        "de": [
          ("bold", "Tippe auf <b>Starten</b>, um zu beginnen."), ("link", "Lies unsere <a href=\"%@\">AGB."),
          ("nest", "<b>Hinweis:</b> <i>offline</i>"), ("md", "Siehe die Anleitung für mehr."),
          ("emoji", "Wanderung <i>fertig</i> 🎉"),
        ],
        "ja": [("bold", "<b>開始</b をタップ"), ("md", "[ガイド](https://example.com/guide)をご覧ください。")],
        "ar": [("nest", "<b>ملاحظة: <i>غير متصل</b></i>"), ("link", "اقرأ الشروط.")],
      ])
    #expect(found.map(\.0) == ["ar nest", "ar link", "de link", "de nest", "de md", "de emoji", "ja bold", "ja md"])
    let messages = Dictionary(found.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    #expect(messages["de link"] == "The translation's markup differs from the source's: <a> is left open.")
    #expect(
      messages["de nest"]
        == "The translation's markup differs from the source's: the tags are nested differently (in the source <i> stands inside <b>)."
    )
    #expect(messages["de emoji"]?.contains("<b> of the source is missing; <i> is not in the source") == true)
    #expect(
      messages["ar nest"]?.contains("</b> closes no open tag") == true || messages["ar nest"]?.contains("</i>") == true)
    #expect(messages["ja md"]?.contains("Markdown emphasis marker") == true)
    #expect(messages["de md"]?.contains("1 Markdown link") == true)
  }

  @Test func readsTagsAsMarkupOnlyWhenInUse() {
    #expect(MarkupText("<None>").isEmpty)
    #expect(MarkupText("Format: <key>=<value>").isEmpty)
    #expect(MarkupText("I <3 you, a<b, %@, {count}").isEmpty)
    #expect(MarkupText("snake__case and ***").isEmpty)
    #expect(MarkupText("<b>x</b>").placedTags == [">b"])
    #expect(MarkupText("<br/><img src=\"a.png\">").placedTags == [">br", ">img"])
    #expect(MarkupText("<b>open", sourceNames: ["b"]).leftOpen == ["b"])
  }

  @Test func theSourceCommentSilencesIt() {
    let found = TextCheckFixtures.found(
      .markupMismatch, source: [("bold", "Tap <b>Start</b>")], ["de": [("bold", "Tippe auf Starten")]],
      comment: "glossa-ignore: markup-mismatch")
    #expect(found.isEmpty)
  }
}
