import GlossaCore

/// The `?` overlay: every action with its keys, generated from the action table.
enum HelpView {
  static let groups: [(title: String, scopes: Set<Scope>)] = [
    ("Browsing", Scope.browsing),
    ("Editing a value", [.editing]),
    ("Findings view", [.findings, .findingsFilter]),
    ("Search and prompts", [.search, .textPrompt, .choicePrompt]),
    ("Lists and help", [.picker, .help]),
  ]

  /// The overlay's text lines, grouped by where the keys work.
  static func lines(_ state: AppState) -> [[Span]] {
    let width = min(state.width, 100) - 4
    let keyColumns = 18
    let textWidth = max(10, width - 2 - keyColumns)
    var lines: [[Span]] = []
    var shown = Set<Action>()
    for group in groups {
      lines.append([Span(group.title, .heading)])
      for info in Action.table where !info.scopes.isDisjoint(with: group.scopes) && !shown.contains(info.action) {
        shown.insert(info.action)
        let keys = state.keymap.keyLabels(info.action)
        // Long help wraps under itself, never cut.
        for (index, part) in TextWrap.lines(info.help, columns: textWidth).enumerated() {
          lines.append([
            Span("  " + DisplayWidth.padded(index == 0 ? keys : "", toColumns: keyColumns), Style(.accent, bold: true)),
            Span(part),
          ])
        }
      }
      lines.append([])
    }
    let markers =
      "* edited  M missing  L overlong  P plural gap  F format  X extra  D duplicate  ! broken file  ≠ changed  "
      + "␣ a space at a value's edge  (colour repeats them)"
    for (index, part) in TextWrap.lines(markers, columns: max(10, width - 9)).enumerated() {
      lines.append([Span(index == 0 ? "Markers: " : "         ", .heading), Span(part, .faint)])
    }
    return lines
  }

  static func lineCount(_ state: AppState) -> Int { lines(state).count }

  static func draw(_ state: AppState, scroll: Int, into screen: inout Screen) {
    let width = min(screen.width, 100)
    let height = screen.height - 2
    let x = (screen.width - width) / 2
    let y = 1
    screen.fill(x: 0, y: y, width: screen.width, height: height)
    Box.draw(x: x, y: y, width: width, height: height, title: "Keys — Esc closes", into: &screen)
    let content = lines(state)
    for (offset, spans) in content.dropFirst(scroll).prefix(height - 2).enumerated() {
      screen.put(spans, x: x + 2, y: y + 1 + offset, limit: width - 4)
    }
  }
}

/// The language or table picker.
enum PickerView {
  static func draw(_ picker: Picker, into screen: inout Screen) {
    let longest = picker.items.map { DisplayWidth.columns(of: $0) }.max() ?? 10
    let noteWidth = picker.notes.map { DisplayWidth.columns(of: $0) }.max() ?? 0
    let width = min(screen.width - 4, max(24, longest + 6 + (noteWidth > 0 ? noteWidth + 2 : 0)))
    let height = min(screen.height - 4, picker.items.count + 2)
    let x = (screen.width - width) / 2
    let y = 2
    screen.fill(x: x, y: y, width: width, height: height)
    Box.draw(
      x: x, y: y, width: width, height: height, title: picker.kind == .language ? "Language" : "Table", into: &screen)
    let rows = height - 2
    let start = max(0, min(picker.selection - rows / 2, picker.items.count - rows))
    for (offset, item) in picker.items.dropFirst(start).prefix(rows).enumerated() {
      let index = start + offset
      let selected = index == picker.selection
      let style = selected ? Style.selected : .plain
      screen.fill(x: x + 1, y: y + 1 + offset, width: width - 2, height: 1, style: style)
      screen.putClipped((selected ? "▸ " : "  ") + item, x: x + 1, y: y + 1 + offset, width: width - 2, style: style)
      if picker.notes.indices.contains(index), !picker.notes[index].isEmpty {
        let note = picker.notes[index]
        let noteX = x + width - 2 - DisplayWidth.columns(of: note)
        var noteStyle = note.contains("✖") ? Style(.error) : note == "✓" ? Style(.accent) : Style(.warning)
        if note == "loading" { noteStyle = .faint }
        noteStyle.reverse = selected
        if noteX > x + 3 + longest { screen.put(note, x: noteX, y: y + 1 + offset, style: noteStyle) }
      }
    }
  }
}

/// A frame drawn with box-drawing characters.
enum Box {
  static func draw(x: Int, y: Int, width: Int, height: Int, title: String, into screen: inout Screen) {
    guard width >= 2, height >= 2 else { return }
    let style = Style(.accent)
    let inner = String(repeating: "─", count: width - 2)
    screen.put("┌" + inner + "┐", x: x, y: y, style: style)
    screen.put("└" + inner + "┘", x: x, y: y + height - 1, style: style)
    for row in (y + 1)..<(y + height - 1) {
      screen.put("│", x: x, y: row, style: style)
      screen.put("│", x: x + width - 1, y: row, style: style)
    }
    screen.putClipped(" \(title) ", x: x + 2, y: y, width: width - 4, style: style.emphasized)
  }
}
