import GlossaCore

extension AppState {
  /// The search term the list highlights: the one being typed, else the last one.
  public var highlightedTerm: String? {
    if case .search(let search) = mode { return search.editor.text.isEmpty ? nil : search.editor.text }
    return search.searchTerm.isEmpty ? nil : search.searchTerm
  }

  mutating func performSearch(_ action: Action) -> [Effect] {
    guard case .search(var typed) = mode else { return [] }
    switch action {
    case .searchAccept:
      mode = .browse
      search.start(term: typed.editor.text, everywhere: typed.everywhere)
      dropGlobalHits()
      guard !search.searchTerm.isEmpty else { return [] }
      let needle = SearchText.needle(search.searchTerm)
      if typed.everywhere {
        if let effects = searchInBackground(awaiting: .first) { return effects }
        let hits = searchEverywhere(needle)
        search.globalHits = hits
        guard !hits.isEmpty else {
          message = StatusMessage("No match for \(search.searchTerm) in any language or table")
          return []
        }
        let here = hits.firstIndex { $0.language == language && $0.table == table && $0.key == selectedRow?.key }
        return showHit(here ?? 0, of: hits, wrapped: false)
      }
      if !browse.visible.indices.contains(browse.selection) || !rowMatches(browse.visible[browse.selection], needle) {
        message = StatusMessage(
          "No match for \(search.searchTerm) in \(language) · \(table); Tab in the search covers every language")
      } else {
        message = StatusMessage(
          "\(typed.matches) match\(typed.matches == 1 ? "" : "es") for \(search.searchTerm) here; n next, N previous"
        )
      }
    case .searchScope:
      typed.everywhere.toggle()
      mode = .search(typed)
    case .searchCancel:
      mode = .browse
      select(typed.origin)
    default:
      typed.editor.apply(action)
      mode = .search(typed)
      searchAsYouType(typed)
    }
    return []
  }

  /// Selects the first row at or after the search's origin that matches the term so far, and
  /// counts the rows that match.
  mutating func searchAsYouType(_ search: SearchSession) {
    var search = search
    let needle = SearchText.needle(search.editor.text)
    guard !needle.isEmpty, !browse.visible.isEmpty else {
      search.matches = 0
      mode = .search(search)
      select(search.origin)
      return
    }
    search.matches = searchText().count(needle, in: browse.visible)
    mode = .search(search)
    let start = min(search.origin, browse.visible.count - 1)
    let found = firstVisibleMatch(needle, from: start)
    select(found ?? search.origin)
    message = found.map { $0 < start } == true ? StatusMessage("Wrapped round to the top") : nil
  }

  /// Walks the matches of a search over every language and table.
  mutating func walkHits(forward: Bool) -> [Effect] {
    if search.globalHits == nil, let effects = searchInBackground(awaiting: .step(forward: forward)) { return effects }
    let hits = search.globalHits ?? searchEverywhere(SearchText.needle(search.searchTerm))
    search.globalHits = hits
    guard !hits.isEmpty else {
      message = StatusMessage("No match for \(search.searchTerm) in any language or table")
      return []
    }
    let here = hits.firstIndex { $0.language == language && $0.table == table && $0.key == selectedRow?.key }
    var index = here.map { $0 + (forward ? 1 : -1) } ?? 0
    var wrapped = false
    if index >= hits.count {
      index = 0
      wrapped = true
    } else if index < 0 {
      index = hits.count - 1
      wrapped = true
    }
    return showHit(index, of: hits, wrapped: wrapped)
  }

  /// The number of entries a search over every language reads.
  var entriesEverywhere: Int {
    [local, remote].compactMap { $0 }.reduce(0) { total, bundle in
      bundle.tables.reduce(total) { $0 + $1.entries.count }
    }
  }

  /// On a review too large to search on the loop's thread, asks for the search in the
  /// background (none when one is already on its way) and keeps what waits for it; nil on a
  /// smaller review, which is searched at once.
  mutating func searchInBackground(awaiting: AwaitedHit) -> [Effect]? {
    guard entriesEverywhere > search.foregroundSearchLimit else { return nil }
    let asked = search.awaitingHits != nil
    search.awaitingHits = awaiting
    message = StatusMessage("Searching every language and table for \(search.searchTerm)…")
    return asked
      ? [] : [.searchEverywhere(needle: SearchText.needle(search.searchTerm), generation: search.searchGeneration)]
  }

  /// A background search came back: its hits are kept when no edit or new search came since it
  /// was asked for (else it is asked for again while something waits), and what waited is done.
  mutating func finishSearch(_ hits: [SearchHit], generation: Int) -> [Effect] {
    guard generation == search.searchGeneration else {
      guard search.awaitingHits != nil, !search.searchTerm.isEmpty else { return [] }
      return [.searchEverywhere(needle: SearchText.needle(search.searchTerm), generation: search.searchGeneration)]
    }
    search.globalHits = hits
    guard let awaited = search.awaitingHits else { return [] }
    search.awaitingHits = nil
    guard case .browse = mode else { return [] }
    switch awaited {
    case .first:
      guard !hits.isEmpty else {
        message = StatusMessage("No match for \(search.searchTerm) in any language or table")
        return []
      }
      let here = hits.firstIndex { $0.language == language && $0.table == table && $0.key == selectedRow?.key }
      return showHit(here ?? 0, of: hits, wrapped: false)
    case .step(let forward):
      return walkHits(forward: forward)
    }
  }

  /// Shows match `index` of a search over every language and table.
  mutating func showHit(_ index: Int, of hits: [SearchHit], wrapped: Bool) -> [Effect] {
    let hit = hits[index]
    if let position = languages.firstIndex(of: hit.language) { browse.languageIndex = position }
    if let position = tables.firstIndex(of: hit.table) { browse.tableIndex = position }
    rebuildRows()
    select(key: hit.key)
    message = StatusMessage(
      (wrapped ? "Wrapped round · " : "")
        + "match \(index + 1)/\(hits.count) for \(search.searchTerm): \(hit.language) · \(hit.table)")
    return showingLanguage()
  }
}

extension AppState {
  /// Forgets the matches of the last search over every language (they are found again when
  /// next needed, and a background search asked for before is not taken), freed on another thread: a common word's matches over 1.6 million entries
  /// took 2.5 ms to free, a sixth of the commit that dropped them.
  mutating func dropGlobalHits() {
    if let hits = search.dropHits(), hits.count > 1_000 { retired.append(hits) }
  }
}
