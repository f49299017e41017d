import Foundation
import Testing

@testable import GlossaCore
@testable import GlossaTUI

/// Findings whose kinds depend on other keys (`inconsistent-translation`, `case-duplicate-key`)
/// follow an edit: a per-key re-check keeps them, the language is checked for them in the
/// background, and the counts then equal a full run's (found in a trial: an edit that made two
/// renderings of one source text left the header one finding short of `glossa lint`).
@Suite("Findings across keys after an edit", .timeLimit(.minutes(5)))
struct AcrossKeysTests {
  private static func state() -> AppState {
    let bundle = LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")),
      tables: [
        Fixtures.stringsTable(
          "en", "\"menu.open\" = \"Open\";\n\"button.open\" = \"Open\";\n\"title\" = \"Photos\";\n"),
        Fixtures.stringsTable(
          "de", "\"menu.open\" = \"Öffnen\";\n\"button.open\" = \"Öffnen\";\n\"title\" = \"Fotos\";\n"),
      ], developmentLanguage: "en")
    var state = AppState(local: bundle, checks: .real(Checker()), width: 100, height: 30)
    if case .runChecks(let generation)? = state.start().first {
      _ = state.update(.checksFinished(state.checks.all(state.local, nil), generation: generation))
    }
    state.focus(language: "de", table: nil)
    return state
  }

  /// The local findings of `kind` and the count a full run of the bundle as it is now gives.
  private static func counts(_ state: AppState, _ kind: FindingKind) -> (shown: Int, full: Int) {
    let full = state.checks.all(state.local, nil)
    return (
      state.results.findings.all.count { $0.kind == kind }, full.count { $0.kind == kind }
    )
  }

  /// Presses keys, then performs the cross-key re-checks they asked for, as the loop would.
  private static func press(_ state: inout AppState, _ keys: Key...) -> Int {
    var asked = 0
    for key in keys {
      for effect in state.update(.key(key)) {
        guard case .recheckAcrossKeys(let side, let language) = effect else { continue }
        asked += 1
        _ = state.update(state.recheckAcrossKeys(side, language: language))
      }
    }
    return asked
  }

  @Test func anEditThatSplitsARenderingReportsItAndItsUndoTakesItBack() throws {
    var state = Self.state()
    #expect(Self.counts(state, .inconsistentTranslation) == (0, 0))
    for _ in 0..<3 where state.selectedRow?.key != "button.open" { _ = state.update(.key(.char("j"))) }
    try #require(state.selectedRow?.key == "button.open")
    _ = Self.press(&state, .char("e"), .ctrl("u"))
    state.type("Aufmachen")
    let asked = Self.press(&state, .enter)
    #expect(asked == 1)
    #expect(Self.counts(state, .inconsistentTranslation) == (1, 1))
    let finding = try #require(state.results.findings.all.first { $0.kind == .inconsistentTranslation })
    // Editing another key keeps the finding (a per-key check cannot tell it) until the
    // language is checked again.
    _ = state.update(.key(.char("j")))
    _ = state.update(.key(.char("e")))
    state.type("!")
    let effects = state.update(.key(.enter))
    #expect(effects.contains(.recheckAcrossKeys(.local, language: "de")))
    #expect(state.results.findings.all.contains(finding))
    _ = Self.press(&state, .char("u"), .char("u"))
    #expect(Self.counts(state, .inconsistentTranslation) == (0, 0))
  }

  @Test func aResultForTablesThatChangedSinceIsNotTaken() throws {
    var state = Self.state()
    for _ in 0..<3 where state.selectedRow?.key != "button.open" { _ = state.update(.key(.char("j"))) }
    _ = state.update(.key(.char("e")))
    _ = state.update(.key(.ctrl("u")))
    state.type("Aufmachen")
    _ = state.update(.key(.enter))
    let stale = state.recheckAcrossKeys(.local, language: "de")
    _ = state.update(.key(.char("u")))
    _ = state.update(stale)
    #expect(Self.counts(state, .inconsistentTranslation) == (0, 0))
  }
}
