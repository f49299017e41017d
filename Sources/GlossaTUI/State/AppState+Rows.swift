import GlossaCore

extension AppState {
  /// Rebuilds the rows of the current language and table, keeping the selected key if it stays.
  mutating func rebuildRows() {
    let keep = selectedRow?.key
    guard !pendingLanguages.contains(language) else {
      rows = []
      searchIndex = nil
      applyFilter(keeping: keep)
      return
    }
    let source = sourceSnapshot()
    let localValues =
      language == local.developmentLanguage ? source.values : TableSnapshot(local, language: language, table: table)
    let remoteValues = remote.map { TableSnapshot($0, language: language, table: table) }
    var order = source.values.order
    var seen = source.keys
    for key in localValues.order + (remoteValues?.order ?? []) where !seen.contains(key) {
      seen.insert(key)
      order.append(key)
    }
    let localFindings = findings.findings(language: language, table: table)
    let remoteFound = remoteFindings.findings(language: language, table: table)
    let edited = Set(
      editedAddresses.lazy.filter { [language, table] in
        $0.address.language == language && $0.address.table == table
      }.map(\.address.key))
    let chain = remote.map { effectiveChain(remote: $0) } ?? []
    rows = order.map { key in
      let pluralVariable = source.values.plural[key] ?? localValues.plural[key] ?? remoteValues?.plural[key]
      let local = localValues.values[key]
      let remote = remoteValues?.values[key]
      var row = KeyRow(
        key: key, variable: pluralVariable ?? nil, isPlural: pluralVariable != nil,
        source: source.values.values[key], local: local, remote: remote,
        comment: source.values.comments[key] ?? localValues.comments[key],
        findings: localFindings[key] ?? [], remoteFindings: remoteFound[key] ?? [],
        isEdited: edited.contains(key))
      row.line = localValues.lines[key] ?? remoteValues?.lines[key]
      if remoteValues != nil {
        if let link = chain.first(where: { $0.values.values[key] != nil }) {
          row.effective = link.values.values[key]
          row.effectiveFrom = link.label
        } else {
          row.effective = key
          row.effectiveFrom = "the key itself"
        }
        row.isChanged = local != nil && remote != nil && local != remote
      }
      return row
    }
    searchIndex = nil
    applyFilter(keeping: keep)
  }

  /// The development language's snapshot of the table shown, kept while its files' revisions
  /// stay the same: switching language rebuilds only the translation's side.
  mutating func sourceSnapshot() -> SourceSnapshot {
    let development = local.developmentLanguage
    let revisions = local.tables.filter { $0.language == development && $0.name == table }.map(\.revision)
    if let cached = sourceCache, cached.table == table, cached.revisions == revisions { return cached }
    let values = TableSnapshot(local, language: development, table: table)
    let built = SourceSnapshot(table: table, revisions: revisions, values: values, keys: Set(values.order))
    sourceCache = built
    return built
  }

  /// Puts the current findings into the rows (after a full run) without building them again.
  mutating func refreshRowFindings() {
    let keep = selectedRow?.key
    let localFindings = findings.findings(language: language, table: table)
    let remoteFound = remoteFindings.findings(language: language, table: table)
    for index in rows.indices {
      rows[index].findings = localFindings[rows[index].key] ?? []
      rows[index].remoteFindings = remoteFound[rows[index].key] ?? []
    }
    applyFilter(keeping: keep)
  }

  /// True when the row at `index` (into `rows`) contains `needle` (see `SearchText.needle`).
  mutating func rowMatches(_ index: Int, _ needle: [UInt8]) -> Bool {
    searchText().row(index, contains: needle)
  }

  /// The position in `visible` of the first visible row containing `needle`, from position
  /// `start` onwards, wrapping round.
  mutating func firstVisibleMatch(_ needle: [UInt8], from start: Int) -> Int? {
    guard visible.indices.contains(start) else { return nil }
    let text = searchText()
    let startRow = visible[start]
    for range in [startRow..<rows.count, 0..<startRow] {
      var lower = range.lowerBound
      while lower < range.upperBound, let row = text.firstRow(containing: needle, in: lower..<range.upperBound) {
        if let position = visiblePosition(of: row) { return position }
        lower = row + 1
      }
    }
    return nil
  }

  /// The position of row `row` in `visible` (which is ascending), if it passes the filter.
  func visiblePosition(of row: Int) -> Int? {
    var low = 0
    var high = visible.count
    while low < high {
      let middle = (low + high) / 2
      if visible[middle] < row { low = middle + 1 } else { high = middle }
    }
    return low < visible.count && visible[low] == row ? low : nil
  }

  /// The search text of the current rows, built when first needed.
  mutating func searchText() -> SearchText {
    if let searchIndex { return searchIndex }
    let built = SearchText(rows)
    searchIndex = built
    return built
  }

  /// The tables an app consults for the current language and table, in order (remote first),
  /// as the core's `Resolver` orders them; each with the label the detail pane shows.
  func effectiveChain(remote: LocalizationBundle) -> [(label: String, values: TableSnapshot)] {
    let resolver = Resolver(
      sources: [ResolutionSource(label: "remote", bundle: remote), ResolutionSource(label: "local", bundle: local)],
      preferredLanguages: LanguageTag(language).map { [$0] } ?? [], table: table)
    // A key no table has makes the resolver list every step it would try.
    let probe = resolver.resolve("\u{0}glossa-probe")
    return probe.steps.filter { $0.outcome != .noTable }.map { step in
      let bundle = step.source == "remote" ? remote : local
      return ("\(step.source) · \(step.language)", TableSnapshot(bundle, language: step.language, table: table))
    }
  }

  /// Recomputes the visible rows for the filter, keeping `key` selected when it passes.
  mutating func applyFilter(keeping key: String?) {
    visible = rows.indices.filter { passes(rows[$0]) }
    if let key, let index = visible.firstIndex(where: { rows[$0].key == key }) {
      selection = index
    } else {
      selection = min(selection, max(0, visible.count - 1))
    }
    clampScroll()
  }

  /// Keeps the selection inside the list's visible window.
  mutating func clampScroll() {
    let height = max(1, layout.listHeight)
    if selection < scroll { scroll = selection }
    if selection >= scroll + height { scroll = selection - height + 1 }
    scroll = max(0, min(scroll, max(0, visible.count - height)))
  }

  /// The layout for the current size.
  public var layout: Layout {
    Layout(
      width: width, height: height, hasRemote: remote != nil,
      showsSourceLanguage: language == local.developmentLanguage)
  }
}

extension AppState {
  /// Shows `language` and `table` when the bundles have them.
  ///
  /// - Returns: a sentence naming what does not exist, or nil when both were found.
  @discardableResult
  public mutating func focus(language: String?, table: String?) -> String? {
    var problems: [String] = []
    if let language {
      if let index = languages.firstIndex(of: language) {
        languageIndex = index
      } else {
        problems.append("no language \(language) (languages: \(languages.joined(separator: ", ")))")
      }
    }
    if let table {
      if let index = tables.firstIndex(of: table) {
        tableIndex = index
      } else {
        problems.append("no table \(table) (tables: \(tables.joined(separator: ", ")))")
      }
    }
    rebuildRows()
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}

/// The source table's snapshot with the revisions it was built from.
struct SourceSnapshot: Sendable {
  var table: String
  var revisions: [Revision]
  var values: TableSnapshot
  var keys: Set<String>
}
