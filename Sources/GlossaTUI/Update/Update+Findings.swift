import GlossaCore

/// The findings view and `]`/`[`: every finding of the review, in one order, reachable.
extension AppState {
  /// Every finding of both sides in list order with its lookup arrays (built again after the
  /// findings change).
  mutating func findingCatalog() -> FindingCatalog {
    if let catalog = results.mergedCatalog() { return catalog }
    let catalog = FindingCatalog(
      local: results.findings.all, remote: results.remoteFindings.all, order: findingOrder, basis: findingBasis)
    results.sortedFindingItems = catalog
    return catalog
  }

  /// Every finding of both sides in list order.
  mutating func sortedFindings() -> [FindingItem] { Array(findingCatalog().items) }

  /// The languages and tables the finding order is made for.
  var findingBasis: FindingCatalog.Basis { FindingCatalog.Basis(languages: languages, tables: tables) }

  /// After a per-key re-check: the catalog keeps the change, to merge it in when next read, while
  /// its order holds (a translation's key, same languages and tables); else it is dropped, to be
  /// sorted again when next asked for. Sorting every finding again took about 300 ms on a review
  /// of 100,000 findings; merging one key's findings reads that key's run of items. While a
  /// background sort is in flight, a translation's change waits to be merged into what it brings.
  mutating func updateFindingCatalog(side: Side, _ address: ValueAddress, with found: [Finding]) {
    if let catalog = results.sortedFindingItems {
      guard catalog.basis == findingBasis,
        address.language != local.developmentLanguage || keepsKeyOrder(catalog, address)
      else {
        dropFindingCatalog()
        return
      }
    } else if results.catalogSortInFlight != nil && results.catalogSortInFlight == results.catalogGeneration {
      // The sort read the findings before this change; a source key added or removed changes
      // the order it sorts by.
      guard address.language != local.developmentLanguage else {
        dropFindingCatalog()
        return
      }
    } else {
      return
    }
    // Merged when the catalog is next read (the findings view, `]`), not on the edit's key. A
    // later re-check of the same key replaces all of its findings, so it supersedes an earlier
    // one: the list holds one change per edited key, however long the session.
    results.pendingCatalogChanges.removeAll {
      $0.side == side && $0.address.language == address.language && $0.address.table == address.table
        && $0.address.key == address.key
    }
    results.pendingCatalogChanges.append(CatalogChange(side: side, address: address, found: found))
  }

  /// True when an edit of the development language left the catalog's key order as a fresh
  /// sort would make it: the key is in the source table exactly when the order has it (a value
  /// changed; no key was added or removed). Until the full run it starts comes back, `]` and `F`
  /// then merge the key's findings instead of sorting every finding on the loop's thread.
  func keepsKeyOrder(_ catalog: FindingCatalog, _ address: ValueAddress) -> Bool {
    let ordered = catalog.order.keys[address.table]?[address.key] != nil
    let present =
      local.table(language: address.language, name: address.table)?.entries.contains { $0.hasKey(address.key) }
      ?? false
    return ordered && present
  }

  /// Forgets the sorted findings: they are sorted again when next asked for (in the background
  /// on a large review, see `CheckResults.catalogSortEffect`).
  mutating func dropFindingCatalog() {
    if let catalog = results.dropCatalog() { retired.append(catalog) }
  }

  /// True when the sorted findings are there or quick to make now; else the sort is asked for
  /// in the background, `action` waits for it, and the status line says so.
  mutating func catalogReady(for action: Action) -> Bool {
    guard results.sortedFindingItems == nil else { return true }
    let count = results.findings.count + results.remoteFindings.count
    guard count > results.foregroundSortLimit else { return true }
    results.awaitingCatalog = action
    message = StatusMessage(
      "Putting \(count.formatted()) findings in order… "
        + (action == .showFindings ? "the findings view opens" : "the next finding follows") + " in a moment")
    return false
  }

  /// A background sort came back: kept when nothing dropped the catalog since it was asked for
  /// (changes of translations meanwhile are merged in when it is next read), and what waited
  /// for it is done.
  mutating func finishSort(_ sorted: SortedFindings, generation: Int) -> [Effect] {
    if results.catalogSortInFlight == generation { results.catalogSortInFlight = nil }
    guard generation == results.catalogGeneration, results.sortedFindingItems == nil,
      sorted.catalog.basis == findingBasis
    else {
      retired.append(sorted)
      if generation == results.catalogGeneration { dropFindingCatalog() }
      return []
    }
    results.sortedFindingItems = sorted.catalog
    return resumeAwaitingCatalog()
  }

  /// Does what waited for the sorted findings (`F`, `]`, `[`) once they are there, when the
  /// key list is still what the screen shows.
  mutating func resumeAwaitingCatalog() -> [Effect] {
    guard results.sortedFindingItems != nil, let action = results.awaitingCatalog else { return [] }
    results.awaitingCatalog = nil
    guard case .browse = mode else { return [] }
    message = nil
    return perform(action)
  }

  /// The order of findings, with each table's keys in the key list's order.
  var findingOrder: FindingOrder {
    var keys: [String: [String: Int]] = [:]
    for name in tables {
      let cached = snapshots.sourceCache.flatMap { $0.table == name ? $0.values.order : nil }
      let order = cached ?? TableSnapshot(local, language: local.developmentLanguage, table: name).order
      keys[name] = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }
    return FindingOrder(languages: languages, tables: tables, keys: keys)
  }

  /// Opens the findings view on the finding nearest the selected key.
  mutating func openFindings() {
    guard results.hasAllFindings else {
      message = StatusMessage("The checks have not finished yet: the findings view opens when they do")
      return
    }
    guard catalogReady(for: .showFindings) else { return }
    var browser = FindingsBrowser(
      severity: browse.findingsFilters.severity, kind: browse.findingsFilters.kind,
      language: browse.findingsFilters.language,
      side: remote == nil ? nil : browse.findingsFilters.side)
    refilter(&browser)
    let catalog = findingCatalog()
    if let here = position(in: catalog, after: false) {
      browser.selection = min(browser.items.firstIndex(atOrAfterPosition: here), max(0, browser.items.count - 1))
    }
    clampFindingsScroll(&browser)
    mode = .findings(browser)
  }

  mutating func performFindings(_ action: Action) -> [Effect] {
    guard case .findings(var browser) = mode else { return [] }
    let page = max(1, findingsListHeight)
    switch action {
    case .moveDown, .nextFinding: browser.choose(browser.selection + 1)
    case .moveUp, .previousFinding: browser.choose(browser.selection - 1)
    case .pageDown, .toggleMark: browser.choose(browser.selection + page)
    case .pageUp: browser.choose(browser.selection - page)
    case .top: browser.choose(0)
    case .bottom: browser.choose(browser.items.count - 1)
    case .findingsSeverity:
      let cycle: [Severity?] = [nil, .error, .warning, .info]
      browser.severity = cycle[((cycle.firstIndex(of: browser.severity) ?? 0) + 1) % cycle.count]
      refilter(&browser)
    case .findingsKind, .findingsKindBack:
      let kinds: [FindingKind?] = [nil] + findingCatalog().kinds
      let step = action == .findingsKind ? 1 : kinds.count - 1
      browser.kind = kinds[((kinds.firstIndex(of: browser.kind) ?? 0) + step) % kinds.count]
      refilter(&browser)
    case .findingsLanguage, .findingsLanguageBack:
      let present = findingCatalog().languages
      let cycle: [String?] = [nil] + languages.filter { present.contains($0) }
      let step = action == .findingsLanguage ? 1 : cycle.count - 1
      browser.language = cycle[((cycle.firstIndex(of: browser.language) ?? 0) + step) % cycle.count]
      refilter(&browser)
    case .findingsSide:
      let cycle: [Side?] = remote == nil ? [nil] : [nil, .local, .remote]
      browser.side = cycle[((cycle.firstIndex(of: browser.side) ?? 0) + 1) % cycle.count]
      refilter(&browser)
    case .findingsJump:
      mode = .browse
      browse.findingsFilters = browser.remembered
      guard let item = browser.selected else { return [] }
      let position = browser.items.position(at: browser.selection)
      return go(to: item, at: position, position: (browser.selection, browser.items.count))
    case .findingsClose:
      mode = .browse
      browse.findingsFilters = browser.remembered
      return []
    case .findingsFilter:
      let text = FindingsQuery.text(of: browser)
      browser.filterLine = FindingsFilterLine(editor: LineEditor(text), before: browser.filters)
      mode = .findings(browser)
      return []
    case .export:
      browse.findingsFilters = browser.remembered
      beginExport(.findings(browser))
      return []
    default: break
    }
    browser.selection = max(0, min(browser.items.count - 1, browser.selection))
    clampFindingsScroll(&browser)
    mode = .findings(browser)
    return []
  }

  /// The typed filter: Enter keeps what it shows, Escape goes back to the filters before it,
  /// other keys edit the line and the list follows every change.
  mutating func performFindingsFilter(_ action: Action) {
    guard case .findings(var browser) = mode, var line = browser.filterLine else { return }
    switch action {
    case .promptAccept:
      browser.filterLine = nil
      if !line.unresolved.isEmpty { message = StatusMessage(line.unresolved.joined(separator: "; ")) }
    case .promptCancel:
      browser.filterLine = nil
      browser.filters = line.before
      refilter(&browser)
    default:
      line.editor.apply(action)
      browser.filterLine = line
      applyFilterLine(&browser)
    }
    clampFindingsScroll(&browser)
    mode = .findings(browser)
  }

  /// Sets the browser's filters from its typed line and filters the list again.
  mutating func applyFilterLine(_ browser: inout FindingsBrowser) {
    guard var line = browser.filterLine else { return }
    let catalog = findingCatalog()
    let query = FindingsQuery(
      line.editor.text, languages: languages.filter { catalog.languages.contains($0) }, kinds: catalog.kinds,
      hasRemote: remote != nil)
    line.unresolved = query.unresolved
    browser.filterLine = line
    let filters = FindingsBrowser.Filters(
      severity: query.severity, kind: query.kind, language: query.language, side: query.side)
    guard filters != browser.filters else { return }
    browser.filters = filters
    refilter(&browser)
    clampFindingsScroll(&browser)
  }

  /// Applies the browser's filters to every finding, keeping the selected one when it passes.
  mutating func refilter(_ browser: inout FindingsBrowser) {
    let catalog = findingCatalog()
    let kept =
      browser.anchor
      ?? (browser.items.indices.contains(browser.selection)
        ? catalog.items.rank(at: browser.items.position(at: browser.selection)) : nil)
    if browser.filters == FindingsBrowser.Filters(severity: nil, kind: nil, language: nil, side: nil) {
      // Every finding: no list of positions made.
      browser.items = FindingList(all: catalog.items)
    } else if let filter = catalog.facetFilter(
      severity: browser.severity, kind: browser.kind, language: browser.language, side: browser.side)
    {
      browser.items = FindingList(all: catalog.items, positions: catalog.positions(matching: filter))
    } else {
      browser.items = FindingList(all: catalog.items, positions: [])
    }
    if let kept {
      let position = catalog.position(atOrAfter: kept)
      browser.selection = min(browser.items.firstIndex(atOrAfterPosition: position), max(0, browser.items.count - 1))
    } else {
      browser.selection = 0
    }
    browser.anchor = kept
    browser.languageWidth = catalog.languageWidth
    browser.locationWidth = catalog.locationWidth
    browser.kindWidth = catalog.kindWidth
  }

  /// Rows of the findings view's list.
  var findingsListHeight: Int { max(1, height - 2 - 2 - 4) }

  func clampFindingsScroll(_ browser: inout FindingsBrowser) {
    let rows = findingsListHeight
    if browser.selection < browser.scroll { browser.scroll = browser.selection }
    if browser.selection >= browser.scroll + rows { browser.scroll = browser.selection - rows + 1 }
    browser.scroll = max(0, min(browser.scroll, max(0, browser.items.count - rows)))
  }

  /// Walks to the next (or previous) finding of the whole review after the selected key, on to
  /// the next table and language, wrapping round; the key list's filter narrows it to its kinds.
  mutating func walkFindings(forward: Bool) -> [Effect] {
    guard results.hasAllFindings else {
      message = StatusMessage("The checks have not finished yet: findings appear when they do")
      return []
    }
    guard catalogReady(for: forward ? .nextFinding : .previousFinding) else { return [] }
    let catalog = findingCatalog()
    let kinds = browse.filter.findingKinds
    let mask = kinds.map(FindingCatalog.mask(of:))
    func passes(_ index: Int) -> Bool { mask?[Int(catalog.kindCodes[index])] ?? true }
    let total = mask.map { catalog.count(admittedBy: $0, before: catalog.count) } ?? catalog.count
    guard total > 0 else {
      message = StatusMessage(
        kinds == nil ? "No findings in this review" : "No \(browse.filter.label) findings in this review")
      return []
    }
    // Where to start: just past the finding `]` last landed on while its key is still shown,
    // else just past (or before) the selected key.
    var start: Int
    let landed = browse.landedKey != nil && browse.landedKey == selectedRow?.key
    browse.landedKey = nil
    if forward, landed, let at = position(in: catalog, after: false) {
      // The row the selection moved on to after a fix: its own findings come first.
      start = at
    } else if let cursor = browse.findingCursor, cursor.language == language, cursor.table == table,
      cursor.key == selectedRow?.key, catalog.items.indices.contains(cursor.position),
      catalog.items[cursor.position] == cursor.item
    {
      start = cursor.position + (forward ? 1 : -1)
    } else if let at = position(in: catalog, after: forward) {
      start = forward ? at : at - 1
    } else {
      start = forward ? catalog.count : -1
    }
    var wrapped = false
    var index = start
    for _ in 0...catalog.count {
      if index >= catalog.count {
        index = 0
        wrapped = true
      } else if index < 0 {
        index = catalog.count - 1
        wrapped = true
      }
      if passes(index) { break }
      index += forward ? 1 : -1
    }
    let ordinal = mask.map { catalog.count(admittedBy: $0, before: index) } ?? index
    let effects = go(to: catalog.items[index], at: index, position: (ordinal, total))
    if wrapped, let text = message?.text {
      message = StatusMessage("Wrapped round to the \(forward ? "first" : "last") finding · " + text)
    }
    return effects
  }

  /// The catalog index of the first finding after the selected key (or at it, when `after` is
  /// false) in list order; nil when every finding comes before it.
  func position(in catalog: FindingCatalog, after: Bool) -> Int? {
    let order = catalog.order
    let row = selectedRow
    var here = order.rank(
      language: language, table: table, key: row?.key, line: row?.line, side: after ? 2 : -1, kind: nil)
    if row != nil, let position = order.keys[table]?[row?.key ?? ""] {
      // Past (or at) every finding of the selected key, whatever their lines.
      here.position = position
      here.line = after ? Int32.max : Int32.min
    }
    let index = catalog.firstIndex(above: here)
    return index < catalog.count ? index : nil
  }

  /// Shows a finding: its language and table, its key selected (or the row nearest its line for a
  /// problem of the whole file), and the finding in the status line.
  mutating func go(to item: FindingItem, at catalogIndex: Int, position: (index: Int, count: Int)) -> [Effect] {
    let finding = item.finding
    let shown = (browse.languageIndex, browse.tableIndex)
    if let language = finding.language, let index = languages.firstIndex(of: language) { browse.languageIndex = index }
    if let table = finding.table, let index = tables.firstIndex(of: table) { browse.tableIndex = index }
    browse.detailFocused = false
    browse.detailField = 0
    // The rows are current for the language and table shown (edits rebuild them): a finding in
    // the same table only moves the selection, which keeps `]` within a frame's time.
    if shown != (browse.languageIndex, browse.tableIndex) || browse.rows.count == 0 { rebuildRows() }
    if let key = finding.key {
      select(key: key)
    } else if let line = finding.line {
      select(nearLine: line)
    }
    browse.findingCursor = FindingCursor(
      item: item, position: catalogIndex, language: language, table: table, key: selectedRow?.key)
    let side = remote == nil ? "" : " (\(item.side.rawValue))"
    message = StatusMessage(
      "\(position.index + 1)/\(position.count) \(finding.kind.rawValue)\(side) · \(item.location): \(finding.message)",
      isError: finding.severity == .error)
    return showingLanguage()
  }

  /// Selects the row of `key`, showing every row when the filter hides it.
  mutating func select(key: String) {
    guard let row = browse.rows.index(of: key) else { return }
    if visiblePosition(of: row) == nil {
      browse.filter = .all
      applyFilter(keeping: key)
    }
    if let position = visiblePosition(of: row) { select(position) }
  }

  /// Selects the row whose entry starts at `line` or nearest before it.
  mutating func select(nearLine line: Int) {
    let best = browse.rows.indices.filter { (browse.rows.line(at: $0) ?? .max) <= line }.max {
      browse.rows.line(at: $0) ?? 0 < browse.rows.line(at: $1) ?? 0
    }
    if let best { select(key: browse.rows.keys[best]) }
  }
}

/// Where the last `]`/`[` landed, so the next one goes on from that finding.
struct FindingCursor: Sendable, Hashable {
  var item: FindingItem
  /// The item's index in the finding catalog it was found in.
  var position: Int
  var language: String
  var table: String
  var key: String?
}
