import GlossaCore
import Testing
@testable import GlossaTUI

@Suite(.timeLimit(.minutes(10))) struct ActionTableTests {
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
          #expect(
            seen[key] == nil,
            "\(key.label) is bound to \(seen[key].map { "\($0)" } ?? "") and \(info.action) in \(scope)")
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

import Foundation

/// `docs/tui.md`'s key table is generated from the action table; this keeps it current.
@Suite(.timeLimit(.minutes(10))) struct KeyTableDocTests {
  @Test func docsShowTheActionTable() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/tui.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let begin = "<!-- keys:begin (generated from Action.table; GLOSSA_RECORD_SNAPSHOTS=1 rewrites) -->\n"
    let end = "<!-- keys:end -->"
    guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else {
      Issue.record("docs/tui.md lacks the key table markers")
      return
    }
    let table = Action.markdownKeyTable()
    if ProcessInfo.processInfo.environment["GLOSSA_RECORD_SNAPSHOTS"] == "1" {
      try (text[..<start.upperBound] + table + text[stop.lowerBound...]).write(
        to: docs, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      String(text[start.upperBound..<stop.lowerBound]) == table,
      "docs/tui.md's key table is stale; GLOSSA_RECORD_SNAPSHOTS=1 rewrites it")
  }
}

@Suite(.timeLimit(.minutes(10))) struct KeymapFileTests {
  @Test func everyDefaultKeyLabelParsesBack() {
    for info in Action.table {
      for key in info.keys {
        #expect(Key(label: key.label) == key, "\(key.label)")
      }
    }
  }

  @Test func overridesRebindActions() throws {
    let text = "# mine\nquit = Q, Ctrl-X\n\n  nextFinding = n\r\n"
    let overrides = try KeymapFile.parse(text, file: "keys")
    #expect(overrides[.quit] == [.char("Q"), .ctrl("x")])
    let keymap = Keymap(overrides: overrides)
    #expect(keymap.action(for: .ctrl("x"), in: .list) == .quit)
    #expect(keymap.action(for: .char("n"), in: .list) == .nextFinding)
  }

  @Test func conflictsAreFound() {
    #expect(Keymap().conflicts.isEmpty)
    let keymap = Keymap(overrides: [.nextFinding: [.char("n")]])
    #expect(keymap.conflicts == [.conflict(key: "n", actions: ["nextFinding", "searchNext"])])
    #expect(
      keymap.conflicts.map(\.text) == ["n is bound to both nextFinding and searchNext; bind one of them to another key"]
    )
  }

  @Test func errorsNameLineAndColumn() {
    let action = #expect(throws: GlossaError.self) { try KeymapFile.parse("quit = q\nleave = x\n", file: "keys") }
    #expect(action == .keymap("keys", line: 2, column: 1, problem: .unknownAction("leave")))
    #expect(action?.message == "keys:2:1: unknown action \"leave\"; the actions are listed in docs/tui.md")
    let binding = #expect(throws: GlossaError.self) { try KeymapFile.parse("  quit q\n", file: "keys") }
    #expect(binding == .keymap("keys", line: 1, column: 3, problem: .expectedBinding))
    #expect(binding?.message == "keys:1:3: expected `action = key, key`")
    let key = #expect(throws: GlossaError.self) { try KeymapFile.parse("quit = q,Ctrl-\n", file: "keys") }
    #expect(key == .keymap("keys", line: 1, column: 10, problem: .unknownKey("Ctrl-")))
    #expect(
      key?.message
        == "keys:1:10: unknown key \"Ctrl-\"; write keys as the help shows them (q, Ctrl-R, Alt-b, PgDn, Enter, Space, F1)"
    )
    let unbound = #expect(throws: GlossaError.self) { try KeymapFile.parse("quit =\n", file: "keys") }
    #expect(unbound == .keymap("keys", line: 1, column: 1, problem: .noKeys(action: "quit")))
  }
}
