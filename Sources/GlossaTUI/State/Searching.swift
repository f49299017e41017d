import GlossaCore

/// The last search and what keeps searching quick: the term and its scope, the matches over every
/// language and table, the rows' search text, and the sizes above which they are made off the
/// loop's thread.
public struct Searching: Sendable {
  /// The last search term, for `n`/`N`.
  public internal(set) var searchTerm = ""
  /// True when the last search covers every language and table.
  public internal(set) var searchScopeEverywhere = false
  /// The matches of the last search over every language and table (found again after edits).
  var globalHits: [SearchHit]?
  /// Bumped by every search over every language and by every edit: a background search's hits
  /// are taken only for the generation it was asked for.
  var searchGeneration = 0
  /// What waits for a background search's hits: its first match (from the key it was typed
  /// at), or the next (`n`, true) or previous (`N`, false) one.
  var awaitingHits: AwaitedHit?
  /// Reviews of more entries than this search every language off the loop's thread: 1.6
  /// million entries took 0.8 s on the 2-core machine.
  var foregroundSearchLimit = 150_000
  /// The rows' key and values lowercased in one buffer, built at the first search after the rows change.
  var searchIndex: SearchText? {
    didSet { if searchIndex == nil { searchIndexGeneration += 1 } }
  }
  /// Bumped whenever the rows' search text is dropped: one made in the background is taken only
  /// for the rows it was made from.
  var searchIndexGeneration = 0
  /// The generation of the search text being made in the background, if any.
  var searchIndexInFlight: Int?
  /// Tables with more rows than this have their search text made in the background after they
  /// are shown (20,000 rows took about 100 ms).
  var foregroundSearchTextLimit = 5_000

  /// Takes a new search's term and scope (the matches of the last one are dropped apart, see
  /// `AppState.dropGlobalHits`).
  mutating func start(term: String, everywhere: Bool) {
    searchTerm = term
    searchScopeEverywhere = everywhere
    awaitingHits = nil
  }

  /// Drops the matches over every language and table (a new search, or an edit changed what
  /// they were found in): they are found again when next walked, and a background search
  /// asked for before is not taken. Returns them, for the caller to free elsewhere.
  mutating func dropHits() -> [SearchHit]? {
    let hits = globalHits
    globalHits = nil
    searchGeneration += 1
    return hits
  }

  /// The generation of the search text to make off the loop's thread for rows of `rowCount`
  /// rows: when there are more than the limit and none is made yet or on its way (it is then
  /// on its way).
  mutating func searchTextToBuild(rowCount: Int) -> Int? {
    guard searchIndex == nil, rowCount > foregroundSearchTextLimit, searchIndexInFlight != searchIndexGeneration
    else { return nil }
    searchIndexInFlight = searchIndexGeneration
    return searchIndexGeneration
  }

  /// Takes search text made off the loop's thread when the rows it was made from are still
  /// the ones shown.
  mutating func take(_ text: SearchText, generation: Int) {
    if searchIndexInFlight == generation { searchIndexInFlight = nil }
    if generation == searchIndexGeneration && searchIndex == nil { searchIndex = text }
  }
}
