import GlossaCore
import Testing

@testable import GlossaTUI

/// `X` writes what the list shows: the findings view's filtered findings, or the filtered key
/// list, to a path asked for at a prompt (prefilled), in the format its extension names.
@Suite("Export from the findings view and the key list", .timeLimit(.minutes(10)))
struct ExportTests {
  /// The export effect of `effects`, recorded as an issue when there is none.
  func export(_ effects: [Effect], _ state: AppState) -> (
    path: String, table: ExportTable, format: ExportFormat, createFolder: Bool
  )? {
    for effect in effects {
      if case .export(let path, let subject, let format, let createFolder) = effect {
        // The table the loop makes off its thread, from the state after the key.
        return (path, state.exportTable(subject), format, createFolder)
      }
    }
    Issue.record("no export effect in \(effects)")
    return nil
  }

  @Test func findingsViewExportsWhatItListsAndComesBack() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"))
    state.press(.char("l"))
    guard case .findings(let browser) = state.mode else {
      Issue.record("the findings view is not open")
      return
    }
    let listed = browser.items.map { $0.finding.message }
    #expect(!listed.isEmpty)
    state.press(.char("X"))
    guard case .textPrompt(let prompt) = state.mode else {
      Issue.record("no prompt: \(state.mode)")
      return
    }
    #expect(prompt.editor.text == "glossa-findings.json")
    #expect(prompt.question.hasPrefix("Export \(listed.count) finding"))
    let written = try #require(export(state.press(.enter), state))
    #expect(written.path == "glossa-findings.json")
    #expect(written.format == .json)
    #expect(!written.createFolder)
    #expect(written.table.columns == ExportTable.findingColumns)
    let messages = written.table.rows.map { $0[ExportTable.findingColumns.firstIndex(of: "message")!] }
    #expect(messages == listed.map { ExportTable.Cell.text($0) })
    // Back in the findings view, filtered as before.
    guard case .findings(let after) = state.mode else {
      Issue.record("did not return to the findings view")
      return
    }
    #expect(after.language == browser.language)
    _ = state.update(.exported(path: "glossa-findings.json", rows: listed.count, error: nil))
    #expect(
      state.message?.text == "Exported \(listed.count) row\(listed.count == 1 ? "" : "s") to glossa-findings.json")
  }

  @Test func lengthFindingsCarryValueWidthAndLimit() throws {
    var state = Fixtures.state(width: 100, height: 30)
    state.press(.char("F"))
    func kind() -> FindingKind? {
      if case .findings(let browser) = state.mode { return browser.kind }
      return nil
    }
    repeat { state.press(.char("t")) } while kind() != .overlong && kind() != nil
    guard case .findings(let browser) = state.mode, browser.kind == .overlong else {
      Issue.record("the fixture has no overlong finding")
      return
    }
    state.press(.char("X"))
    let table = try #require(export(state.press(.enter), state)).table
    let columns = ExportTable.findingColumns
    for row in table.rows {
      guard case .text(let value) = row[columns.firstIndex(of: "value")!],
        case .number(let width) = row[columns.firstIndex(of: "width")!],
        case .number(let limit) = row[columns.firstIndex(of: "limit")!]
      else {
        Issue.record("an overlong row lacks its value, width or limit: \(row)")
        continue
      }
      #expect(width == DisplayWidth.columns(of: value))
      #expect(width > limit)
    }
  }

  @Test func aPathThatCannotBeWrittenKeepsThePromptAndWhatWasTyped() throws {
    var state = Fixtures.state(width: 100, height: 30)
    state.paths = PathProbe { path in
      switch path {
      case "reports": .directory
      case "notes.txt": .file
      case "out.csv": .file
      default: .missing
      }
    }
    state.press(.char("X"))
    // A format the extension does not name: the prompt stays, with the path.
    guard case .textPrompt(var prompt) = state.mode else {
      Issue.record("no prompt")
      return
    }
    prompt.editor = LineEditor("keys.txt")
    state.mode = .textPrompt(prompt)
    #expect(state.press(.enter).isEmpty)
    guard case .textPrompt(let kept) = state.mode else {
      Issue.record("the prompt closed on a bad path")
      return
    }
    #expect(kept.editor.text == "keys.txt")
    #expect(state.message?.isError == true)
    #expect(state.message?.text.contains(".json, .csv or .md") == true)

    // A folder: the file name goes inside it.
    prompt.editor = LineEditor("reports")
    state.mode = .textPrompt(prompt)
    state.press(.enter)
    guard case .textPrompt(let inside) = state.mode else {
      Issue.record("the prompt closed on a folder")
      return
    }
    #expect(inside.editor.text == "reports/glossa-keys.json")

    // A missing folder is offered to be made; yes writes with createFolder.
    prompt.editor = LineEditor("new/dir/keys.md")
    state.mode = .textPrompt(prompt)
    state.press(.enter)
    guard case .choice(let ask) = state.mode else {
      Issue.record("no question about the missing folder")
      return
    }
    #expect(ask.question == "There is no folder new/dir. Create it and write new/dir/keys.md?")
    let made = try #require(export(state.press(.char("y")), state))
    #expect(made.createFolder)
    #expect(made.format == .markdown)
    #expect(made.table.columns.first == "language")
    #expect(made.table.rows.count == state.browse.visible.count)

    // An existing file: asked; no goes back to the prompt with the path.
    state.press(.char("X"))
    guard case .textPrompt(var again) = state.mode else {
      Issue.record("no prompt")
      return
    }
    again.editor = LineEditor("out.csv")
    state.mode = .textPrompt(again)
    state.press(.enter)
    guard case .choice = state.mode else {
      Issue.record("no question about the existing file")
      return
    }
    #expect(state.press(.char("n")).isEmpty)
    guard case .textPrompt(let back) = state.mode else {
      Issue.record("no return to the prompt")
      return
    }
    #expect(back.editor.text == "out.csv")
  }
}
