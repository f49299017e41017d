import GlossaCore

/// The detail pane: the selected key's comment, values, findings, width ruler and plural forms.
enum DetailView {
  static func draw(_ state: AppState, into screen: inout Screen) {
    let layout = state.layout
    let top = layout.detailTop
    let rule = Style(state.browse.detailFocused ? .accent : .muted, bold: state.browse.detailFocused)
    screen.put(String(repeating: "─", count: screen.width), x: 0, y: top, style: rule)
    // The title takes the line when no message shares it; a long key is cut, never the side.
    let room = state.message == nil ? screen.width - 4 : screen.width / 2
    var title = state.selectedRow.map { " \(FooterView.fitted($0.key, room - 2)) " } ?? " Detail "
    if case .editing(let session) = state.mode {
      let side = " (\(session.side.rawValue)) "
      let key = FooterView.fitted(session.address.key, room - 9 - DisplayWidth.columns(of: side))
      title = " Editing \(key)\(side)"
    }
    let used = screen.putClipped(title, x: 1, y: top, width: room, style: rule.emphasized)
    var content = DetailContent.lines(for: state, width: screen.width - 2)
    if let message = state.message {
      let style = message.isError ? Style(.error, bold: true) : Style(.accent)
      let room = screen.width - used - 4
      let columns = DisplayWidth.columns(of: message.text) + 2
      if columns <= room {
        screen.putClipped(" \(message.text) ", x: screen.width - columns - 1, y: top, width: columns, style: style)
      } else {
        // Too long for the title line: the message opens the pane, wrapped, never cut.
        let wrapped = TextWrap.lines(message.text, columns: max(1, screen.width - 2)).map { [Span($0, style)] }
        content.lines.insert(contentsOf: wrapped, at: 0)
        content.focusLine = content.focusLine.map { $0 + wrapped.count }
        content.cursorLine = content.cursorLine.map { $0 + wrapped.count }
      }
    }
    let height = layout.detailHeight - 1
    let focus = content.focusLine ?? 0
    let start = max(0, min(focus - height / 2, content.lines.count - height))
    for (offset, spans) in content.lines.dropFirst(start).prefix(height).enumerated() {
      screen.put(spans, x: 1, y: top + 1 + offset, limit: screen.width - 2)
    }
    if case .editing(let session) = state.mode, let cursorLine = content.cursorLine,
      cursorLine >= start, cursorLine < start + height
    {
      let x = 1 + content.cursorColumn
      let y = top + 1 + cursorLine - start
      if x < screen.width { screen.restyle(y: y, x: x, width: 1) { $0.reverse = true } }
      _ = session
    }
  }
}

/// The detail pane's lines, built from the state; also where the focus and cursor are.
struct DetailContent {
  var lines: [[Span]] = []
  /// The line of the selected field (or the editor's cursor), kept in view.
  var focusLine: Int?
  var cursorLine: Int?
  var cursorColumn = 0

  static let labelWidth = 10

  static func lines(for state: AppState, width: Int) -> DetailContent {
    var content = DetailContent()
    if let report = state.saves.repackReport {
      for line in report { content.lines.append([Span(line, line.hasPrefix("Wrote") ? .heading : .plain)]) }
      return content
    }
    guard let row = state.selectedRow else {
      content.lines.append([Span("No key selected", .faint)])
      return content
    }
    let valueWidth = max(1, width - labelWidth - 2)
    // Problems of the whole file stay in sight while its keys are reviewed.
    for problem in state.results.findings.general(language: state.language, table: state.table) {
      content.lines.append([
        Span("\(problem.severity.glyph) ", Style(problem.severity.role, bold: true)),
        Span("file ", Style(.accent)), Span(problem.kind.rawValue + " ", Style(problem.severity.role)),
        Span(FindingItem(side: .local, finding: problem).location + ": " + problem.message, .faint),
      ])
    }
    if let comment = row.comment, !comment.isEmpty {
      for (index, line) in TextWrap.lines(comment.trimmingCharacters(in: .whitespacesAndNewlines), columns: valueWidth)
        .enumerated()
      {
        content.lines.append([Span(label(index == 0 ? "Comment" : ""), .faint), Span(line, Style(.muted))])
      }
    }
    let units = state.catalogUnits
    if !units.isEmpty {
      let text = units.map(\.stateLabel).joined(separator: " · ")
      let attention = units.contains { $0.state?.needsAttention == true }
      for (index, line) in TextWrap.lines(text, columns: valueWidth).enumerated() {
        content.lines.append([
          Span(label(index == 0 ? "State" : ""), .faint), Span(line, Style(attention ? .warning : .muted)),
        ])
      }
    }
    var editing: EditSession?
    if case .editing(let session) = state.mode { editing = session }
    // Each finding with the side it is about, when there are two sides.
    let sided: [(Side, Finding)] =
      if let editing { editing.findings.map { (editing.side, $0) } } else {
        row.findings.map { (Side.local, $0) } + row.remoteFindings.map { (Side.remote, $0) }
      }
    let findings = sided.map(\.1)
    for (side, finding) in sided.sorted(by: { $0.1.severity > $1.1.severity }) {
      let tag = (state.remote == nil ? "" : "\(side.rawValue) ") + (finding.category.map { "[\($0.rawValue)] " } ?? "")
      let head = finding.kind.rawValue.count + tag.count + 3
      let lines = TextWrap.lines(finding.message, columns: max(1, width - head))
      for (index, line) in lines.enumerated() {
        content.lines.append(
          index == 0
            ? [
              Span("\(finding.severity.glyph) ", Style(finding.severity.role, bold: true)),
              Span(finding.kind.rawValue + " ", Style(finding.severity.role)), Span(tag, Style(.accent)), Span(line),
            ]
            : [Span(String(repeating: " ", count: head)), Span(line)])
      }
    }
    if let editing, editing.findingsStale {
      content.lines.append([Span("… ", Style(.accent)), Span("checking the draft when you pause", .faint)])
    } else if editing == nil, findings.isEmpty, !state.results.hasAllFindings {
      content.lines.append([Span("… ", Style(.accent)), Span("findings appear when the checks finish", .faint)])
    } else if editing != nil, findings.isEmpty, !state.results.checking {
      content.lines.append([Span("✓ ", Style(.accent)), Span("no findings with this value", .faint)])
    }
    let fields = state.detailFields
    let selectedField =
      state.browse.detailFocused && fields.indices.contains(state.browse.detailField)
      ? fields[state.browse.detailField] : nil

    let devices = state.deviceVariations(of: row)
    let showsPlain = devices.isEmpty || state.hasPlainPart(row)
    let plainIsPlural = devices.isEmpty ? row.isPlural : state.hasPluralForms(row)
    if showsPlain && !plainIsPlural {
      if let source = state.sourceText(of: row), source.fromRemote {
        // A key only the remote has: its development-language value, marked as the remote's.
        content.addValue("Source", source.text, width: valueWidth)
        content.mark(" ‹remote \(state.remote?.developmentLanguage ?? "")›", width: width)
      } else {
        content.addValue("Source", row.source, width: valueWidth)
      }
      for side in state.remote == nil ? [Side.local] : [.local, .remote] {
        let field = DetailField(side: side)
        let isEdited = editing.map { $0.side == side && $0.address.plural == nil && $0.address.device == nil } ?? false
        if isEdited, let session = editing {
          content.addEditor(side == .local ? "Local" : "Remote", session.editor, width: valueWidth)
        } else {
          content.addValue(
            side == .local ? "Local" : "Remote", side == .local ? row.local : row.remote,
            width: valueWidth, selected: selectedField == field)
        }
      }
      if state.remote != nil {
        content.addValue("Effective", row.effective, width: valueWidth)
        if let from = row.effectiveFrom { content.mark(" ‹\(from)›", width: width) }
      }
      content.addRuler(state: state, row: row, draft: editing?.editor.text, width: valueWidth)
      content.addRenderings(state: state, row: row, width: valueWidth)
      content.addGlossary(state: state, row: row, width: valueWidth)
      if state.browse.showsPseudo {
        content.addPseudo(state: state, row: row, draft: editing?.editor.text, width: valueWidth)
      }
    }
    if showsPlain && plainIsPlural && state.hasMainValue(row) {
      // The format string around the substitutions, editable like any value.
      let main = ValueAddress(language: state.language, table: state.table, key: row.key)
      var source = main
      source.language = state.local.developmentLanguage
      content.lines.append([Span("Format string", .heading)])
      content.addValue("Source", state.local.value(at: source), width: valueWidth)
      for side in state.remote == nil ? [Side.local] : [.local, .remote] {
        let name = side == .local ? "Local" : "Remote"
        if let session = editing, session.side == side, session.address == main {
          content.addEditor(name, session.editor, width: valueWidth)
        } else {
          content.addValue(
            name, state.bundle(side).value(at: main), width: valueWidth,
            selected: selectedField == DetailField(side: side))
        }
      }
    }
    if showsPlain && plainIsPlural, !state.hasMainValue(row),
      let sourceFormat = state.stringsdictFormat(of: row, side: .local, language: state.local.developmentLanguage)
        ?? state.stringsdictFormat(of: row, side: .local)
    {
      // A .stringsdict family's format string: what the app formats, shown for reference.
      content.lines.append([Span("Format string", .heading)])
      content.addValue("Source", sourceFormat, width: valueWidth)
      for side in state.remote == nil ? [Side.local] : [.local, .remote] {
        content.addValue(
          side == .local ? "Local" : "Remote", state.stringsdictFormat(of: row, side: side), width: valueWidth)
      }
    }
    if showsPlain && plainIsPlural {
      content.addPlurals(state: state, row: row, editing: editing, selected: selectedField, width: width)
    }
    for variation in devices {
      if variation.isPlural {
        content.addPlurals(
          state: state, row: row, editing: editing, selected: selectedField, width: width, device: variation.device)
      } else {
        content.addDevice(
          variation.device, state: state, row: row, editing: editing, selected: selectedField, width: valueWidth)
      }
    }
    return content
  }

  /// Appends a faint note (`‹remote · ja›`) to the last line, or on a line of its own when it
  /// does not fit.
  mutating func mark(_ note: String, width: Int) {
    guard var last = lines.popLast() else { return }
    let used = last.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) }
    if used + DisplayWidth.columns(of: note) + 1 <= width {
      last.append(Span(" " + note, .faint))
      lines.append(last)
    } else {
      lines.append(last)
      lines.append([Span(DetailContent.label(""), .faint), Span(String(note.drop { $0 == " " }), .faint)])
    }
  }

  static func label(_ text: String) -> String {
    text.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "│ "
  }

  mutating func addValue(_ name: String, _ value: String?, width: Int, selected: Bool = false) {
    if selected { focusLine = lines.count }
    let labelStyle = selected ? Style(.accent, bold: true, reverse: true) : Style.faint
    guard let value else {
      lines.append([Span(DetailContent.label(name), labelStyle), Span("— missing", Style(.error))])
      return
    }
    for (index, line) in TextWrap.lines(VisibleWhitespace.edges(value), columns: width).enumerated() {
      lines.append([Span(DetailContent.label(index == 0 ? name : ""), index == 0 ? labelStyle : .faint), Span(line)])
    }
  }

  mutating func addEditor(_ name: String, _ editor: LineEditor, width: Int) {
    let position = editor.cursorPosition
    var lineIndex = 0
    for (number, logical) in editor.lines.enumerated() {
      let wrapped = TextWrap.lines(logical, columns: width)
      if number == position.line {
        // Find the wrapped line holding the cursor.
        var column = position.column
        for (offset, part) in wrapped.enumerated() {
          let partWidth = DisplayWidth.columns(of: part)
          if column <= partWidth && (column < partWidth || offset == wrapped.count - 1) {
            cursorLine = lines.count + offset
            cursorColumn = DetailContent.labelWidth + 2 + column
            break
          }
          column -= partWidth
        }
      }
      for part in wrapped {
        let head = lineIndex == 0 ? name : ""
        lines.append([Span(DetailContent.label(head), Style(.edited, bold: true)), Span(part, Style(.edited))])
        lineIndex += 1
      }
    }
    focusLine = cursorLine
  }

  /// "Also rendered as": the other values keys with the same source text have in this
  /// language, most used first, each with its keys (`=` takes them in this order).
  mutating func addRenderings(state: AppState, row: KeyRow, width: Int) {
    guard state.language != state.local.developmentLanguage, !row.isPlural, row.source != nil else { return }
    guard let alternatives = state.selectedRenderings else {
      lines.append([Span(DetailContent.label("Also as"), .faint), Span("… gathering other renderings", .faint)])
      return
    }
    let others = alternatives.filter { $0.value != row.local }
    guard !others.isEmpty else { return }
    let shown = 4
    for (index, alternative) in others.prefix(shown).enumerated() {
      let names = alternative.keys.prefix(3).map { $0.table == state.table ? $0.key : "\($0.key) (\($0.table))" }
      let more = alternative.keys.count > 3 ? " +\(alternative.keys.count - 3)" : ""
      let keys = " · " + names.joined(separator: ", ") + more
      let value = "“" + VisibleWhitespace.edges(alternative.value) + "”"
      let wrapped = TextWrap.lines(value, columns: width)
      for (offset, line) in wrapped.enumerated() {
        let label = index == 0 && offset == 0 ? "Also as" : ""
        var spans = [Span(DetailContent.label(label), .faint), Span(line, Style(.muted))]
        if offset == wrapped.count - 1 { spans.append(Span(keys, .faint)) }
        lines.append(spans)
      }
    }
    if others.count > shown {
      lines.append([
        Span(DetailContent.label(""), .faint), Span("… \(others.count - shown) more (= takes each in turn)", .faint),
      ])
    }
  }

  /// The glossary's terms in the source (`glossary:` in the config) with the rendering each
  /// requires in this language, marked as the local value follows it or not.
  mutating func addGlossary(state: AppState, row: KeyRow, width: Int) {
    guard state.language != state.local.developmentLanguage, !row.isPlural, let source = row.source else { return }
    let rules = GlossaryMatch.rules(
      state.checkOptions.glossary, source: source, language: state.language, translation: row.local)
    for (index, rule) in rules.enumerated() {
      let wanted = rule.required.map { "“\($0)”" }.joined(separator: " or ")
      let text =
        rule.entry.translate
        ? "“\(rule.entry.term)” → \(wanted)" : "“\(rule.entry.term)” stays as written"
      let mark: Span =
        switch rule.followed {
        case true?: Span("  ✓ followed", Style(.changed))
        case false?: Span("  ✖ not followed", Style(.warning, bold: true))
        case nil: Span("", .faint)
        }
      let wrapped = TextWrap.lines(text, columns: max(1, width - 16))
      for (offset, line) in wrapped.enumerated() {
        var spans = [Span(DetailContent.label(index == 0 && offset == 0 ? "Glossary" : ""), .faint), Span(line)]
        if offset == wrapped.count - 1 { spans.append(mark) }
        lines.append(spans)
      }
    }
  }

  /// The pseudo-localized source and translation with their widths against the key's budget.
  mutating func addPseudo(state: AppState, row: KeyRow, draft: String?, width: Int) {
    let budget = state.budget(of: row)
    lines.append([
      Span("Pseudo +\(state.pseudo.expansion) % ", .heading),
      Span(
        budget.map { "budget \($0) columns" } ?? "no budget: add max-length: N to the source comment or .glossa.yml",
        .faint),
    ])
    for (name, value) in [("Source", row.source), ("Local", draft ?? row.local)] {
      guard let value else { continue }
      let shown = state.pseudo.transform(value)
      let columns = DisplayWidth.columns(of: shown)
      let over = budget.map { columns > $0 } ?? false
      let wrapped = TextWrap.lines(VisibleWhitespace.edges(shown) + " (\(columns))", columns: width)
      for (index, line) in wrapped.enumerated() {
        lines.append([
          Span(DetailContent.label(index == 0 ? name : ""), .faint),
          Span(line, over ? Style(.error, bold: true) : Style(.muted)),
        ])
      }
    }
  }

  /// The width ruler: the value's columns against the limit (explicit, or the overlong check's guide).
  mutating func addRuler(state: AppState, row: KeyRow, draft: String?, width: Int) {
    guard let value = draft ?? row.local else { return }
    let explicit = state.budget(of: row)
    guard explicit != nil || row.has([.overlong]) else { return }
    // Without a max-length the limit is the overlong check's own (ratio, or slack for a short
    // source); with no source text at all there is nothing to measure against.
    let source = state.sourceText(of: row)?.text
    guard explicit != nil || source != nil else { return }
    let rule = source.map {
      Overlong.ratioLimit(sourceWidth: DisplayWidth.columns(of: $0), options: state.checkOptions)
    }
    guard let limit = explicit ?? rule?.columns else { return }
    let columns = DisplayWidth.columns(of: value)
    let factor = state.checkOptions.maxRatio
    let ratio = factor == factor.rounded() ? String(Int(factor)) : String(factor)
    let how =
      explicit != nil
      ? "" : rule?.bySlack == true ? " (source + \(state.checkOptions.slack - 1))" : " (\(ratio)× source)"
    let text = " \(columns)/\(limit) cols\(how)"
    let room = max(1, width - text.count)
    let scale = max(columns, limit) > room ? Double(room) / Double(max(columns, limit)) : 1
    let within = Int(Double(min(columns, limit)) * scale)
    let over = Int(Double(max(0, columns - limit)) * scale)
    let rest = max(0, Int(Double(limit) * scale) - within)
    lines.append([
      Span(DetailContent.label("Width"), .faint),
      Span(String(repeating: "█", count: within), Style(.accent)),
      Span(String(repeating: "░", count: rest), .faint),
      Span(over > 0 ? "│" : "", Style(.error, bold: true)),
      Span(String(repeating: "▓", count: over), Style(.error, bold: true)),
      Span(text, columns > limit ? Style(.error, bold: true) : .plain),
    ])
  }

  /// One device variation without plural forms: the source's value and each side's, editable.
  mutating func addDevice(
    _ device: String, state: AppState, row: KeyRow, editing: EditSession?, selected: DetailField?, width: Int
  ) {
    lines.append([Span("Device ", .heading), Span(device, Style(.accent))])
    let source = ValueAddress(
      language: state.local.developmentLanguage, table: state.table, key: row.key, device: device)
    addValue("Source", state.local.value(at: source), width: width)
    for side in state.remote == nil ? [Side.local] : [.local, .remote] {
      let name = side == .local ? "Local" : "Remote"
      if let session = editing, session.side == side, session.address.device == device, session.address.plural == nil {
        addEditor(name, session.editor, width: width)
      } else {
        addValue(
          name, state.deviceValue(of: row, side: side, device: device), width: width,
          selected: selected == DetailField(side: side, device: device))
      }
    }
  }

  mutating func addPlurals(
    state: AppState, row: KeyRow, editing: EditSession?, selected: DetailField?, width: Int, device: String? = nil
  ) {
    let guide = state.plurals.categories(state.language)
    let samples = Dictionary((guide ?? []).map { ($0.category, $0.samples) }, uniquingKeysWith: { a, _ in a })
    let required = Set((guide ?? []).map(\.category))
    let names = guide.map { $0.map(\.category.rawValue).joined(separator: " ") } ?? "unknown to CLDR"
    let heading = device.map { "Plural forms · \($0) " } ?? "Plural forms "
    lines.append([Span(heading, .heading), Span("(\(state.language): \(names))", .faint)])
    let sampleWidth = 14
    let valueWidth = max(1, width - 2 - 6 - sampleWidth - 3)
    // The source's forms first, for comparison (they follow the source language's rules).
    let development = state.local.developmentLanguage
    if state.language != development {
      let sourceForms = state.pluralForms(of: row, side: .local, language: development, device: device)
      if !sourceForms.isEmpty {
        lines.append([Span("Source (\(development))", .faint)])
        for category in sourceForms.keys.sorted() {
          let name = category.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
          let head = [
            Span("  "), Span(name, .faint), Span(DisplayWidth.padded("", toColumns: sampleWidth)), Span(" │ ", .faint),
          ]
          for (offset, line) in TextWrap.lines(
            VisibleWhitespace.edges(sourceForms[category] ?? ""), columns: valueWidth
          ).enumerated() {
            let prefix = offset == 0 ? head : [Span(String(repeating: " ", count: 8 + sampleWidth + 3))]
            lines.append(prefix + [Span(line, Style(.muted))])
          }
        }
      }
    }
    for side in state.remote == nil ? [Side.local] : [.local, .remote] {
      if state.remote == nil && state.language != development {
        lines.append([Span("Local (\(state.language))", .faint)])
      }
      if state.remote != nil { lines.append([Span(side == .local ? "Local" : "Remote", .faint)]) }
      let forms = state.pluralForms(of: row, side: side, device: device)
      for category in state.pluralCategories(of: row, side: side, device: device) {
        let field = DetailField(side: side, category: category, device: device)
        let isSelected = selected == field
        if isSelected { focusLine = lines.count }
        let missing = forms[category] == nil && (required.contains(category) || category == .other)
        let extra = guide != nil && !required.contains(category) && forms[category] != nil
        // The mark is the finding's own severity (a gap the language rarely meets is a warning).
        let sideFindings = side == .local ? row.findings : row.remoteFindings
        func severity(_ kind: FindingKind, _ fallback: Severity) -> Severity {
          sideFindings.first { $0.kind == kind && $0.category == category && $0.device == device }?.severity ?? fallback
        }
        let markSeverity: Severity? =
          missing ? severity(.pluralGap, .error) : extra ? severity(.pluralExtra, .warning) : nil
        let mark = markSeverity.map { Span("\($0.glyph) ", Style($0.role, bold: $0 == .error)) } ?? Span("  ")
        let name = category.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
        let sample = DisplayWidth.padded(samples[category] ?? (extra ? "not used" : ""), toColumns: sampleWidth)
        let head = [
          mark, Span(name, isSelected ? Style(.accent, bold: true, reverse: true) : .heading),
          Span(sample, .faint), Span(" │ ", .faint),
        ]
        if let session = editing, session.side == side, session.address.plural == category,
          session.address.device == device
        {
          var editorContent = DetailContent()
          editorContent.addEditor("", session.editor, width: valueWidth)
          for (offset, line) in editorContent.lines.enumerated() {
            let prefix = offset == 0 ? head : [Span(String(repeating: " ", count: 8 + sampleWidth + 3))]
            lines.append(prefix + line.dropFirst())
          }
          if let cursor = editorContent.cursorLine {
            cursorLine = lines.count - editorContent.lines.count + cursor
            cursorColumn = 8 + sampleWidth + 3 + editorContent.cursorColumn - DetailContent.labelWidth - 2
            focusLine = cursorLine
          }
        } else if let value = forms[category] {
          let wrapped = TextWrap.lines(VisibleWhitespace.edges(value), columns: valueWidth)
          for (offset, line) in wrapped.enumerated() {
            let prefix = offset == 0 ? head : [Span(String(repeating: " ", count: 8 + sampleWidth + 3))]
            lines.append(prefix + [Span(line)])
          }
        } else {
          lines.append(head + [Span(missing ? "(missing)" : "—", Style(missing ? .error : .muted))])
        }
      }
    }
  }
}
