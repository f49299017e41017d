import Testing
@testable import GlossaTUI

@Suite(.timeLimit(.minutes(10))) struct LineEditorTests {
  @Test func movesAndDeletesWholeClusters() {
    var editor = LineEditor("日本👍🏽e\u{301}")
    #expect(editor.cursor == 4)
    editor.backspace()
    #expect(editor.text == "日本👍🏽")
    editor.moveLeft()
    editor.backspace()
    #expect(editor.text == "日👍🏽")
    #expect(editor.cursorPosition.column == 2)
  }

  @Test func insertingACombiningMarkMergesWithTheCharacterBefore() {
    var editor = LineEditor("e")
    editor.insert("\u{301}")
    #expect(editor.characters.count == 1)
    #expect(editor.cursor == 1)
    editor.insert("x")
    #expect(editor.text == "e\u{301}x")
  }

  @Test func homeEndAndWordDeletion() {
    var editor = LineEditor("Hello brave world")
    editor.deleteWordBackward()
    #expect(editor.text == "Hello brave ")
    editor.moveHome()
    #expect(editor.cursor == 0)
    editor.moveWordRight()
    #expect(editor.cursor == 5)
    editor.killToEnd()
    #expect(editor.text == "Hello")
    editor.moveEnd()
    editor.moveWordLeft()
    #expect(editor.cursor == 0)
  }

  @Test func multiLineMovementKeepsTheDisplayColumn() {
    var editor = LineEditor("日本語\nab\nxyzw")
    editor.moveUp()
    #expect(editor.cursorPosition.line == 1)
    #expect(editor.cursorPosition.column == 2)
    editor.moveUp()
    #expect(editor.cursorPosition == (0, 2))
    editor.moveEnd()
    editor.moveDown()
    #expect(editor.cursorPosition == (1, 2))
    let moved = editor.moveDown()
    let movedPastEnd = editor.moveDown()
    #expect(moved)
    #expect(!movedPastEnd)
    editor.killToStart()
    #expect(editor.text == "日本語\nab\nzw")
  }
}
