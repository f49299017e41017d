import GlossaCore

extension AppState {
  mutating func performSearch(_ action: Action) -> [Effect] {
    guard case .search(var search) = mode else { return [] }
    switch action {
    case .searchAccept:
      mode = .browse
      searchTerm = search.editor.text
      if !searchTerm.isEmpty,
        !visible.indices.contains(selection) || !rowMatches(visible[selection], SearchText.needle(searchTerm))
      {
        message = StatusMessage("No match for \(searchTerm)")
      }
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

  /// Selects the first row at or after the search's origin that matches the term so far.
  mutating func searchAsYouType(_ search: SearchSession) {
    let needle = SearchText.needle(search.editor.text)
    guard !needle.isEmpty, !visible.isEmpty else {
      select(search.origin)
      return
    }
    select(firstVisibleMatch(needle, from: min(search.origin, visible.count - 1)) ?? search.origin)
  }
}
