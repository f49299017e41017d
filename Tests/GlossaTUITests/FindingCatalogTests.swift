import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// After an edit the findings of the edited key are merged into the sorted catalog instead of
/// sorting every finding again: the result must be the catalog a fresh sort gives.
@Suite("FindingCatalog: a per-key re-check merged into the sorted findings", .timeLimit(.minutes(10)))
struct FindingCatalogTests {
  static let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")

  static func expectSame(_ kept: FindingCatalog, _ fresh: FindingCatalog, _ what: String) {
    #expect(kept.items == fresh.items, "\(what): items")
    #expect(kept.ranks == fresh.ranks, "\(what): ranks")
    #expect(kept.facetCodes == fresh.facetCodes, "\(what): facet codes")
    #expect(kept.kindCodes == fresh.kindCodes, "\(what): kind codes")
    #expect(kept.kinds == fresh.kinds, "\(what): kinds")
    #expect(kept.languages == fresh.languages, "\(what): languages")
    #expect(kept.languageWidth == fresh.languageWidth, "\(what): language column")
    #expect(kept.locationWidth == fresh.locationWidth, "\(what): location column")
    #expect(kept.kindWidth == fresh.kindWidth, "\(what): kind column")
  }

  /// A full run sorts its findings where it runs: the catalog the state takes is the one it
  /// would sort itself, and an edit made while the checks ran is merged into it.
  @Test func aRunSortedInTheBackgroundIsTheCatalogAFreshSortGives() throws {
    let local = Self.samples.appendingPathComponent("local")
    let remote = Self.samples.appendingPathComponent("remote")
    let checks = ReviewChecks.real(Checker())
    func started() throws -> (AppState, Int) {
      var state = AppState(
        local: try LocalizationBundle.load(local.path), remote: try LocalizationBundle.load(remote.path),
        checks: checks, plurals: Fixtures.plurals, width: 100, height: 30)
      guard case .runChecks(let generation) = state.start().first else {
        Issue.record("no run of the checks")
        throw CancellationError()
      }
      return (state, generation)
    }
    var (background, generation) = try started()
    let sorter = background.findingSorter
    // The run's findings are of the bundles as they were when it started…
    let found = checks.all(background.local, background.remote)
    let remoteFound = background.remote.map { checks.remoteAll($0) } ?? []
    // …and an edit made while it ran is checked again when it finishes.
    let language = try #require(background.languages.first { $0 != background.local.developmentLanguage })
    background.show(ValueAddress(language: language, table: background.tables[0], key: ""))
    background.press(.char("e"), .ctrl("u"), .char("x"), .enter)
    #expect(background.isDirty)
    _ = background.update(
      .checksFinished(
        [], remote: [], generation: generation,
        prepared: PreparedFindings(local: found, remote: remoteFound, sorter: sorter)))
    #expect(background.results.sortedFindingItems != nil, "the catalog sorted in the background is taken")
    let kept = background.findingCatalog()
    var (fresh, freshGeneration) = try started()
    fresh.show(ValueAddress(language: language, table: fresh.tables[0], key: ""))
    fresh.press(.char("e"), .ctrl("u"), .char("x"), .enter)
    _ = fresh.update(
      .checksFinished(
        checks.all(fresh.local, fresh.remote), remote: fresh.remote.map { checks.remoteAll($0) } ?? [],
        generation: freshGeneration))
    Self.expectSame(kept, fresh.findingCatalog(), "sorted in the background")
    #expect(kept.count > 0)
  }

  @Test(
    "edits of translations on both sides (a finding fixed, one made, a value emptied) keep the catalog as a fresh sort")
  func editsMatchAFreshSort() throws {
    var state = try ReviewActionsTests.state(
      Self.samples.appendingPathComponent("local"), remote: Self.samples.appendingPathComponent("remote"))
    _ = state.findingCatalog()
    var merged = 0
    var outsideSource = 0
    let translations = state.languages.filter { $0 != state.local.developmentLanguage }
    for table in state.tables {
      for language in translations {
        state.show(ValueAddress(language: language, table: table, key: ""))
        // The first keys, and the last ones, where keys the source lacks are listed.
        // `legacy.banner` is only in French: a key the source lacks, placed by its line.
        let keys = Array(state.browse.rows.keys.prefix(8)) + Array(state.browse.rows.keys.suffix(3)) + ["legacy.banner"]
        for (index, key) in keys.enumerated() {
          state.show(ValueAddress(language: language, table: table, key: key))
          guard state.selectedRow?.key == key, state.selectedRow?.local != nil else { continue }
          let before = state.results.sortedFindingItems
          // Emptied, lengthened past any budget, or a specifier added: each changes the findings.
          let typed = ["", String(repeating: "W", count: 80), " %@"][index % 3]
          _ = state.press(.char("e"))
          if typed.isEmpty { _ = state.press(.ctrl("u")) }
          for character in typed { _ = state.press(.char(character)) }
          _ = state.press(.enter)
          guard state.results.sortedFindingItems != nil else { continue }
          #expect(!state.results.pendingCatalogChanges.isEmpty, "the edit is merged when the catalog is next read")
          let kept = state.findingCatalog()
          #expect(state.results.pendingCatalogChanges.isEmpty)
          if before != nil { merged += 1 }
          if state.findingOrder.keys[table]?[key] == nil { outsideSource += 1 }
          let fresh = FindingCatalog(
            local: state.results.findings.all, remote: state.results.remoteFindings.all, order: state.findingOrder,
            basis: state.findingBasis)
          Self.expectSame(kept, fresh, "\(language) \(key) ← \(typed.debugDescription)")
          // And undone: the findings go back, merged again.
          _ = state.press(.char("u"))
          if state.results.sortedFindingItems != nil {
            Self.expectSame(
              state.findingCatalog(),
              FindingCatalog(
                local: state.results.findings.all, remote: state.results.remoteFindings.all, order: state.findingOrder,
                basis: state.findingBasis), "\(language) \(key) undone")
          }
        }
      }
    }
    #expect(merged >= 10, "the catalog was kept and merged after \(merged) edits")
    #expect(outsideSource > 0, "no key the source lacks was edited")
  }

  /// A value edit in the development language keeps the key order: the catalog is kept (no
  /// sort of every finding on the next `]`) and equals a fresh sort; a key added there drops it.
  @Test func aSourceValueEditKeepsTheCatalogAndANewSourceKeyDropsIt() throws {
    var state = try ReviewActionsTests.state(
      Self.samples.appendingPathComponent("local"), remote: Self.samples.appendingPathComponent("remote"))
    _ = state.findingCatalog()
    let development = state.local.developmentLanguage
    state.show(ValueAddress(language: development, table: state.tables[0], key: ""))
    let key = try #require(state.browse.rows.keys.first)
    state.show(ValueAddress(language: development, table: state.tables[0], key: key))
    _ = state.press(.char("e"), .char("!"), .enter)
    #expect(state.results.sortedFindingItems != nil, "a value edit of the source keeps the sorted catalog")
    Self.expectSame(
      state.findingCatalog(),
      FindingCatalog(
        local: state.results.findings.all, remote: state.results.remoteFindings.all, order: state.findingOrder,
        basis: state.findingBasis), "source edit of \(key)")
    // A key the source gains changes the order: the catalog is sorted again.
    let added = ValueAddress(language: development, table: state.tables[0], key: "glossa.test.added")
    _ = state.findingCatalog()
    state.updateFindingCatalog(side: .local, added, with: [])
    #expect(state.results.sortedFindingItems == nil, "a key the order lacks drops the catalog")
  }

  @Test("edits of one key waiting for the catalog to be read keep only the latest re-check per side")
  func repeatedEditsOfOneKeyCoalesce() throws {
    var state = try ReviewActionsTests.state(
      Self.samples.appendingPathComponent("local"), remote: Self.samples.appendingPathComponent("remote"))
    _ = state.findingCatalog()
    let language = try #require(state.languages.first { $0 != state.local.developmentLanguage })
    state.show(ValueAddress(language: language, table: state.tables[0], key: ""))
    let key = try #require(state.browse.rows.keys.first)
    state.show(ValueAddress(language: language, table: state.tables[0], key: key))
    for typed in ["!", "?", "."] {
      _ = state.press(.char("e"))
      _ = state.press(.char(Character(typed)))
      _ = state.press(.enter)
    }
    // One per side at most (local, and remote when the key's remote findings were re-checked).
    #expect((1...2).contains(state.results.pendingCatalogChanges.count))
    Self.expectSame(
      state.findingCatalog(),
      FindingCatalog(
        local: state.results.findings.all, remote: state.results.remoteFindings.all, order: state.findingOrder,
        basis: state.findingBasis), "three edits of \(key)")
  }
}

extension FindingCatalogTests {
  /// The findings view's list for every filter (read from the packed facet codes, a language
  /// from its run of items) is the list of the items the filter admits.
  @Test func theFiltersListWhatTheBrowserAdmits() throws {
    var state = try ReviewActionsTests.state(
      Self.samples.appendingPathComponent("local"), remote: Self.samples.appendingPathComponent("remote"))
    let catalog = state.findingCatalog()
    let languages: [String?] = [nil] + state.languages + ["xx"]
    var filters: [FindingsBrowser] = []
    for kind in [nil] + catalog.kinds {
      for severity in [nil, Severity.error, .warning, .info] {
        for language in languages {
          for side in [nil, Side.local, .remote] {
            filters.append(FindingsBrowser(severity: severity, kind: kind, language: language, side: side))
          }
        }
      }
    }
    var nonEmpty = 0
    for filter in filters {
      var browser = filter
      state.refilter(&browser)
      let expected = catalog.items.indices.filter { filter.admits(catalog.items[$0]) }
      #expect(browser.items.positions == expected, "\(filter.filterLabel)")
      #expect(browser.items.count == expected.count, "\(filter.filterLabel)")
      if !expected.isEmpty { nonEmpty += 1 }
    }
    #expect(catalog.kinds.count > 1)
    #expect(nonEmpty > 20)
  }
}

/// The catalog's items are a pool and positions into it: merges append to the pool and move
/// positions only, and the pool keeps only the listed items once removed ones pile up.
@Suite("FindingItems: a pool and list positions", .timeLimit(.minutes(10)))
struct FindingItemsTests {
  static func item(_ number: Int) -> FindingItem {
    FindingItem(
      side: number.isMultiple(of: 2) ? .local : .remote,
      finding: Finding(
        kind: .missingKey, severity: .error, bundle: "b", language: "de", table: "Localizable", key: "k\(number)",
        message: "m\(number)"))
  }

  static func rank(_ number: Int) -> FindingOrder.Rank {
    FindingOrder.Rank(
      language: 0, table: 0, line: Int32(number), keyed: 1, side: 0, kind: 0, position: number, key: "k\(number)")
  }

  @Test func replacingBlocksListsWhatAnArrayWouldAndTheRemovedAreDroppedInTime() {
    var generator = SplitMix(seed: 45)
    var model = (0..<50).map { $0 }
    var items = FindingItems(
      pool: model.map(Self.item), ranks: model.map(Self.rank), order: model.map { Int32($0) })
    // Every item and rank is made once, as it is added; the list is compared through them.
    var made = model.map { (item: Self.item($0), rank: Self.rank($0)) }
    var next = 50
    var largestPool = 0
    for step in 0..<6000 {
      let lower = Int.random(in: 0...model.count, using: &generator)
      let upper = Int.random(in: lower...min(model.count, lower + 6), using: &generator)
      // Keep some of the block, drop the rest, and add new items (never an empty list).
      let kept = (lower..<upper).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
      let addedCount =
        Int.random(in: 0...3, using: &generator) + (model.count - (upper - lower) + kept.count == 0 ? 1 : 0)
      let added = (0..<addedCount).map { next + $0 }
      next += addedCount
      made += added.map { (item: Self.item($0), rank: Self.rank($0)) }
      let positions =
        kept.map { items.order[$0] } + added.indices.map { Int32(items.poolCount + $0) }
      items.replace(
        lower..<upper, with: positions, adding: added.map { made[$0].item }, ranks: added.map { made[$0].rank })
      model.replaceSubrange(lower..<upper, with: kept.map { model[$0] } + added)
      largestPool = max(largestPool, items.poolCount)
      #expect(items.count == model.count)
      // The whole list, every few steps and at the end (each step changes a few items).
      if step.isMultiple(of: 20) || step == 5999 {
        #expect(items.map(\.finding.key) == model.map { made[$0].item.finding.key })
        #expect(items.indices.allSatisfy { items.rank(at: $0) == made[model[$0]].rank })
      }
    }
    // Removed items did not pile up without end: the pool was cut back to the list.
    #expect(items.poolCount <= 2 * items.count + 4096 + 3)
    #expect(next > 2 * 4096)
    #expect(largestPool < next)
  }
}
