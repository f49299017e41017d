import GlossaCore
import Testing

@testable import GlossaTUI

/// Every cell the grid gives a cluster is written with something every terminal draws at that
/// width: emoji sequences that terminals measure differently fall back, plain text, CJK and
/// combining marks are drawn as they are.
@Suite("Cells as the terminal draws them", .timeLimit(.minutes(10)))
struct TerminalGlyphTests {
  /// The glyphs of each cluster of `text` as the screen lays it out, and the columns they cover.
  static func glyphs(_ text: String) -> (glyphs: [[String]], columns: Int, width: Int) {
    var screen = Screen(width: 40, height: 1)
    screen.put(text, x: 0, y: 0)
    var glyphs: [[String]] = []
    var columns = 0
    for x in 0..<screen.width {
      let cell = screen[x, 0]
      if cell.isContinuation { continue }
      let drawn = cell.terminalGlyphs
      // Each glyph is one a terminal measures as the grid does (a single character and its
      // combining marks), and together they cover the cell's columns.
      #expect(drawn.allSatisfy { Cell.isSafe($0) }, "\(cell.text)")
      columns += drawn.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
      if x < DisplayWidth.columns(of: text) { glyphs.append(drawn) }
    }
    return (glyphs, columns, screen.width)
  }

  @Test func everyColumnIsWrittenWhateverTheScript() {
    for text in ["👍🏽 👨‍👩‍👧 🇯🇵 fin", "❤️ 1️⃣ 🏳️‍🌈", "日本語のテキスト", "مرحبا بالعالم", "é café", "ก่อน"] {
      let laid = Self.glyphs(text)
      #expect(laid.columns == laid.width, "\(text): \(laid.glyphs)")
    }
  }

  @Test func sequencesFallBackToWhatEveryTerminalAgreesOn() {
    #expect(Cell("👍🏽", width: 2).terminalGlyphs == ["👍"])
    #expect(Cell("👨‍👩‍👧", width: 2).terminalGlyphs == ["👨"])
    #expect(Cell("🇯🇵", width: 2).terminalGlyphs == ["J", "P"])
    #expect(Cell("❤️", width: 2).terminalGlyphs == ["❤", " "])
    #expect(Cell("1️⃣", width: 2).terminalGlyphs == ["1", " "])
  }

  @Test func plainClustersAreDrawnAsTheyAre() {
    #expect(Cell("e\u{301}", width: 1).terminalGlyphs == ["e\u{301}"])
    #expect(Cell("日", width: 2).terminalGlyphs == ["日"])
    #expect(Cell("👍", width: 2).terminalGlyphs == ["👍"])
    #expect(Cell("a").terminalGlyphs == ["a"])
    #expect(Cell("", width: 0).terminalGlyphs == [])
    #expect(Cell.continuation(.plain).terminalGlyphs == [])
  }
}

/// The key column takes the width the table's keys need, up to a fair share of the window.
@Suite("Key column width", .timeLimit(.minutes(10)))
struct KeyColumnWidthTests {
  @Test func keysGetTheWidthTheyNeedUpToAShare() {
    // DuckDuckGo-style keys that differ only at their end stay apart on a wide window.
    let long = Layout(width: 160, height: 40, hasRemote: true, keyColumns: 52)
    #expect(long.keyWidth == 54)
    // …up to 40 % of the window, at most 60 columns.
    #expect(Layout(width: 100, height: 40, hasRemote: true, keyColumns: 70).keyWidth == 40)
    #expect(Layout(width: 300, height: 40, hasRemote: true, keyColumns: 200).keyWidth == 60)
    // Short keys leave the room to the values; never under 12.
    #expect(Layout(width: 120, height: 40, hasRemote: false, keyColumns: 5).keyWidth == 12)
    #expect(Layout(width: 120, height: 40, hasRemote: false, keyColumns: 14).keyWidth == 16)
    // Unknown (no rows yet): the former default.
    #expect(Layout(width: 120, height: 40, hasRemote: false).keyWidth == 33)
  }

  @Test func theRowListMeasuresItsWidestKey() {
    var state = Fixtures.state(width: 120, height: 40)
    #expect(state.browse.rows.keyColumns == "settings.title".count)
    #expect(state.layout.keyWidth == "settings.title".count + 2)
    state.press(.char("l"))
    #expect(state.browse.rows.keyColumns == "settings.title".count)
  }
}
