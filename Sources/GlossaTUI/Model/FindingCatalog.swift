import GlossaCore

/// Every finding of the review (both sides) in list order, with what the findings view and
/// `]`/`[` look up per finding kept in flat arrays beside it, so filtering and walking never copy
/// a finding: built once after the findings change (a sort), then only read.
struct FindingCatalog: Sendable {
  /// The findings in list order.
  private(set) var items: [FindingItem]
  /// Each item's rank, ascending: where a key or line falls is a binary search.
  private(set) var ranks: [FindingOrder.Rank]
  /// Each item's severity, kind, side and language, for filters.
  private(set) var facets: [Facet]
  /// Each item's kind as its `kindCode`: `]` under a key filter counts and skips a million
  /// items by these bytes (reading the facets retains a string each).
  private(set) var kindCodes: [UInt8]
  let order: FindingOrder
  /// The kinds present, in `FindingKind`'s order.
  private(set) var kinds: [FindingKind]
  /// The languages present.
  private(set) var languages: Set<String>
  /// The widest language code and short location of any item, for the view's columns.
  private(set) var languageWidth: Int
  private(set) var locationWidth: Int
  /// The longest kind name present (`unpositioned-arguments`).
  private(set) var kindWidth: Int

  struct Facet: Sendable, Hashable {
    var severity: Severity
    var kind: FindingKind
    var side: Side
    var language: String?
  }

  /// The review's languages and tables when `order` was made: the order holds while they and
  /// the source table's keys do.
  let basis: Basis

  struct Basis: Sendable, Hashable {
    var languages: [String]
    var tables: [String]
  }

  init(local: [Finding], remote: [Finding], order: FindingOrder, basis: Basis) {
    self.basis = basis
    // Items are made where they are needed, not gathered into an unsorted copy first: on a
    // large review every copy of the findings is tens of megabytes.
    func item(_ index: Int) -> FindingItem {
      index < local.count
        ? FindingItem(side: .local, finding: local[index])
        : FindingItem(side: .remote, finding: remote[index - local.count])
    }
    let ranked = (0..<(local.count + remote.count)).map { order.rank(item($0)) }
    let permutation = ranked.indices.sorted { ranked[$0] < ranked[$1] }
    items = permutation.map(item)
    ranks = permutation.map { ranked[$0] }
    facets = items.map {
      Facet(severity: $0.finding.severity, kind: $0.finding.kind, side: $0.side, language: $0.finding.language)
    }
    kindCodes = facets.map { Self.kindCode[$0.kind] ?? 0 }
    self.order = order
    let presentKinds = Set(facets.map(\.kind))
    kinds = FindingKind.allCases.filter { presentKinds.contains($0) }
    languages = Set(facets.compactMap(\.language))
    languageWidth = languages.map(\.count).max() ?? 0
    locationWidth = items.lazy.map { $0.shortLocation.count }.max() ?? 0
    kindWidth = kinds.map(\.rawValue.count).max() ?? 0
  }

  var count: Int { items.count }

  /// Each kind's code: its place in `FindingKind.allCases`.
  static let kindCode = Dictionary(
    uniqueKeysWithValues: FindingKind.allCases.enumerated().map { ($1, UInt8(truncatingIfNeeded: $0)) })

  /// Per code, true when its kind is one of `kinds`.
  static func mask(of kinds: Set<FindingKind>) -> [Bool] {
    var mask = [Bool](repeating: false, count: 256)
    for kind in kinds { mask[Int(kindCode[kind] ?? 0)] = true }
    return mask
  }

  /// The number of items among the first `end` whose kind `mask` admits.
  func count(admittedBy mask: [Bool], before end: Int) -> Int {
    kindCodes.withUnsafeBufferPointer { codes in
      mask.withUnsafeBufferPointer { mask in
        var total = 0
        for index in 0..<min(end, codes.count) where mask[Int(codes[index])] { total += 1 }
        return total
      }
    }
  }

  /// Replaces one key's findings on one side with `found` (a per-key re-check) without sorting
  /// again, in place (the arrays are copied only when another value shares them). The same catalog a fresh build gives, while `order` holds (the
  /// source table's keys, the languages and the tables did not change).
  ///
  /// A key of the source table has one place in the order, so its findings on both sides sit
  /// together: only that run of items is read and replaced (the arrays' tails move, nothing is
  /// copied finding by finding). A key the source lacks is placed by line, so its findings may
  /// lie apart: those are merged in one pass over every item.
  mutating func replace(side: Side, language: String, table: String, key: String, with found: [Finding]) {
    let added = found.map { FindingItem(side: side, finding: $0) }
    let addedRanks = added.map { order.rank($0) }
    let addedOrder = addedRanks.indices.sorted { addedRanks[$0] < addedRanks[$1] }
    let block: Range<Int>
    if order.keys[table]?[key] != nil {
      let first = order.rank(language: language, table: table, key: key, line: Int.min, side: 0, kind: nil)
      var low = 0
      var high = ranks.count
      while low < high {
        let middle = (low + high) / 2
        if ranks[middle] < first { low = middle + 1 } else { high = middle }
      }
      var end = low
      while end < ranks.count && ranks[end].sharesPlace(with: first) { end += 1 }
      block = low..<end
    } else {
      // A key the source lacks is placed by line after the source's keys of its language and
      // table: only that run of items is read (on a review of 1.45 million findings, a pass
      // over every item took 300 ms per merged change).
      var lower = order.rank(language: language, table: table, key: key, line: nil, side: 0, kind: nil)
      lower.position = Int.max / 2 + Int(Int32.min)
      lower.line = Int32.min
      lower.side = Int8.min
      lower.kind = 0
      lower.key = ""
      var upper = lower
      upper.position = Int.max
      block = firstIndex(above: lower)..<firstIndex(above: upper)
    }
    var newItems: [FindingItem] = []
    var newRanks: [FindingOrder.Rank] = []
    var newFacets: [Facet] = []
    var newCodes: [UInt8] = []
    var removed: [Int] = []
    var next = 0
    func append(_ index: Int) {
      let item = added[index]
      newItems.append(item)
      newRanks.append(addedRanks[index])
      newFacets.append(
        Facet(severity: item.finding.severity, kind: item.finding.kind, side: side, language: item.finding.language))
      newCodes.append(Self.kindCode[item.finding.kind] ?? 0)
    }
    for position in block {
      let item = items[position]
      if item.side == side && item.finding.key == key && item.finding.language == language
        && item.finding.table == table
      {
        removed.append(position)
        continue
      }
      while next < addedOrder.count && addedRanks[addedOrder[next]] < ranks[position] {
        append(addedOrder[next])
        next += 1
      }
      newItems.append(item)
      newRanks.append(ranks[position])
      newFacets.append(facets[position])
      newCodes.append(kindCodes[position])
    }
    while next < addedOrder.count {
      append(addedOrder[next])
      next += 1
    }
    // What the columns and the cycles show: a kind or language may go with the removed items,
    // and the widest location may be one of them (read before the arrays change, so that no
    // second reference makes the replacement copy them).
    let gone = removed.map { facets[$0] }
    let dropsWidest = removed.contains { items[$0].shortLocation.count == locationWidth }
    items.replaceSubrange(block, with: newItems)
    ranks.replaceSubrange(block, with: newRanks)
    facets.replaceSubrange(block, with: newFacets)
    kindCodes.replaceSubrange(block, with: newCodes)
    for kind in Set(gone.map(\.kind)) where !facets.contains(where: { $0.kind == kind }) {
      kinds.removeAll { $0 == kind }
    }
    let addedKinds = Set(added.map(\.finding.kind))
    kinds = FindingKind.allCases.filter { addedKinds.contains($0) || kinds.contains($0) }
    for code in Set(gone.compactMap(\.language)) where !facets.contains(where: { $0.language == code }) {
      languages.remove(code)
    }
    languages.formUnion(added.compactMap(\.finding.language))
    languageWidth = languages.map(\.count).max() ?? 0
    kindWidth = kinds.map(\.rawValue.count).max() ?? 0
    let addedWidth = added.lazy.map { $0.shortLocation.count }.max() ?? 0
    locationWidth =
      dropsWidest ? items.lazy.map { $0.shortLocation.count }.max() ?? 0 : max(locationWidth, addedWidth)
  }

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

/// One key's findings on one side after a per-key re-check, waiting to be merged into the
/// sorted catalog.
struct CatalogChange: Sendable {
  var side: Side
  var address: ValueAddress
  var found: [Finding]
}
