import GlossaCore

/// The footer: the prompt being answered, then the keys that work right now.
enum FooterView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let y = state.layout.footerRow
    screen.fill(x: 0, y: y, width: screen.width, height: 1, style: Style(.muted))
    var used = 0
    // A field leaves room for the keys that accept and cancel it; other hints fill what is left.
    let essential = width(of: hintSpans(state, only: [.promptAccept, .promptCancel, .searchAccept, .searchCancel]))
    let room = max(screen.width / 2, screen.width - essential - 1)
    switch state.mode {
    case .search(let search):
      let count =
        search.editor.text.isEmpty || search.everywhere
        ? "" : "\(search.matches) match\(search.matches == 1 ? "" : "es") "
      used = drawEditor(
        count + (search.everywhere ? "everywhere /" : "/"), search.editor, y: y, room: room, into: &screen)
    case .textPrompt(let prompt):
      used = drawEditor(prompt.question + " ", prompt.editor, y: y, room: room, into: &screen)
    case .choice(let prompt):
      // The question and its answers' keys always show: the answers rank above every other
      // hint, and the question is cut short only when it leaves no room for them.
      let answers = width(of: hintSpans(state, only: Set(prompt.answers)))
      let question = " " + fitted(prompt.question, screen.width - answers - 4) + " "
      used = screen.put(question, x: 0, y: y, style: Style(.accent, bold: true))
    case .findings(let browser) where browser.filterLine != nil:
      let line = browser.filterLine
      let note = line?.unresolved.first.map { " (\($0))" } ?? ""
      if let editor = line?.editor {
        used = drawEditor("filter\(note):", editor, y: y, room: room, into: &screen)
      }
    case .findings:
      // The findings view covers the status line: its news (an export written) shows here.
      if let message = state.message {
        let text = " " + fitted(message.text, screen.width / 2) + " "
        used = screen.put(text, x: 0, y: y, style: message.isError ? Style(.error, bold: true) : Style(.accent))
      }
    default: break
    }
    // The hints that fit after it, the least important left out first.
    screen.put(hintSpans(state, room: screen.width - used - 2), x: used + 1, y: y, limit: screen.width - used - 1)
  }

  private static func width(of spans: [Span]) -> Int {
    spans.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
  }

  /// `text` cut to `columns` with a trailing `…` when it is wider.
  static func fitted(_ text: String, _ columns: Int) -> String {
    guard columns > 1, DisplayWidth.columns(of: text) > columns else { return text }
    return String(text[..<DisplayWidth.index(in: text, atColumn: columns - 1)]) + "…"
  }

  /// Draws a one-line editor with its cursor in `room` columns; the prompt leaves at least 20 of
  /// them to the field, so it always shows what is typed. Returns the columns used.
  static func drawEditor(
    _ prompt: String, _ editor: LineEditor, y: Int, room: Int, into screen: inout Screen
  ) -> Int {
    let promptWidth = screen.put(
      " " + fitted(prompt, max(8, room - 30)), x: 0, y: y, style: Style(.accent, bold: true))
    let text = editor.text.replacingOccurrences(of: "\n", with: "↵")
    let cursorColumn = DisplayWidth.columns(of: String(editor.characters[..<editor.cursor]))
    let shift = max(0, cursorColumn - (room - promptWidth - 2))
    let visible = String(text[DisplayWidth.index(in: text, atColumn: shift)...])
    screen.put(visible, x: promptWidth, y: y, style: .plain, limit: room - promptWidth)
    let x = promptWidth + cursorColumn - shift
    if x < screen.width { screen.restyle(y: y, x: x, width: 1) { $0.reverse = true } }
    return room
  }

  /// Actions the footer keeps longest when space runs out, most important first; others go first.
  static let priority: [Action] = [
    .help, .quit, .closeHelp, .editCommit, .editCancel, .answerYes, .answerNo, .answerSave, .answerDiscard,
    .answerReload, .answerOverwrite, .promptCancel, .searchCancel, .searchAccept, .promptAccept,
    .pickerChoose, .pickerCancel, .findingsJump, .findingsClose,
    .edit, .save, .markReviewed, .undo, .search, .nextFinding, .cycleFilter, .nextLanguage, .editNewline, .redo,
    .nextTable, .switchPane, .editRemote, .searchNext, .repack, .editDeleteWord, .helpDown,
  ]

  /// `key label` pairs for every action available now that has a footer label, in table order;
  /// when they do not fit, the least important are left out.
  static func hintSpans(_ state: AppState, room: Int? = nil, only: Set<Action>? = nil) -> [Span] {
    var chosen = Action.table.filter {
      $0.label != nil && state.isAvailable($0.action) && (only?.contains($0.action) ?? true)
    }
    let room = room ?? state.width - 2
    func width(_ infos: [ActionInfo]) -> Int {
      infos.reduce(0) { $0 + state.keymap.keyLabel($1.action).count + 1 + ($1.label?.count ?? 0) + 2 }
    }
    let rank = { (action: Action) in priority.firstIndex(of: action) ?? priority.count }
    while width(chosen) > room, chosen.count > 1 {
      let drop = chosen.indices.max { rank(chosen[$0].action) < rank(chosen[$1].action) } ?? chosen.count - 1
      chosen.remove(at: drop)
    }
    var spans: [Span] = []
    for info in chosen {
      spans.append(Span(state.keymap.keyLabel(info.action), Style(.accent, bold: true)))
      spans.append(Span(" " + (info.label ?? "") + "  ", Style(.muted)))
    }
    return spans
  }
}
