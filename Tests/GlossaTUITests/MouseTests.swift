import GlossaCore
import Testing

@testable import GlossaTUI

/// A press selects the row or finding under it and focuses its pane; the wheel moves the list
/// under it; prompts and the editor ignore the mouse.
@Suite("Mouse", .timeLimit(.minutes(10)))
struct MouseTests {
  @Test func aPressInTheListSelectsThatRow() {
    var state = Fixtures.state(width: 100, height: 30)
    #expect(state.browse.visible.count >= 3)
    let y = state.layout.listTop + 2
    _ = state.update(.mouse(MouseEvent(.press, x: 10, y: y)))
    #expect(state.browse.selection == 2)
    #expect(!state.browse.detailFocused)
    // Below the last row: nothing changes.
    _ = state.update(.mouse(MouseEvent(.press, x: 10, y: state.layout.listTop + state.browse.visible.count + 1)))
    #expect(state.browse.selection == 2)
    // The frame shows the arrow on the row pressed.
    let line = state.render().lines[y]
    #expect(line.contains("▸"))
  }

  @Test func aPressInTheDetailPaneFocusesTheFieldUnderIt() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("l"))  // a translation: Local and Remote fields
    let fields = state.detailFields
    #expect(fields.count >= 2)
    // Find the line the Remote field is drawn on.
    let frame = state.render().lines
    let remoteLine = try #require(
      frame.indices.first { $0 > state.layout.detailTop && frame[$0].hasPrefix(" Remote ") })
    _ = state.update(.mouse(MouseEvent(.press, x: 4, y: remoteLine)))
    #expect(state.browse.detailFocused)
    #expect(state.detailFields[state.browse.detailField].side == .remote)
    // A press back in the list gives the list the focus again.
    _ = state.update(.mouse(MouseEvent(.press, x: 4, y: state.layout.listTop)))
    #expect(!state.browse.detailFocused)
    #expect(state.browse.selection == 0)
  }

  @Test func theWheelMovesTheListThreeRows() {
    var state = Fixtures.state(width: 100, height: 30)
    _ = state.update(.mouse(MouseEvent(.wheelDown, x: 10, y: state.layout.listTop)))
    #expect(state.browse.selection == min(3, state.browse.visible.count - 1))
    _ = state.update(.mouse(MouseEvent(.wheelUp, x: 10, y: state.layout.listTop)))
    #expect(state.browse.selection == 0)
  }

  @Test func findingsViewPressAndWheel() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"))
    guard case .findings(let before) = state.mode else {
      Issue.record("no findings view")
      return
    }
    #expect(before.items.count > 3)
    _ = state.update(.mouse(MouseEvent(.press, x: 5, y: 2 + 3)))
    guard case .findings(let pressed) = state.mode else {
      Issue.record("the findings view closed")
      return
    }
    #expect(pressed.selection == pressed.scroll + 3)
    _ = state.update(.mouse(MouseEvent(.wheelUp, x: 5, y: 5)))
    guard case .findings(let wheeled) = state.mode else {
      Issue.record("expected .findings, found \(state.mode)")
      return
    }
    #expect(wheeled.selection == 0)
  }

  @Test func theEditorAndPromptsIgnoreTheMouse() {
    var state = Fixtures.state(width: 100, height: 30)
    state.press(.char("e"))
    let mode = state.mode
    _ = state.update(.mouse(MouseEvent(.press, x: 10, y: state.layout.listTop + 1)))
    #expect(state.mode == mode)
    #expect(state.browse.selection == 0)
  }
}
