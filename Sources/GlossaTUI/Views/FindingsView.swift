import GlossaCore

/// The findings view: every finding of the review in one list, with the selected one in full.
enum FindingsView {
  static func draw(_ state: AppState, _ browser: FindingsBrowser, into screen: inout Screen) {
    let x = 0
    let y = 1
    let width = screen.width
    let height = screen.height - 2
    screen.fill(x: x, y: y, width: width, height: height)
    let position = browser.items.isEmpty ? "0" : "\(browser.selection + 1)/\(browser.items.count)"
    Box.draw(
      x: x, y: y, width: width, height: height, title: "Findings \(position) · \(browser.filterLabel)", into: &screen)
    let inner = width - 4
    let rows = state.findingsListHeight
    if browser.items.isEmpty {
      screen.putClipped("No findings pass these filters", x: x + 2, y: y + 1, width: inner, style: .faint)
    }
    let languageWidth = min(8, max(4, browser.languageWidth))
    let locationWidth = min(max(12, inner * 3 / 10), max(12, browser.locationWidth))
    // The longest kind present and a space, so a kind name never runs into the key.
    let kindWidth = min(26, max(12, browser.kindWidth + 1))
    for (offset, item) in browser.items.dropFirst(browser.scroll).prefix(rows).enumerated() {
      let rowY = y + 1 + offset
      let finding = item.finding
      var spans = [
        Span("\(finding.severity.glyph) ", Style(finding.severity.role, bold: true)),
        Span(state.remote == nil ? "" : (item.side == .remote ? "R " : "  "), Style(.accent)),
        Span(DisplayWidth.padded(finding.language ?? "—", toColumns: languageWidth) + " ", .heading),
        Span(
          DisplayWidth.padded(FooterView.fitted(item.shortLocation, locationWidth), toColumns: locationWidth) + " ",
          .faint),
        Span(DisplayWidth.padded(finding.kind.rawValue, toColumns: kindWidth), Style(finding.severity.role)),
      ]
      if let key = finding.key { spans.append(Span("“\(key)” ", .plain)) }
      // Which form of a plural family, as lint prints it: two forms' findings read apart.
      if let category = finding.category { spans.append(Span("[\(category.rawValue)] ", .plain)) }
      spans.append(Span(finding.message, Style(.muted)))
      screen.put(spans, x: x + 2, y: rowY, limit: inner)
      if browser.scroll + offset == browser.selection {
        screen.restyle(y: rowY, x: x + 1, width: width - 2) { $0.reverse = true }
      }
    }
    // The selected finding in full under the list.
    let detailTop = y + 1 + rows
    screen.put(String(repeating: "─", count: width - 2), x: x + 1, y: detailTop, style: Style(.accent))
    guard let selected = browser.selected else { return }
    var text = "\(selected.location)"
    if state.remote != nil { text += " (\(selected.side.rawValue))" }
    if let key = selected.finding.key { text += " “\(key)”" }
    if let category = selected.finding.category { text += " [\(category.rawValue)]" }
    text += ": " + selected.finding.message
    for (offset, line) in TextWrap.lines(text, columns: inner).prefix(height - rows - 3).enumerated() {
      screen.put(line, x: x + 2, y: detailTop + 1 + offset, limit: inner)
    }
  }
}
