import GlossaCore

extension AppState {
  /// Rebuilds the rows of the current language and table, keeping the selected key if it stays.
  ///
  /// Only the snapshots of the tables shown are read here; rows are made when drawn (`RowList`).
  mutating func rebuildRows() {
    let keep = selectedRow?.key
    guard !loading.pendingLanguages.contains(language) else {
      browse.rows = RowList()
      snapshots.remoteSource = nil
      search.searchIndex = nil
      applyFilter(keeping: keep)
      return
    }
    // Let go of the rows' snapshots before asking for new ones: after an edit, the kept
    // snapshots are then updated in place rather than copied.
    let previous = browse.rows.keyList
    browse.rows = RowList()
    let source = sourceSnapshot().values
    let localValues = language == local.developmentLanguage ? source : snapshot(.local, language: language)
    // The remote's development language first: the remote's translation shares its keys.
    snapshots.remoteSource = remote.map { snapshot(.remote, language: $0.developmentLanguage) }
    let remoteValues = remote == nil ? nil : snapshot(.remote, language: language)
    let edited = Set(
      editedAddresses.lazy.filter { [language, table] in
        $0.address.language == language && $0.address.table == table
      }.map(\.address.key))
    // The snapshots just made, for the resolution chain (the development language's local table
    // is the source; one entry when it is the language shown).
    var known = [ChainStep("local", local.developmentLanguage): source]
    known[ChainStep("local", language)] = localValues
    if let remoteValues { known[ChainStep("remote", language)] = remoteValues }
    let chain = remote.map { effectiveChain(remote: $0, known: known) } ?? []
    browse.rows = RowList(
      source: source, local: localValues, remote: remoteValues, chain: chain,
      localFindings: results.findings.findings(language: language, table: table),
      remoteFindings: results.remoteFindings.findings(language: language, table: table), edited: edited,
      reusing: previous)
    browse.rows.takeKindMasks(of: previous, place: shownPlace, versions: findingVersions)
    search.searchIndex = nil
    applyFilter(keeping: keep)
  }

  /// The development language's snapshot of the table shown, kept while its files' revisions
  /// stay the same: switching language rebuilds only the translation's side.
  mutating func sourceSnapshot() -> SourceSnapshot {
    let development = local.developmentLanguage
    let files = local.tables.filter { $0.language == development && $0.name == table }
    let revisions = files.map(\.revision)
    if let cached = snapshots.sourceCache, cached.table == table, cached.revisions == revisions { return cached }
    // After an edit only the edited key's slot is read again (when nothing else changed).
    var values = TableSnapshot(nil, language: "", table: "")
    if var stale = snapshots.sourceCache?.values, snapshots.sourceCache?.table == table {
      snapshots.sourceCache = nil
      if stale.update(with: files) { values = stale }
    }
    if values.sources.isEmpty { values = TableSnapshot(local, language: development, table: table) }
    let built = SourceSnapshot(table: table, revisions: revisions, values: values)
    snapshots.sourceCache = built
    return built
  }

  /// The snapshot of one side's table shown in `language`, from the few kept while their files'
  /// revisions stay the same (switching back to a language reads nothing again).
  mutating func snapshot(_ side: Side, language: String) -> TableSnapshot {
    let bundle = self.bundle(side)
    let key = SnapshotKey(side: side, language: language, table: table)
    let files = bundle.tables.filter { $0.language == language && $0.name == table }
    let revisions = files.map(\.revision)
    var built: TableSnapshot?
    let sharing = sharing(side, language: language)
    if let index = snapshots.snapshotCache.firstIndex(where: { $0.key == key }) {
      var cached = snapshots.snapshotCache.remove(at: index)
      if cached.revisions == revisions {
        snapshots.snapshotCache.append(cached)
        return cached.values
      }
      // After an edit only the edited key's slot is read again (when nothing else changed).
      if cached.values.update(with: files, source: sharing.basis) { built = cached.values }
    }
    let snapshot =
      built
      ?? TableSnapshot(
        bundle, language: language, table: table, sharingKeysOf: sharing.keys, extrasAgainst: sharing.basis)
    snapshots.snapshotCache.append(CachedSnapshot(key: key, revisions: revisions, values: snapshot))
    if snapshots.snapshotCache.count > Self.snapshotsKept { snapshots.snapshotCache.removeFirst() }
    return snapshot
  }

  /// What a snapshot of `side`'s table shown in `language` shares its keys with and finds its
  /// extras against: the local source's snapshot. On the remote side, the development
  /// language is read against the local source without sharing its keys, so that the remote's
  /// translations can share the keys of the remote's development language (the remote's keys,
  /// which may not be the local ones at all).
  func sharing(_ side: Side, language: String) -> (keys: TableSnapshot?, basis: TableSnapshot?) {
    let source = snapshots.sourceCache.flatMap { $0.table == table ? $0.values : nil }
    guard side == .remote, let remote else { return (source, source) }
    if language == remote.developmentLanguage { return (nil, source) }
    // The remote source of an earlier version of its files shares keys as well as the current
    // one: its keys are only found in it, never taken as this table's.
    guard let keys = snapshots.remoteSource, !keys.isEmpty, keys.sources.first?.name == table else {
      return (source, source)
    }
    return (keys, source)
  }

  /// Translation snapshots kept for switching back and for the neighbouring languages read
  /// ahead (each about 100 bytes a key).
  static let snapshotsKept = 11

  /// The snapshots `l` and `h` would read next: each side's table in the languages before and
  /// after the one shown, not kept yet (or kept for older files).
  func neighbourSnapshotsToRead() -> [SnapshotKey] {
    guard languages.count > 1, !isLoading else { return [] }
    let neighbours = [browse.languageIndex + 1, browse.languageIndex - 1 + languages.count].map {
      languages[$0 % languages.count]
    }
    var keys: [SnapshotKey] = []
    for language in Set(neighbours)
    where language != local.developmentLanguage && !loading.pendingLanguages.contains(language) {
      for side in remote == nil ? [Side.local] : [.local, .remote] {
        let key = SnapshotKey(side: side, language: language, table: table)
        let revisions = bundle(side).tables.filter { $0.language == language && $0.name == table }.map(\.revision)
        if !snapshots.snapshotCache.contains(where: { $0.key == key && $0.revisions == revisions }) { keys.append(key) }
      }
    }
    return keys
  }

  /// Reads the snapshots of `keys` (off the loop's thread: the state is a copy).
  public func readSnapshots(_ keys: [SnapshotKey]) -> ReadAhead {
    ReadAhead(
      snapshots: keys.map { key in
        let bundle = self.bundle(key.side)
        let revisions = bundle.tables.filter { $0.language == key.language && $0.name == key.table }.map(\.revision)
        let sharing = key.table == table ? sharing(key.side, language: key.language) : (keys: nil, basis: nil)
        return CachedSnapshot(
          key: key, revisions: revisions,
          values: TableSnapshot(
            bundle, language: key.language, table: key.table, sharingKeysOf: sharing.keys,
            extrasAgainst: sharing.basis))
      })
  }

  /// Keeps snapshots read ahead whose files are still as they were read.
  mutating func keep(_ readAhead: ReadAhead) {
    for snapshot in readAhead.snapshots {
      let revisions = bundle(snapshot.key.side).tables
        .filter { $0.language == snapshot.key.language && $0.name == snapshot.key.table }.map(\.revision)
      guard revisions == snapshot.revisions, !snapshots.snapshotCache.contains(where: { $0.key == snapshot.key }) else {
        continue
      }
      snapshots.snapshotCache.append(snapshot)
      if snapshots.snapshotCache.count > Self.snapshotsKept { snapshots.snapshotCache.removeFirst() }
    }
  }

  /// Puts the current findings into the rows (after a full run) without building them again.
  mutating func refreshRowFindings() {
    let keep = selectedRow?.key
    browse.rows.setFindings(
      local: results.findings.findings(language: language, table: table),
      remote: results.remoteFindings.findings(language: language, table: table))
    applyFilter(keeping: keep)
  }

  /// The versions of both sides' findings (see `RowList.KindMasks`).
  var findingVersions: (local: Int, remote: Int) { (results.findings.version, results.remoteFindings.version) }

  /// The language and table shown.
  var shownPlace: TablePlace { TablePlace(language: language, table: table) }

  /// After a per-key re-check of `address` changed the findings of versions `before`: when
  /// it is in the rows shown, their kind masks take its findings now (the rows made again next
  /// keep them).
  mutating func updateRowKindMask(_ address: ValueAddress, before: (local: Int, remote: Int)) {
    guard address.language == language, address.table == table else { return }
    browse.rows.updateKindMask(
      key: address.key, place: shownPlace,
      local: results.findings.findings(language: language, table: table, key: address.key),
      remote: results.remoteFindings.findings(language: language, table: table, key: address.key), from: before,
      to: findingVersions)
  }

  /// True when the row at `index` (into `rows`) contains `needle` (see `SearchText.needle`).
  mutating func rowMatches(_ index: Int, _ needle: [UInt8]) -> Bool {
    searchText().row(index, contains: needle)
  }

  /// The position in `visible` of the first visible row containing `needle`, from position
  /// `start` onwards, wrapping round.
  mutating func firstVisibleMatch(_ needle: [UInt8], from start: Int) -> Int? {
    guard browse.visible.indices.contains(start) else { return nil }
    let text = searchText()
    let startRow = browse.visible[start]
    for range in [startRow..<browse.rows.count, 0..<startRow] {
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
    var high = browse.visible.count
    while low < high {
      let middle = (low + high) / 2
      if browse.visible[middle] < row { low = middle + 1 } else { high = middle }
    }
    return low < browse.visible.count && browse.visible[low] == row ? low : nil
  }

  /// The search text of the current rows, built when first needed.
  mutating func searchText() -> SearchText {
    if let searchIndex = search.searchIndex { return searchIndex }
    let built = SearchText(browse.rows)
    search.searchIndex = built
    return built
  }

  /// The tables an app consults for the current language and table, in order (remote first),
  /// as the core's `Resolver` orders them; each with the label the detail pane shows. Snapshots
  /// already made for the rows (`known`, by side and language) are reused.
  mutating func effectiveChain(remote: LocalizationBundle, known: [ChainStep: TableSnapshot] = [:])
    -> [RowList.ChainLink]
  {
    let resolver = Resolver(
      sources: [ResolutionSource(label: "remote", bundle: remote), ResolutionSource(label: "local", bundle: local)],
      preferredLanguages: LanguageTag(language).map { [$0] } ?? [], table: table)
    // Steps not shown come from the kept snapshots too (the remote development language's
    // was read again on every rebuild of the rows).
    return resolver.chain().map { step in
      let values =
        known[ChainStep(step.source, step.language)]
        ?? snapshot(step.source == "remote" ? .remote : .local, language: step.language)
      return RowList.ChainLink(label: "\(step.source) · \(step.language)", values: values)
    }
  }

  /// Recomputes the visible rows for the filter, keeping `key` selected when it passes. Rows
  /// are built only where the filter needs a whole row: a findings filter looks at rows with
  /// findings, `edited` at edited keys, `changed` compares two values.
  mutating func applyFilter(keeping key: String?) {
    switch browse.filter {
    case .all: browse.visible = Array(browse.rows.indices)
    case .findings:
      let masks = browse.rows.makeKindMasks(place: shownPlace, versions: findingVersions)
      browse.visible = masks.indices.filter { masks[$0] != 0 }
    case .missing, .oneSide, .overlong, .plural, .needsReview:
      let kinds = browse.filter.findingKinds ?? []
      if FindingCatalog.kindBitsAreExact {
        let masks = browse.rows.makeKindMasks(place: shownPlace, versions: findingVersions)
        let wanted = FindingCatalog.kindBits(kinds)
        browse.visible = masks.indices.filter { masks[$0] & wanted != 0 }
      } else {
        browse.visible = browse.rows.indices.filter { browse.rows.hasFinding(at: $0, of: kinds) }
      }
    case .edited:
      browse.visible = browse.rows.indices.filter {
        browse.rows.edited.contains(browse.rows.keys[$0]) && passes(browse.rows[$0])
      }
    case .changed: browse.visible = browse.rows.indices.filter { browse.rows.isChanged(at: $0) }
    case .wontFit: browse.visible = browse.rows.indices.filter { passes(browse.rows[$0]) }
    }
    if let key, let index = browse.rows.index(of: key).flatMap(visiblePosition(of:)) {
      browse.selection = index
    } else {
      // The selected row left the list (a fix took it out of the filter): the selection stays
      // at its place, on the row that followed it, whose findings `]` must not skip.
      browse.selection = min(browse.selection, max(0, browse.visible.count - 1))
      if key != nil, browse.visible.indices.contains(browse.selection) {
        browse.landedKey = browse.rows.keys[browse.visible[browse.selection]]
      }
    }
    clampScroll()
  }

  /// Keeps the selection inside the list's visible window.
  mutating func clampScroll() {
    let height = max(1, layout.listHeight)
    if browse.selection < browse.scroll { browse.scroll = browse.selection }
    if browse.selection >= browse.scroll + height { browse.scroll = browse.selection - height + 1 }
    browse.scroll = max(0, min(browse.scroll, max(0, browse.visible.count - height)))
  }

  /// True when the detail pane takes the larger share: it has the focus or an editor.
  var detailExpanded: Bool {
    if case .editing = mode { return true }
    return browse.detailFocused
  }

  /// The layout for the current size.
  public var layout: Layout {
    Layout(
      width: width, height: height, hasRemote: remote != nil,
      showsSourceLanguage: language == local.developmentLanguage, keyColumns: browse.rows.keyColumns,
      rowCount: browse.visible.count, detailExpanded: detailExpanded)
  }
}

extension AppState {
  /// Shows `language` and `table` when the bundles have them.
  ///
  /// - Returns: `GlossaError.noSuchLanguage` or `.noSuchTable` (naming the local bundle) for
  ///   the first that does not exist, or nil when both were found.
  @discardableResult
  public mutating func focus(language: String?, table: String?) -> GlossaError? {
    var problem: GlossaError?
    if let language {
      if let index = languages.firstIndex(of: language) {
        browse.languageIndex = index
      } else {
        problem = .noSuchLanguage(bundle: local.name, language: language, languages: languages)
      }
    }
    if let table {
      if let index = tables.firstIndex(of: table) {
        browse.tableIndex = index
      } else {
        problem = problem ?? .noSuchTable(bundle: local.name, table: table, tables: tables)
      }
    }
    rebuildRows()
    return problem
  }
}

/// The source table's snapshot with the revisions it was built from.
struct SourceSnapshot: Sendable {
  var table: String
  var revisions: [Revision]
  var values: TableSnapshot
}

/// Snapshots read ahead off the loop's thread (see `AppState.readSnapshots`).
public struct ReadAhead: Sendable {
  var snapshots: [CachedSnapshot]
}

/// Which table a kept snapshot is of.
public struct SnapshotKey: Hashable, Sendable {
  var side: Side
  var language: String
  var table: String
}

/// A kept snapshot with the revisions of the files it was read from.
struct CachedSnapshot: Sendable {
  var key: SnapshotKey
  var revisions: [Revision]
  var values: TableSnapshot
}

/// One side and language of the resolution chain.
struct ChainStep: Hashable, Sendable {
  var side: String
  var language: String
  init(_ side: String, _ language: String) {
    self.side = side
    self.language = language
  }
}
