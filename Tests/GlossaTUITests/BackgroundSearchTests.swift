import GlossaCore
import Testing

@testable import GlossaTUI

/// On a large review a search over every language runs off the loop's thread: Enter and `n` say
/// so and go to the match when the hits arrive; hits of a search an edit overtook are not used.
@Suite("Search over every language off the loop's thread", .timeLimit(.minutes(10)))
struct BackgroundSearchTests {
  /// The fixture review with a remote, searched as a large one (limit 0).
  static func largeReview() -> AppState {
    var state = Fixtures.state(remote: true)
    state.search.foregroundSearchLimit = 0
    return state
  }

  /// Types a search over every language and accepts it.
  static func searchEverywhere(_ term: String, in state: inout AppState) -> [Effect] {
    state.press(.char("/"), .tab)
    state.type(term)
    return state.press(.enter)
  }

  @Test func enterWaitsForTheHitsAndShowsTheFirst() throws {
    var state = Self.largeReview()
    var foreground = Fixtures.state(remote: true)
    let expected = Self.searchEverywhere("welcome", in: &foreground)
    #expect(!expected.contains { if case .searchEverywhere = $0 { true } else { false } })

    let effects = Self.searchEverywhere("welcome", in: &state)
    guard case .searchEverywhere(let needle, let generation)? = effects.first else {
      Issue.record("no background search asked for: \(effects)")
      return
    }
    #expect(state.message?.text.hasPrefix("Searching every language") == true)
    _ = state.update(.searchFinished(state.searchEverywhere(needle), generation: generation))
    #expect(state.message?.text == foreground.message?.text)
    #expect(state.language == foreground.language && state.selectedRow?.key == foreground.selectedRow?.key)
    // The hits are kept: `n` goes on without another search.
    let next = state.press(.char("n"))
    #expect(!next.contains { if case .searchEverywhere = $0 { true } else { false } })
    foreground.press(.char("n"))
    #expect(state.message?.text == foreground.message?.text)
  }

  @Test func hitsOvertakenByAnEditAreAskedForAgain() throws {
    var state = Self.largeReview()
    guard case .searchEverywhere(let needle, let first)? = Self.searchEverywhere("welcome", in: &state).first else {
      Issue.record("no background search asked for")
      return
    }
    let stale = state.searchEverywhere(needle)
    // An edit while it ran.
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    let effects = state.update(.searchFinished(stale, generation: first))
    guard case .searchEverywhere(_, let second)? = effects.first, second != first else {
      Issue.record("the search was not asked for again: \(effects)")
      return
    }
    _ = state.update(.searchFinished(state.searchEverywhere(needle), generation: second))
    #expect(state.message?.text.hasPrefix("match ") == true, "\(state.message?.text ?? "")")
  }

  @Test func noMatchSaysSo() {
    var state = Self.largeReview()
    guard case .searchEverywhere(let needle, let generation)? = Self.searchEverywhere("zqxj", in: &state).first else {
      Issue.record("no background search asked for")
      return
    }
    _ = state.update(.searchFinished(state.searchEverywhere(needle), generation: generation))
    #expect(state.message?.text == "No match for zqxj in any language or table")
  }

  @Test func theRowsSearchTextIsMadeInTheBackgroundAndAStaleOneIsDropped() {
    var state = Fixtures.state(remote: true)
    state.search.foregroundSearchTextLimit = 0
    let effects = state.press(.char("l"))
    guard case .buildSearchText(let generation)? = effects.last else {
      Issue.record("no search text asked for: \(effects)")
      return
    }
    #expect(!state.press(.char("j")).contains(.buildSearchText(generation: generation)), "asked for once")
    let made = SearchText(state.browse.rows)
    // Another language shown before it arrived: it is not taken, and the new rows' is asked for.
    let next = state.press(.char("l"))
    _ = state.update(.searchTextBuilt(made, generation: generation))
    #expect(state.search.searchIndex == nil)
    guard case .buildSearchText(let second)? = next.last, second != generation else {
      Issue.record("no search text asked for the new rows: \(next)")
      return
    }
    _ = state.update(.searchTextBuilt(SearchText(state.browse.rows), generation: second))
    #expect(state.search.searchIndex != nil)
    // The search uses it.
    state.press(.char("/"))
    state.type("welcome")
    guard case .search(let search) = state.mode else {
      Issue.record("the search closed")
      return
    }
    #expect(
      search.matches
        == state.browse.visible.count { SearchText(state.browse.rows).row($0, contains: SearchText.needle("welcome")) })
    #expect(search.matches > 0)
  }
}

/// On a large table the languages next to the one shown are read ahead: `l` and `h` find their
/// snapshots kept, and snapshots of files changed since they were read are not kept.
@Suite("Neighbouring languages read ahead", .timeLimit(.minutes(10)))
struct ReadAheadTests {
  @Test func theNextLanguagesSnapshotsAreReadAheadAndKept() {
    var state = Fixtures.state(remote: true)
    state.search.foregroundSearchTextLimit = 0
    let effects = state.press(.char("j"))
    guard case .readAhead(let keys)? = effects.first(where: { if case .readAhead = $0 { true } else { false } })
    else {
      Issue.record("nothing read ahead: \(effects)")
      return
    }
    let next = state.languages[(state.browse.languageIndex + 1) % state.languages.count]
    #expect(keys.contains(SnapshotKey(side: .local, language: next, table: state.table)))
    #expect(keys.contains(SnapshotKey(side: .remote, language: next, table: state.table)))
    #expect(!state.press(.char("j")).contains(.readAhead(keys)), "read once per language shown")
    let read = state.readSnapshots(keys)
    _ = state.update(.readAhead(read))
    #expect(state.neighbourSnapshotsToRead().isEmpty, "every neighbour kept")
    // What `l` shows from the kept snapshots is what it shows from the files.
    var fresh = state
    fresh.snapshots.snapshotCache = []
    state.press(.char("l"))
    fresh.press(.char("l"))
    #expect(state.browse.rows.keys == fresh.browse.rows.keys)
    #expect(Array(state.browse.rows) == Array(fresh.browse.rows))
  }
}
