import GlossaCore

/// The footer: the prompt being answered, then the keys that work right now.
enum FooterView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let y = state.layout.footerRow
    screen.fill(x: 0, y: y, width: screen.width, height: 1, style: Style(.muted))
    var used = 0
    switch state.mode {
    case .search(let search):
      used = drawEditor("/", search.editor, y: y, into: &screen)
    case .textPrompt(let prompt):
      used = drawEditor(prompt.question + " ", prompt.editor, y: y, into: &screen)
    case .choice(let prompt):
      used = screen.put(" " + prompt.question + " ", x: 0, y: y, style: Style(.accent, bold: true))
    default: break
    }
    let hints = hintSpans(state)
    screen.put(hints, x: used + 1, y: y, limit: screen.width - used - 1)
  }

  /// Draws a one-line editor with its cursor; returns the columns used.
  static func drawEditor(_ prompt: String, _ editor: LineEditor, y: Int, into screen: inout Screen) -> Int {
    let room = screen.width / 2
    let promptWidth = screen.put(" " + prompt, x: 0, y: y, style: Style(.accent, bold: true))
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
    .help, .quit, .closeHelp, .editCommit, .editCancel, .promptCancel, .searchCancel, .searchAccept,
    .promptAccept, .answerYes, .answerNo, .answerSave, .answerDiscard, .pickerChoose, .pickerCancel,
    .edit, .save, .markReviewed, .undo, .search, .nextFinding, .cycleFilter, .nextLanguage, .editNewline, .redo,
    .nextTable, .switchPane, .editRemote, .searchNext, .repack, .editDeleteWord, .helpDown,
  ]

  /// `key label` pairs for every action available now that has a footer label, in table order;
  /// when they do not fit, the least important are left out.
  static func hintSpans(_ state: AppState) -> [Span] {
    var chosen = Action.table.filter { $0.label != nil && state.isAvailable($0.action) }
    let room = state.width - 2
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
