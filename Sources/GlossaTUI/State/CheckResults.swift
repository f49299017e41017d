import GlossaCore

/// What the checks found and the work that keeps it current: both sides' findings, the full run in
/// flight, the per-key check indexes, the findings sorted for the findings view and `]`, and the
/// other renderings of the language shown's source texts.
public struct CheckResults: Sendable {
  /// True while the full checks run off the main loop.
  public internal(set) var checking = false
  /// Bumped on each `runChecks`; results of older runs are ignored.
  public internal(set) var checkGeneration = 0
  /// True once a full run of the checks has finished: until then `findings` holds only the
  /// keys checked after an edit, and the header shows no counts.
  public internal(set) var hasAllFindings = false
  /// The local bundle's findings (against the remote, when there is one), as `glossa lint`
  /// finds them with the same arguments: the header's counts.
  public internal(set) var findings = FindingIndex()
  /// The remote bundle's own findings (checked alone, as a repack checks it): not part of the
  /// header's counts, which are lint's for the same arguments.
  public internal(set) var remoteFindings = FindingIndex()
  /// The indexes the per-key checks read, kept between edits (keyed on table revisions).
  var checkCache = KeyCheckCache()
  /// The per-key indexes of the remote bundle checked alone (its revisions are its own).
  var remoteCheckCache = KeyCheckCache()
  /// Values changed while a full run was in flight: checked again when its results arrive.
  var recheckAfterRun: [ValueAddress] = []
  /// True when a development-language edit during a run calls for another full run after it.
  var fullCheckPending = false
  /// Both sides' findings in list order, built when first needed after they change.
  var sortedFindingItems: FindingCatalog?
  /// Per-key re-checks not merged into `sortedFindingItems` yet (see `updateFindingCatalog`).
  var pendingCatalogChanges: [CatalogChange] = []
  /// Bumped whenever the sorted findings are dropped: a background sort (`sortFindings`) is
  /// taken only for the generation it was asked for.
  var catalogGeneration = 0
  /// The generation of the background sort in flight, if any.
  var catalogSortInFlight: Int?
  /// Reviews with more findings than this sort them off the loop's thread: sorting 60,000
  /// findings takes about 50 ms on the 2-core machine, 1.4 million about 3 s.
  var foregroundSortLimit = 60_000
  /// What `]`, `[` or `F` asked for while the findings were being sorted: done when they arrive.
  var awaitingCatalog: Action?
  /// The translations of the language shown grouped by source text (see `RenderingIndex`),
  /// made when first needed after its tables change; nil until then.
  public internal(set) var renderings: RenderingIndex?
  /// What the index being made in the background is made from, if one is.
  var renderingsInFlight: RenderingIndex.Stamp?

  /// Starts a full run: the results of older runs are not taken.
  mutating func startRun() -> Effect {
    checkGeneration += 1
    checking = true
    return .runChecks(generation: checkGeneration)
  }

  /// The sorted findings with the per-key re-checks merged in; nil when they were dropped.
  mutating func mergedCatalog() -> FindingCatalog? {
    guard var catalog = sortedFindingItems else { return nil }
    guard !pendingCatalogChanges.isEmpty else { return catalog }
    // Taken out first, so the merge changes the one copy of the arrays in place.
    sortedFindingItems = nil
    for change in pendingCatalogChanges {
      catalog.replace(
        side: change.side, language: change.address.language, table: change.address.table,
        key: change.address.key, with: change.found)
    }
    pendingCatalogChanges.removeAll()
    sortedFindingItems = catalog
    return catalog
  }

  /// Forgets the sorted findings and the re-checks waiting to be merged into them (a
  /// background sort asked for before is then not taken); returns what it let go of, for the
  /// caller to free elsewhere.
  mutating func dropCatalog() -> FindingCatalog? {
    let dropped = sortedFindingItems
    sortedFindingItems = nil
    pendingCatalogChanges.removeAll()
    catalogGeneration += 1
    return dropped
  }

  /// The background sort to start after an update: when the sorted findings were dropped on a
  /// large review and none is in flight for them. Not while a full run is in flight (it sorts
  /// what it finds) unless a key waits for them.
  mutating func catalogSortEffect() -> Effect? {
    guard sortedFindingItems == nil, hasAllFindings,
      catalogSortInFlight != catalogGeneration,
      findings.count + remoteFindings.count > foregroundSortLimit,
      !checking || awaitingCatalog != nil
    else { return nil }
    catalogSortInFlight = catalogGeneration
    return .sortFindings(generation: catalogGeneration)
  }
}

extension CheckResults {
  /// `side`'s findings (read it and let go: held while the index changes, it would be copied).
  func findings(of side: Side) -> FindingIndex { side == .local ? findings : remoteFindings }
}
