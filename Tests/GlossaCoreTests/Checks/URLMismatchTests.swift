import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct URLMismatchTests {
  @Test func missingAndChangedLinksAreReported() {
    let source = [
      ("a", "Visit https://example.com/help for more."), ("b", "Write to support@example.com."),
      ("c", "See www.example.org"),
    ]
    let messages = TextCheckFixtures.messages(
      .urlMismatch, source: source,
      [
        "de": [
          ("a", "Mehr unter https://example.com/hilfe."), ("b", "Schreiben Sie uns."), ("c", "Siehe www.example.org"),
        ],
        // Chinese writes the link inside the sentence without spaces.
        "zh-Hans": [
          ("a", "请访问https://example.com/help获取更多信息。"), ("b", "请写信至support@example.com。"), ("c", "见 www.example.org"),
        ],
        "ar": [
          ("a", "قم بزيارة https://example.com/help لمعرفة المزيد."), ("b", "اكتب إلى support@example.com."),
          ("c", "انظر example.org"),
        ],
      ])
    #expect(messages.map(\.0) == ["ar c", "de a", "de b"])
    #expect(
      messages[1].1
        == "The translation's links differ from the source's: https://example.com/help is written https://example.com/hilfe."
    )
  }

  @Test func localizedPagesSampleAddressesAndHandlesAreNotFindings() {
    let found = TextCheckFixtures.found(
      .urlMismatch,
      source: [
        ("a", "Read https://example.com/en/privacy"), ("b", "another@follower.social"), ("c", "@john@no-such.account"),
        ("d", "Go to https://example.com?lang=en now"),
      ],
      [
        "fr": [
          ("a", "Lisez https://example.com/fr/privacy"), ("b", "autre@abonne.social"), ("c", "@jean@aucun.compte"),
          ("d", "Allez sur https://example.com?lang=fr maintenant"),
        ]
      ])
    #expect(found.isEmpty)
  }
}
