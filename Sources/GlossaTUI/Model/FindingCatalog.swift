import GlossaCore

/// Every finding of the review (both sides) in list order, with what the findings view and
/// `]`/`[` look up per finding kept in flat arrays beside it, so filtering and walking never copy
/// a finding: built once after the findings change (a sort), then only read.
struct FindingCatalog: Sendable {
  /// The findings in list order.
  let items: [FindingItem]
  /// Each item's rank, ascending: where a key or line falls is a binary search.
  let ranks: [FindingOrder.Rank]
  /// Each item's severity, kind, side and language, for filters.
  let facets: [Facet]
  let order: FindingOrder
  /// The kinds present, in `FindingKind`'s order.
  let kinds: [FindingKind]
  /// The languages present.
  let languages: Set<String>
  /// The widest language code and short location of any item, for the view's columns.
  let languageWidth: Int
  let locationWidth: Int
  /// The longest kind name present (`unpositioned-arguments`).
  let kindWidth: Int

  struct Facet: Sendable, Hashable {
    var severity: Severity
    var kind: FindingKind
    var side: Side
    var language: String?
  }

  init(local: [Finding], remote: [Finding], order: FindingOrder) {
    let unsorted =
      local.map { FindingItem(side: .local, finding: $0) } + remote.map { FindingItem(side: .remote, finding: $0) }
    let ranked = unsorted.map { order.rank($0) }
    let permutation = ranked.indices.sorted { ranked[$0] < ranked[$1] }
    items = permutation.map { unsorted[$0] }
    ranks = permutation.map { ranked[$0] }
    facets = items.map {
      Facet(severity: $0.finding.severity, kind: $0.finding.kind, side: $0.side, language: $0.finding.language)
    }
    self.order = order
    let presentKinds = Set(facets.map(\.kind))
    kinds = FindingKind.allCases.filter { presentKinds.contains($0) }
    languages = Set(facets.compactMap(\.language))
    languageWidth = languages.map(\.count).max() ?? 0
    locationWidth = items.lazy.map { $0.shortLocation.count }.max() ?? 0
    kindWidth = kinds.map(\.rawValue.count).max() ?? 0
  }

  var count: Int { items.count }

  /// The index of the first item ranked above `bound` (`count` when none is).
  func firstIndex(above bound: FindingOrder.Rank) -> Int {
    var low = 0
    var high = ranks.count
    while low < high {
      let middle = (low + high) / 2
      if bound < ranks[middle] { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// The findings that pass the findings view's filters: positions into the catalog's items, so
/// narrowing a list of 100,000 findings copies integers, not findings.
public struct FindingList: RandomAccessCollection, Sendable, Hashable {
  let all: [FindingItem]
  /// Indices into `all`, ascending.
  let positions: [Int]

  init(all: [FindingItem] = [], positions: [Int] = []) {
    self.all = all
    self.positions = positions
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { positions.count }
  public subscript(index: Int) -> FindingItem { all[positions[index]] }

  /// The list index of catalog item `position`, if it passes.
  func index(ofPosition position: Int) -> Int? {
    let low = firstIndex(atOrAfterPosition: position)
    return low < positions.count && positions[low] == position ? low : nil
  }

  /// The list index of the first item at or after catalog item `position` (`count` when none).
  func firstIndex(atOrAfterPosition position: Int) -> Int {
    var low = 0
    var high = positions.count
    while low < high {
      let middle = (low + high) / 2
      if positions[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  public static func == (a: FindingList, b: FindingList) -> Bool {
    a.positions == b.positions && a.all.count == b.all.count
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(positions) }
}
