import GlossaCore
import Testing

@testable import GlossaTUI

/// Filters that leave the chosen finding out and then bring it back land on it again (found in
/// a trial: `l l L L` back to every language moved the selection from 3,749 to 5 of 8,510).
@Suite(.timeLimit(.minutes(5))) struct FindingsAnchorTests {
  private static func browser(_ state: AppState) -> FindingsBrowser? {
    if case .findings(let browser) = state.mode { return browser }
    return nil
  }

  @Test func languageFiltersThereAndBackKeepTheChosenFinding() throws {
    var state = Fixtures.state(width: 120, height: 40, remote: true)
    state.press(.char("F"))
    var browser = try #require(Self.browser(state))
    try #require(browser.items.count > 4)
    // The last finding: its language comes last, so filtering another language leaves it out.
    state.press(.char("G"))
    browser = try #require(Self.browser(state))
    let chosen = try #require(browser.selected)
    let languages = Set(browser.items.compactMap { $0.finding.language })
    try #require(languages.count > 1)
    var presses = 0
    repeat {
      state.press(.char("l"))
      presses += 1
      browser = try #require(Self.browser(state))
    } while browser.language == chosen.finding.language || browser.language == nil
    #expect(browser.selected?.finding.language != chosen.finding.language)
    for _ in 0..<presses { state.press(.char("L")) }
    browser = try #require(Self.browser(state))
    #expect(browser.language == nil)
    #expect(browser.selected == chosen)
    // A move chooses anew.
    state.press(.char("k"))
    let moved = try #require(Self.browser(state)?.selected)
    state.press(.char("s"), .char("s"), .char("s"), .char("s"))
    #expect(Self.browser(state)?.severity == nil)
    #expect(Self.browser(state)?.selected == moved)
  }
}
