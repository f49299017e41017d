import GlossaCore

extension AppState {
  /// The search term the list highlights: the one being typed, else the last one.
  public var highlightedTerm: String? {
    if case .search(let search) = mode { return search.editor.text.isEmpty ? nil : search.editor.text }
    return searchTerm.isEmpty ? nil : searchTerm
  }

  mutating func performSearch(_ action: Action) -> [Effect] {
    guard case .search(var search) = mode else { return [] }
    switch action {
    case .searchAccept:
      mode = .browse
      searchTerm = search.editor.text
      searchScopeEverywhere = search.everywhere
      globalHits = nil
      guard !searchTerm.isEmpty else { return [] }
      let needle = SearchText.needle(searchTerm)
      if search.everywhere {
        let hits = searchEverywhere(needle)
        globalHits = hits
        guard !hits.isEmpty else {
          message = StatusMessage("No match for \(searchTerm) in any language or table")
          return []
        }
        let here = hits.firstIndex { $0.language == language && $0.table == table && $0.key == selectedRow?.key }
        return showHit(here ?? 0, of: hits, wrapped: false)
      }
      if !visible.indices.contains(selection) || !rowMatches(visible[selection], needle) {
        message = StatusMessage(
          "No match for \(searchTerm) in \(language) · \(table); Tab in the search covers every language")
      } else {
        message = StatusMessage(
          "\(search.matches) match\(search.matches == 1 ? "" : "es") for \(searchTerm) here; n next, N previous")
      }
    case .searchScope:
      search.everywhere.toggle()
      mode = .search(search)
    case .searchCancel:
      mode = .browse
      select(search.origin)
    default:
      search.editor.apply(action)
      mode = .search(search)
      searchAsYouType(search)
    }
    return []
  }

  /// Selects the first row at or after the search's origin that matches the term so far, and
  /// counts the rows that match.
  mutating func searchAsYouType(_ search: SearchSession) {
    var search = search
    let needle = SearchText.needle(search.editor.text)
    guard !needle.isEmpty, !visible.isEmpty else {
      search.matches = 0
      mode = .search(search)
      select(search.origin)
      return
    }
    search.matches = searchText().count(needle, in: visible)
    mode = .search(search)
    let start = min(search.origin, visible.count - 1)
    let found = firstVisibleMatch(needle, from: start)
    select(found ?? search.origin)
    message = found.map { $0 < start } == true ? StatusMessage("Wrapped round to the top") : nil
  }

  /// Walks the matches of a search over every language and table.
  mutating func walkHits(forward: Bool) -> [Effect] {
    let hits = globalHits ?? searchEverywhere(SearchText.needle(searchTerm))
    globalHits = hits
    guard !hits.isEmpty else {
      message = StatusMessage("No match for \(searchTerm) in any language or table")
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

  /// Shows match `index` of a search over every language and table.
  mutating func showHit(_ index: Int, of hits: [SearchHit], wrapped: Bool) -> [Effect] {
    let hit = hits[index]
    if let position = languages.firstIndex(of: hit.language) { languageIndex = position }
    if let position = tables.firstIndex(of: hit.table) { tableIndex = position }
    rebuildRows()
    select(key: hit.key)
    message = StatusMessage(
      (wrapped ? "Wrapped round · " : "")
        + "match \(index + 1)/\(hits.count) for \(searchTerm): \(hit.language) · \(hit.table)")
    return showingLanguage()
  }
}
