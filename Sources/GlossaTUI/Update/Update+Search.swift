import GlossaCore

extension AppState {
  mutating func performSearch(_ action: Action) -> [Effect] {
    guard case .search(var search) = mode else { return [] }
    switch action {
    case .searchAccept:
      mode = .browse
      searchTerm = search.editor.text
      if !searchTerm.isEmpty,
        !visible.indices.contains(selection) || !rowMatches(visible[selection], searchTerm.lowercased())
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
    let term = search.editor.text.lowercased()
    guard !term.isEmpty, !visible.isEmpty else {
      select(search.origin)
      return
    }
    let count = visible.count
    for offset in 0..<count {
      let index = (search.origin + offset) % count
      if rowMatches(visible[index], term) {
        select(index)
        return
      }
    }
    select(search.origin)
  }
}
