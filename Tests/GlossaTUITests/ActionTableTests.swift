import Testing
@testable import GlossaTUI

@Suite struct ActionTableTests {
  @Test func everyActionHasExactlyOneRowWithKeysAndHelp() {
    for action in Action.allCases {
      let rows = Action.table.filter { $0.action == action }
      #expect(rows.count == 1, "\(action) has \(rows.count) rows")
      #expect(rows.first.map { !$0.keys.isEmpty && !$0.help.isEmpty && !$0.scopes.isEmpty } == true, "\(action)")
    }
  }

  @Test func noKeyIsBoundTwiceInOneScope() {
    for scope in Scope.allCases {
      var seen: [Key: Action] = [:]
      for info in Action.table where info.scopes.contains(scope) {
        for key in info.keys {
          #expect(seen[key] == nil, "\(key.label) is bound to \(seen[key].map { "\($0)" } ?? "") and \(info.action) in \(scope)")
          seen[key] = info.action
        }
      }
    }
  }

  @Test func overridesRebindAnAction() {
    let keymap = Keymap(overrides: [.quit: [.char("Q")]])
    #expect(keymap.action(for: .char("Q"), in: .list) == .quit)
    #expect(keymap.action(for: .char("q"), in: .list) == nil)
  }

  @Test func footerListsOnlyWhatIsPossibleNow() {
    var state = Fixtures.state()
    let labels = { FooterView.hintSpans(state).map(\.text) }
    #expect(!labels().contains(" undo  "))
    #expect(!labels().contains(" save  "))
    #expect(labels().contains(" help  "))
    state.press(.char("e"))
    state.type("x")
    state.press(.enter)
    #expect(labels().contains(" undo  "))
    #expect(labels().contains(" save  "))
    #expect(!labels().contains(" edit remote  "))
  }
}
