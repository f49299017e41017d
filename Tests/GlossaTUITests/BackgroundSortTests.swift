import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// On a large review the findings are put in order off the loop's thread: `F`, `]` and `[` say
/// so and are done when the sorted findings arrive, and a sort overtaken by a change of the
/// source's keys is not taken.
@Suite("Findings sorted off the loop's thread", .timeLimit(.minutes(10)))
struct BackgroundSortTests {
  /// The sample pair, checked, as a review too large to sort on the loop's thread (limit 0),
  /// with its sorted findings dropped as a source key added or removed drops them.
  static func largeReview() throws -> AppState {
    var state = try ReviewActionsTests.state(
      FindingCatalogTests.samples.appendingPathComponent("local"),
      remote: FindingCatalogTests.samples.appendingPathComponent("remote"))
    state.results.foregroundSortLimit = 0
    state.dropFindingCatalog()
    return state
  }

  /// What the loop's thread would get back from `sortFindings`.
  static func sorted(_ state: AppState) -> SortedFindings {
    state.findingSorter.sort(local: state.results.findings.all, remote: state.results.remoteFindings.all)
  }

  @Test func theFindingsViewOpensWhenTheSortArrives() throws {
    var state = try Self.largeReview()
    let effects = state.update(.key(.char("F")))
    guard case .sortFindings(let generation)? = effects.last else {
      Issue.record("no background sort asked for: \(effects)")
      return
    }
    #expect(state.mode == .browse)
    #expect(state.message?.text.contains("in order") == true, "\(state.message?.text ?? "")")
    // Asked for once: another key press while it runs asks for no second sort.
    #expect(!state.update(.key(.char("j"))).contains(.sortFindings(generation: generation)))
    _ = state.update(.findingsSorted(Self.sorted(state), generation: generation))
    guard case .findings(let browser) = state.mode else {
      Issue.record("the findings view did not open: \(state.mode)")
      return
    }
    var fresh = try ReviewActionsTests.state(
      FindingCatalogTests.samples.appendingPathComponent("local"),
      remote: FindingCatalogTests.samples.appendingPathComponent("remote"))
    #expect(browser.items.count == fresh.findingCatalog().count)
    #expect(browser.items.count > 0)
  }

  @Test func nextFindingWaitsAndLandsOnAFinding() throws {
    var state = try Self.largeReview()
    let before = state.selectedRow?.key
    guard case .sortFindings(let generation)? = state.update(.key(.char("]"))).last else {
      Issue.record("no background sort asked for")
      return
    }
    #expect(state.selectedRow?.key == before, "nothing moves until the findings are in order")
    _ = state.update(.findingsSorted(Self.sorted(state), generation: generation))
    let text = state.message?.text ?? ""
    #expect(text.range(of: #"^\d+/\d+ "#, options: .regularExpression) != nil, "\(text)")
    #expect(state.browse.findingCursor != nil, "\(text)")
  }

  @Test func aSortOvertakenByASourceKeyAddedIsDroppedAndAskedForAgain() throws {
    var state = try Self.largeReview()
    guard case .sortFindings(let first)? = state.update(.key(.char("F"))).last else {
      Issue.record("no background sort asked for")
      return
    }
    let stale = Self.sorted(state)
    // A source key added while it ran: the order it sorted by no longer holds.
    state.show(ValueAddress(language: state.local.developmentLanguage, table: state.tables[0], key: ""))
    state.dropFindingCatalog()
    let effects = state.update(.findingsSorted(stale, generation: first))
    #expect(state.mode == .browse, "a stale sort opens nothing")
    #expect(state.results.sortedFindingItems == nil)
    guard case .sortFindings(let second)? = effects.last, second != first else {
      Issue.record("the sort was not asked for again: \(effects)")
      return
    }
    _ = state.update(.findingsSorted(Self.sorted(state), generation: second))
    guard case .findings = state.mode else {
      Issue.record("the findings view did not open")
      return
    }
  }

  @Test func aSmallReviewSortsAtOnce() throws {
    var state = try ReviewActionsTests.state(
      FindingCatalogTests.samples.appendingPathComponent("local"),
      remote: FindingCatalogTests.samples.appendingPathComponent("remote"))
    state.dropFindingCatalog()
    #expect(state.update(.key(.char("F"))).isEmpty)
    guard case .findings = state.mode else {
      Issue.record("the findings view did not open")
      return
    }
  }
}

extension BackgroundSortTests {
  /// Work handed to another thread gets a copy without the sorted findings (a copy sharing them
  /// makes every merge copy them all), and that copy does the work as the state would.
  @Test func aDetachedCopyLeavesTheSortedFindingsBehindAndDoesTheSameWork() throws {
    var state = try ReviewActionsTests.state(
      FindingCatalogTests.samples.appendingPathComponent("local"),
      remote: FindingCatalogTests.samples.appendingPathComponent("remote"))
    _ = state.findingCatalog()
    #expect(state.results.sortedFindingItems != nil)
    let copy = state.detachedCopy
    #expect(copy.results.sortedFindingItems == nil && copy.results.pendingCatalogChanges.isEmpty)
    #expect(copy.searchEverywhere(SearchText.needle("e")) == state.searchEverywhere(SearchText.needle("e")))
    #expect(copy.exportTable(.keys) == state.exportTable(.keys))
  }
}
