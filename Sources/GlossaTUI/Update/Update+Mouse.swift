/// The mouse: a press selects the row or finding under it and focuses the pane it is in; the
/// wheel moves the selection of the list under it, three rows a step.
extension AppState {
  /// Rows the wheel moves per step.
  static let wheelStep = 3

  mutating func handle(_ mouse: MouseEvent) -> [Effect] {
    switch mode {
    case .browse: browse(mouse)
    case .findings(var browser):
      findings(mouse, &browser)
      mode = .findings(browser)
    case .help:
      guard mouse.kind != .press else { return [] }
      performHelp(mouse.kind == .wheelDown ? .helpDown : .helpUp)
    case .picker(var picker):
      switch mouse.kind {
      case .wheelUp: picker.selection = max(0, picker.selection - 1)
      case .wheelDown: picker.selection = min(picker.items.count - 1, picker.selection + 1)
      case .press: return []
      }
      mode = .picker(picker)
    default:
      // Prompts, the editor and the search keep the keyboard's focus.
      return []
    }
    return []
  }

  private mutating func browse(_ mouse: MouseEvent) {
    message = nil
    let layout = self.layout
    let inList = mouse.y >= layout.listTop && mouse.y < layout.listTop + layout.listHeight
    let inDetail = mouse.y > layout.detailTop && mouse.y < layout.footerRow
    switch mouse.kind {
    case .press where inList:
      browse.detailFocused = false
      let index = browse.scroll + mouse.y - layout.listTop
      guard browse.visible.indices.contains(index) else { return }
      select(index)
    case .press where inDetail:
      guard selectedRow != nil else { return }
      // The line pressed, in the pane's content as drawn now.
      let shown = DetailContent.lines(for: self, width: width - 2)
      let height = layout.detailHeight - 1
      let start = max(0, min((shown.focusLine ?? 0) - height / 2, shown.lines.count - height))
      let line = start + mouse.y - layout.detailTop - 1
      browse.detailFocused = true
      // The field whose value starts on that line or above it, nearest first.
      var best: (field: Int, line: Int)?
      for field in detailFields.indices {
        var probe = self
        probe.browse.detailField = field
        guard let at = DetailContent.lines(for: probe, width: width - 2).focusLine, at <= line else { continue }
        if best.map({ at > $0.line }) ?? true { best = (field, at) }
      }
      if let best { browse.detailField = best.field }
    case .wheelUp, .wheelDown:
      let step = mouse.kind == .wheelDown ? Self.wheelStep : -Self.wheelStep
      if inDetail && browse.detailFocused {
        let count = detailFields.count
        guard count > 0 else { return }
        browse.detailField = max(0, min(count - 1, browse.detailField + (step > 0 ? 1 : -1)))
      } else {
        select(browse.selection + step)
      }
    default: break
    }
  }

  private mutating func findings(_ mouse: MouseEvent, _ browser: inout FindingsBrowser) {
    guard browser.filterLine == nil else { return }
    message = nil
    switch mouse.kind {
    case .press:
      // The list starts under the box's top line (row 1).
      let index = browser.scroll + mouse.y - 2
      guard mouse.y >= 2, mouse.y < 2 + findingsListHeight, browser.items.indices.contains(index) else { return }
      browser.choose(index)
    case .wheelUp: browser.choose(max(0, browser.selection - Self.wheelStep))
    case .wheelDown: browser.choose(max(0, min(browser.items.count - 1, browser.selection + Self.wheelStep)))
    }
    clampFindingsScroll(&browser)
  }
}
