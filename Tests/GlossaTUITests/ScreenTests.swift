import Testing
@testable import GlossaTUI

@Suite(.timeLimit(.minutes(10))) struct ScreenTests {
  @Test func wideCharactersTakeTwoCellsAndPlainTextShowsThemOnce() {
    var screen = Screen(width: 10, height: 1)
    let used = screen.put("日本x", x: 0, y: 0)
    #expect(used == 5)
    #expect(screen[0, 0].width == 2)
    #expect(screen[1, 0].isContinuation)
    #expect(screen.lines == ["日本x"])
  }

  @Test func aWideCharacterThatWouldStraddleTheLimitBecomesASpace() {
    var screen = Screen(width: 10, height: 1)
    screen.put("ab日", x: 0, y: 0, limit: 3)
    #expect(screen.lines == ["ab"])
    #expect(!screen[2, 0].isContinuation)
    #expect(screen[3, 0].text == " ")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var screen = Screen(width: 6, height: 1)
    screen.put("日本", x: 0, y: 0)
    screen.put("x", x: 1, y: 0)
    #expect(screen.lines == [" x本"])
    screen.put("y", x: 2, y: 0)
    #expect(screen.lines == [" xy"])
  }

  @Test func combiningMarksStayWithTheirBaseAndControlsAreVisible() {
    var screen = Screen(width: 10, height: 1)
    screen.put("e\u{301}a\nb", x: 0, y: 0)
    #expect(screen.lines == ["e\u{301}a↵b"])
  }

  @Test func changedPositionsListOnlyDifferences() {
    var a = Screen(width: 4, height: 2)
    a.put("abcd", x: 0, y: 0)
    var b = a
    b.put("X", x: 2, y: 1)
    let changed = b.changedPositions(since: a)
    #expect(changed.count == 1)
    #expect(changed.first.map { [$0.x, $0.y] } == [2, 1])
    #expect(b.changedPositions(since: nil).count == 8)
    #expect(b.changedPositions(since: Screen(width: 3, height: 2)).count == 8)
  }

  @Test func wrapBreaksAtSpacesByDisplayWidth() {
    #expect(TextWrap.lines("one two three", columns: 8) == ["one two ", "three"])
    #expect(TextWrap.lines("日本語のテキスト", columns: 6) == ["日本語", "のテキ", "スト"])
    #expect(TextWrap.lines("a\nb", columns: 5) == ["a", "b"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct LoadingViewTests {
  @Test func showsWhatLoadsAndForHowLong() {
    let screen = LoadingView.render(width: 60, height: 10, message: "Loading /tmp/big", seconds: 2.34)
    #expect(screen.lines[0] == " glossa review")
    #expect(screen.lines[2].hasSuffix("Loading /tmp/big (2.3 s)"))
    #expect(screen.lines[4] == " q or Ctrl-C quits")
  }
}
