import GlossaCore
import Testing

@testable import GlossaTUI

/// The pseudo-localization preview (`P`) and the won't-fit filter (`W`) on the fixture bundle:
/// `welcome.title` has `max-length: 20`; de's 33-column title cannot fit, en's "Welcome" can.
@Suite(.timeLimit(.minutes(10))) struct PseudoPreviewTests {
  /// The row of the screen showing `text`, if any.
  func line(_ screen: Screen, containing text: String) -> Int? {
    screen.text.components(separatedBy: "\n").firstIndex { $0.contains(text) }
  }

  @Test func pressingPShowsEveryValuePseudoLocalizedAndMarksWhatWouldNotFit() throws {
    var state = Fixtures.state()
    #expect(state.language == "de")
    let plain = state.render()
    #expect(!plain.text.contains("[Ŵéļçöɱé"))
    state.press(.char("P"))
    #expect(state.browse.showsPseudo)
    #expect(state.message?.text.contains("1 of") == true)
    let screen = state.render()
    // Source and translation columns both show pseudo values.
    let y = try #require(line(screen, containing: "[Ŵéļçöɱé~]"))
    let text = screen.text.components(separatedBy: "\n")[y]
    #expect(text.contains("[Ŵîļļķöɱɱéñ"))
    // The translation is over its 20 columns: drawn in the error colour; the source is not.
    let sourceX = try #require(text.range(of: "[Ŵéļçöɱé").map { DisplayWidth.columns(of: text[..<$0.lowerBound]) })
    let localX = try #require(text.range(of: "[Ŵîļļķöɱɱéñ").map { DisplayWidth.columns(of: text[..<$0.lowerBound]) })
    #expect(screen[sourceX, y].style.role != .error)
    #expect(screen[localX, y].style.role == .error)
    // The header says the preview is on.
    #expect(screen.text.contains("pseudo +40%"))
    state.press(.char("P"))
    #expect(!state.browse.showsPseudo)
    #expect(!state.render().text.contains("[Ŵéļçöɱé"))
  }

  @Test func wontFitListsTheKeysWhosePseudoValuesOverflowTheirBudget() {
    var state = Fixtures.state()
    state.press(.char("W"))
    #expect(state.browse.filter == .wontFit)
    #expect(state.browse.visible.map { state.browse.rows[$0].key } == ["welcome.title"])
    // A larger budget from .glossa.yml rules for keys without a comment budget changes nothing
    // here; a smaller one for every key brings in each value wider than it.
    state.checkOptions = CheckOptions(maxLength: [MaxLengthRule(pattern: "*", limit: 6)])
    state.press(.char("a"), .char("W"))
    #expect(state.browse.visible.map { state.browse.rows[$0].key }.contains("settings.title"))
    #expect(state.browse.visible.map { state.browse.rows[$0].key }.contains("welcome.title"))
  }

  @Test func theGrowthIsConfigurable() {
    var state = Fixtures.state()
    state.pseudo = Pseudolocalization(expansion: 0)
    state.press(.char("h"), .char("P"))  // en: "Welcome" at +0 % is bracketed only
    #expect(state.render().text.contains("[Ŵéļçöɱé]"))
    #expect(state.render().text.contains("pseudo +0%"))
  }

  @Test func theDetailPaneShowsPseudoValuesAgainstTheBudget() {
    var state = Fixtures.state(width: 120, height: 40)
    state.press(.char("P"))
    let text = state.render().text
    #expect(text.contains("Pseudo +40 % budget 20 columns"))
    #expect(text.contains("[Ŵéļçöɱé~] (10)"))
  }

  @Test func theFilterCyclePassesWontFitByUnlessThePreviewIsOn() {
    var state = Fixtures.state()
    var seen: [Filter] = []
    for _ in Filter.allCases {
      state.press(.char("f"))
      seen.append(state.browse.filter)
    }
    #expect(!seen.contains(.wontFit))
    #expect(seen.first == .findings && seen.contains(.edited))
    state.press(.char("a"), .char("P"))
    seen = []
    for _ in Filter.allCases {
      state.press(.char("f"))
      seen.append(state.browse.filter)
    }
    #expect(seen.contains(.wontFit))
  }
}
