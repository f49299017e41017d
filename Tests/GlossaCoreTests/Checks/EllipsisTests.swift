import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct EllipsisTests {
  @Test func threeDotsInTheDevelopmentLanguageAreReported() {
    let found = TextCheckFixtures.messages(
      .ellipsis,
      source: [("a", "Loading..."), ("b", "Saving…"), ("c", "Pages 1...10"), ("d", "Wait...."), ("e", "Open...")],
      ["de": [("a", "Laden..."), ("b", "Sichern..."), ("c", "Seiten 1...10"), ("d", "Warten"), ("e", "Öffnen…")]])
    #expect(found.map(\.0) == ["en a", "en e"])
    #expect(found[0].1 == "The value “Loading...” writes “...” where Apple's style uses “…”.")
  }
}
