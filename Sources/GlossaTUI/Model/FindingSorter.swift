import GlossaCore

/// Sorts a full run's findings into the findings view's order where the run happens, off the
/// loop's thread: on a review of 100,000 findings the sort took 200–300 ms, which the first `]`
/// or `F` after each run used to pay.
///
/// Made from the state when the run starts (the bundle and its languages and tables); the
/// catalog it makes is taken only while they are still the review's (`FindingCatalog.basis`).
public struct FindingSorter: Sendable {
  let local: LocalizationBundle
  let basis: FindingCatalog.Basis

  /// The findings of both sides, sorted.
  public func sort(local found: [Finding], remote: [Finding]) -> SortedFindings {
    var keys: [String: [String: Int]] = [:]
    for name in basis.tables {
      let order = TableSnapshot(local, language: local.developmentLanguage, table: name).order
      keys[name] = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }
    let order = FindingOrder(languages: basis.languages, tables: basis.tables, keys: keys)
    return SortedFindings(catalog: FindingCatalog(local: found, remote: remote, order: order, basis: basis))
  }
}

/// A full run's findings in the findings view's order (see `FindingSorter`).
public struct SortedFindings: Sendable {
  let catalog: FindingCatalog
}

/// A full run's findings as the review keeps them: indexed by key for the rows and sorted for
/// the findings view, both made where the run happened. On a review of 1.4 million findings
/// (two bundles that share no key) building the indexes on the loop's thread took 2.4 s.
public struct PreparedFindings: Sendable {
  let local: FindingIndex
  let remote: FindingIndex
  let sorted: SortedFindings

  /// Indexes and sorts the findings of both sides.
  public init(local found: [Finding], remote: [Finding], sorter: FindingSorter) {
    local = FindingIndex(found)
    self.remote = FindingIndex(remote)
    sorted = sorter.sort(local: found, remote: remote)
  }
}

extension AppState {
  /// What a full run of the checks sorts its findings with.
  public var findingSorter: FindingSorter { FindingSorter(local: local, basis: findingBasis) }
}
