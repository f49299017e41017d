import Testing

@testable import GlossaTUI

/// Escape sequences the terminfo entry does not name are read whole: a key, a mouse report, a
/// paste's bounds, or nothing; never characters typed into a value.
@Suite(.timeLimit(.minutes(10))) struct EscapeSequenceTests {
  static func meaning(_ text: String) -> EscapeSequence.Meaning? {
    var sequence = EscapeSequence()
    for scalar in text.unicodeScalars {
      if case .done(let meaning) = sequence.feed(scalar) { return meaning }
    }
    return nil
  }

  @Test(arguments: [
    ("[1~", Key.home), ("[7~", .home), ("[H", .home), ("OH", .home), ("[4~", .end), ("[8~", .end), ("[F", .end),
    ("OF", .end), ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown), ("[A", .up), ("OB", .down),
    ("[1;5C", .right), ("[1;2D", .left), ("[Z", .backTab), ("OP", .function(1)), ("[15~", .function(5)),
    ("[24~", .function(12)), ("[1;2P", .function(1)),
  ])
  func keys(_ text: String, _ key: Key) {
    #expect(Self.meaning(text) == .key(key), "ESC \(text)")
  }

  @Test(arguments: ["[99~", "[2~", "[I", "[O", "[25~", "Ox", "[?1;2c", "[>0;95;0c"])
  func unknownSequencesAreSwallowedWhole(_ text: String) {
    #expect(Self.meaning(text) == .ignored, "ESC \(text)")
  }

  @Test func aSequenceThatNeverEndsIsDroppedAfterThirtyTwoCharacters() {
    var sequence = EscapeSequence()
    var steps = 0
    var last = sequence.feed("[")
    while case .more = last, steps < 100 {
      last = sequence.feed("1")
      steps += 1
    }
    #expect(last == .done(.ignored))
    #expect(steps <= 32)
  }

  @Test func mouseReportsAndPasteBounds() {
    #expect(Self.meaning("[<0;11;6M") == .mouse(MouseEvent(.press, x: 10, y: 5)))
    #expect(Self.meaning("[<0;11;6m") == .ignored, "a release")
    #expect(Self.meaning("[<64;1;1M") == .mouse(MouseEvent(.wheelUp, x: 0, y: 0)))
    #expect(Self.meaning("[<65;3;4M") == .mouse(MouseEvent(.wheelDown, x: 2, y: 3)))
    #expect(Self.meaning("[<32;3;4M") == .ignored, "motion")
    // X10 reports: three bytes after `ESC [ M`, none of them typed.
    #expect(Self.meaning("[M +&") == .mouse(MouseEvent(.press, x: 10, y: 5)))
    #expect(Self.meaning("[M`!!") == .mouse(MouseEvent(.wheelUp, x: 0, y: 0)))
    #expect(Self.meaning("[M#!!") == .ignored, "a release")
    #expect(Self.meaning("[200~") == .pasteStart)
    #expect(Self.meaning("[201~") == .pasteEnd)
  }

  @Test func pastedTextIsTypedIntoTheEditorAndNeverReadAsKeys() {
    var state = Fixtures.state()
    let before = state.selectedRow?.key
    // In the key list, a pasted `x` (delete) or `q` (quit) does nothing.
    #expect(state.update(.paste("xq")).isEmpty)
    #expect(!state.isDirty)
    #expect(state.selectedRow?.key == before)
    #expect(state.message?.text.hasPrefix("Pasted text goes into a value") == true)
    // In the editor it is typed, line breaks and all.
    state.press(.char("e"), .ctrl("u"))
    _ = state.update(.paste("Zeile 1\r\nZeile 2 👍🏽"))
    guard case .editing(let session) = state.mode else {
      Issue.record("the editor closed")
      return
    }
    #expect(session.editor.text == "Zeile 1\nZeile 2 👍🏽")
    // A search takes it on one line.
    state.press(.escape, .char("/"))
    _ = state.update(.paste("wel\ncome"))
    guard case .search(let search) = state.mode else {
      Issue.record("the search closed")
      return
    }
    #expect(search.editor.text == "wel come")
  }
}
