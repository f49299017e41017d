import GlossaCore
import Testing

@testable import GlossaTUI

/// Every cell the grid gives a cluster is written with something every terminal draws at that
/// width: emoji sequences that terminals measure differently fall back, plain text, CJK and
/// combining marks are drawn as they are.
@Suite("Cells as the terminal draws them")
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
