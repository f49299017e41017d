import GlossaCore

/// The key list: a marker column, the key, and the values side by side.
enum KeyListView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let layout = state.layout
    let titleStyle = Style(.muted, underline: true)
    screen.fill(x: 0, y: layout.columnTitleRow, width: screen.width, height: 1, style: titleStyle)
    screen.put("Key", x: layout.markerWidth, y: layout.columnTitleRow, style: titleStyle, limit: layout.keyWidth)
    for (column, x, width) in layout.valueColumns {
      var title = column.title
      if column == .source { title += " (\(state.local.developmentLanguage))" }
      if column == .local || column == .remote { title += " (\(state.language))" }
      screen.putClipped(title, x: x, y: layout.columnTitleRow, width: width, style: titleStyle)
    }
    if state.browse.visible.isEmpty {
      let text =
        if state.loading.pendingLanguages.contains(state.language) {
          state.loading.loadFailure == nil
            ? "\(state.language) is still loading (\(state.loadedLanguageCount)/\(state.languages.count) languages read)…"
            : "\(state.language) could not be read"
        } else if state.browse.rows.isEmpty,
          let problem = state.results.findings.general(language: state.language, table: state.table).first
        {
          "No keys: \(problem.kind.rawValue) in \(FindingItem(side: .local, finding: problem).location): \(problem.message) (F lists every finding)"
        } else if state.browse.rows.isEmpty {
          "No keys in \(state.language) · \(state.table)"
        } else if !state.results.hasAllFindings && state.browse.filter.needsFindings {
          "The checks have not finished: keys with findings appear when they do"
        } else {
          "No keys match the filter \(state.browse.filter.label) here; a shows all"
        }
      let lines = TextWrap.lines(text, columns: max(1, screen.width - layout.markerWidth - 1))
      for (offset, line) in lines.prefix(layout.listHeight).enumerated() {
        screen.putClipped(
          line, x: layout.markerWidth, y: layout.listTop + offset, width: screen.width - layout.markerWidth,
          style: .faint)
      }
      return
    }
    let marks = state.browse.markedPlace == state.markPlace ? state.browse.marked : []
    for line in 0..<layout.listHeight {
      let index = state.browse.scroll + line
      guard index < state.browse.visible.count else { break }
      let row = state.browse.rows[state.browse.visible[index]]
      let y = layout.listTop + line
      drawRow(
        row, y: y, layout: layout, pseudo: state.browse.showsPseudo ? (state.pseudo, state.budget(of: row)) : nil,
        into: &screen)
      if marks.contains(row.key) {
        screen.put("●", x: 3, y: y, style: Style(.accent, bold: true))
        screen.restyle(y: y, x: layout.markerWidth, width: layout.keyWidth) { $0.bold = true }
      }
      if let term = state.highlightedTerm { highlight(term, y: y, row: row, layout: layout, into: &screen) }
      if index == state.browse.selection {
        screen.put("▸", x: 3, y: y, style: Style(.accent, bold: true))
        screen.restyle(y: y, x: 0, width: screen.width) { style in
          if state.browse.detailFocused { style.underline = true } else { style.reverse = true }
        }
      }
    }
  }

  /// Underlines each cell of row `y` where the search term shows (the key and each value).
  static func highlight(_ term: String, y: Int, row: KeyRow, layout: Layout, into screen: inout Screen) {
    let lowered = term.lowercased()
    var cells: [(text: String?, x: Int, width: Int)] = [(row.key, layout.markerWidth, layout.keyWidth)]
    for (column, x, width) in layout.valueColumns {
      let value: String? =
        switch column {
        case .source: row.source
        case .local: row.local
        case .remote: row.remote
        case .effective: row.effective
        }
      cells.append((value.map(VisibleWhitespace.edges), x, width))
    }
    for cell in cells {
      guard let text = cell.text, let range = text.lowercased().range(of: lowered) else { continue }
      let lower = text.lowercased()
      let start = DisplayWidth.columns(of: String(lower[..<range.lowerBound]))
      let width = DisplayWidth.columns(of: String(lower[range]))
      guard start < cell.width else { continue }
      screen.restyle(y: y, x: cell.x + start, width: min(width, cell.width - start)) {
        $0.underline = true
        $0.bold = true
      }
    }
  }

  /// Draws one row; with `pseudo`, each value is shown pseudo-localized, in the error colour
  /// when it is wider than the key's budget.
  static func drawRow(
    _ row: KeyRow, y: Int, layout: Layout, pseudo: (Pseudolocalization, Int?)? = nil, into screen: inout Screen
  ) {
    if row.isEdited { screen.put("*", x: 0, y: y, style: Style(.edited, bold: true)) }
    if let worst = row.worstFinding {
      screen.put(String(worst.kind.marker), x: 1, y: y, style: Style(worst.severity.role, bold: true))
    }
    if row.isChanged { screen.put("≠", x: 2, y: y, style: Style(.changed)) }
    let key = row.isPlural ? row.key + " ⁿ" : row.key
    screen.putClipped(key, x: layout.markerWidth, y: y, width: layout.keyWidth)
    for (column, x, width) in layout.valueColumns {
      let value: String?
      switch column {
      case .source: value = row.source
      case .local: value = row.local
      case .remote: value = row.remote
      case .effective: value = row.effective
      }
      if let value, let (style, budget) = pseudo {
        let shown = style.transform(value)
        let over = budget.map { DisplayWidth.columns(of: shown) > $0 } ?? false
        screen.putClipped(
          VisibleWhitespace.edges(shown), x: x, y: y, width: width, style: over ? Style(.error, bold: true) : .plain)
      } else if let value {
        let style = (column == .remote && row.isChanged) ? Style(.changed) : Style.plain
        screen.putClipped(VisibleWhitespace.edges(value), x: x, y: y, width: width, style: style)
      } else {
        screen.put("—", x: x, y: y, style: .faint)
      }
    }
  }
}
