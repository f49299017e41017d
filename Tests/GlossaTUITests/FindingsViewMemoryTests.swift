import GlossaCore
import Testing

@testable import GlossaTUI

/// The findings view keeps its filters across a jump to a key (Enter) and a close (Esc): `F`
/// reopens it filtered as it was, on the finding of the key shown; `L` and `T` cycle languages
/// and kinds backwards.
@Suite("Findings view: filters survive the find-fix loop", .timeLimit(.minutes(10)))
struct FindingsViewMemoryTests {
  func browser(_ state: AppState) throws -> FindingsBrowser {
    guard case .findings(let browser) = state.mode else {
      Issue.record("the findings view is not open")
      throw CancellationError()
    }
    return browser
  }

  @Test func filtersSurviveEnterAndReopening() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"))
    state.press(.char("l"))
    let first = try browser(state).language
    #expect(first != nil)
    state.press(.char("l"))
    state.press(.char("L"))
    #expect(try browser(state).language == first)
    state.press(.char("L"))
    #expect(try browser(state).language == nil)
    state.press(.char("L"))  // backwards from "all" wraps to the last language
    #expect(try browser(state).language != nil)
    state.press(.char("l"))  // forwards again: all, then the first
    state.press(.char("l"))
    #expect(try browser(state).language == first)
    // A kind this language has.
    repeat { state.press(.char("t")) } while try browser(state).items.count == 0 && browser(state).kind != nil
    let kind = try browser(state).kind
    let selected = try #require(try browser(state).selected)
    state.press(.enter)
    #expect(state.mode == .browse)
    #expect(state.language == selected.finding.language)
    state.press(.char("F"))
    #expect(try browser(state).language == first)
    #expect(try browser(state).kind == kind)
    #expect(try browser(state).selected?.finding.key == selected.finding.key)
    state.press(.escape)
    state.press(.char("F"))
    #expect(try browser(state).kind == kind)
  }
}
