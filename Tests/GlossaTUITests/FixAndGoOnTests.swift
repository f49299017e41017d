import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// Fix and go on: a fix that takes the selected row out of a filtered list leaves the selection
/// on the row that followed it, and `]` then stops at that row's finding first; nothing is
/// skipped.
@Suite("Fix and go on in a filtered list", .timeLimit(.minutes(10)))
struct FixAndGoOnTests {
  static func state() -> AppState {
    let keys = ["a.first", "b.second", "c.third", "d.fourth"]
    let bundle = LocalizationBundle(
      name: "Fix", storage: .directory(URL(fileURLWithPath: "/tmp/Fix")),
      tables: [
        Fixtures.table("en", keys.map { ($0, "Text of \($0)") }),
        Fixtures.table("fr", [("d.fourth", "Texte")]),
      ],
      developmentLanguage: "en")
    var state = AppState(
      local: bundle, remote: nil, checks: Fixtures.checks, plurals: Fixtures.plurals, width: 100, height: 30)
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(
        .checksFinished(Fixtures.checks.all(state.local, nil), remote: [], generation: generation))
    }
    state.focus(language: "fr", table: nil)
    return state
  }

  @Test func theNextFindingAfterAFixIsTheRowThatMovedUp() throws {
    var state = Self.state()
    state.press(.char("m"))
    #expect(state.browse.visible.map { state.browse.rows.keys[$0] } == ["a.first", "b.second", "c.third"])
    #expect(state.selectedRow?.key == "a.first")
    state.press(.char("e"))
    state.type("Premier")
    state.press(.enter)
    // a.first has its value: out of the missing list; the selection is on b.second.
    #expect(state.browse.visible.map { state.browse.rows.keys[$0] } == ["b.second", "c.third"])
    #expect(state.selectedRow?.key == "b.second")
    state.press(.char("]"))
    #expect(state.selectedRow?.key == "b.second", "] skipped the row the fix moved the selection to")
    #expect(state.message?.text.contains("missing-key") == true)
    state.press(.char("]"))
    #expect(state.selectedRow?.key == "c.third")
  }

  @Test func movingAwayFirstWalksOnAsUsual() throws {
    var state = Self.state()
    state.press(.char("m"))
    state.press(.char("e"))
    state.type("Premier")
    state.press(.enter)
    state.press(.char("j"))  // c.third, chosen by hand
    state.press(.char("]"))
    #expect(state.selectedRow?.key == "b.second", "] goes on past the selected key, wrapping round")
  }
}
