import GlossaCore
import Testing

@testable import GlossaTUI

/// The detail pane takes the rows a short list leaves empty, and two thirds of the room when it
/// has the focus or an editor; the list always keeps the selected row in view.
@Suite("Detail pane height", .timeLimit(.minutes(10)))
struct DetailPaneHeightTests {
  @Test func aLongListKeepsTheUsualShare() {
    let layout = Layout(width: 120, height: 40, hasRemote: false, rowCount: 500)
    #expect(layout.detailHeight == 40 / 3 + 1)
    #expect(layout.listHeight + layout.detailHeight == 40 - layout.listTop - 1)
  }

  @Test func aShortListLeavesItsEmptyRowsToTheDetail() {
    let layout = Layout(width: 120, height: 40, hasRemote: false, rowCount: 3)
    #expect(layout.listHeight == 3)
    #expect(layout.detailHeight == 40 - layout.listTop - 1 - 3)
    // An empty list keeps two rows for the sentence saying why.
    #expect(Layout(width: 80, height: 24, hasRemote: false, rowCount: 0).listHeight == 2)
  }

  @Test func focusOrAnEditorTakesTwoThirds() {
    let shared = 40 - 3 - 1
    let focused = Layout(width: 120, height: 40, hasRemote: false, rowCount: 500, detailExpanded: true)
    #expect(focused.detailHeight == shared * 2 / 3)
    #expect(focused.listHeight == shared - shared * 2 / 3)
    // Small windows keep at least one list row.
    let tiny = Layout(width: 40, height: 12, hasRemote: false, rowCount: 500, detailExpanded: true)
    #expect(tiny.listHeight >= 1)
  }

  @Test func theSelectionStaysInViewWhenThePaneGrows() {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.char("G"))
    let last = state.browse.selection
    state.press(.tab)
    #expect(state.browse.detailFocused)
    let height = state.layout.listHeight
    #expect(state.browse.scroll <= last && last < state.browse.scroll + height)
    #expect(state.render().text.contains("▸"))
  }
}
