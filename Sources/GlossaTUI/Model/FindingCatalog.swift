import GlossaCore

/// Every finding of the review (both sides) in list order, with what the findings view and
/// `]`/`[` look up per finding kept in flat arrays beside it, so filtering and walking never copy
/// a finding: built once after the findings change (a sort), then only read.
struct FindingCatalog: Sendable {
  /// The findings in list order, each with its rank (ascending: where a key or line falls is
  /// a binary search). Held as a pool in no order and the list's positions into it, so that a
  /// merge moves four bytes per item after its place, not a finding.
  private(set) var items: FindingItems

  /// Each item's rank in list order (for tests; lookups read `items.rank(at:)`).
  var ranks: [FindingOrder.Rank] { items.indices.map(items.rank(at:)) }

  /// The position of the first item ranked at or after `rank` (the count when none is).
  func position(atOrAfter rank: FindingOrder.Rank) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if items.rank(at: middle) < rank { low = middle + 1 } else { high = middle }
    }
    return low
  }
  /// Each item's kind, severity, side and language packed in 32 bits (see `facetCode`): the
  /// findings view's filters pass over a million items by these words (reading a facet with
  /// its language string retains it).
  private(set) var facetCodes: [UInt32]
  /// Each item's kind as its `kindCode`: `]` under a key filter counts and skips a million
  /// items by these bytes.
  private(set) var kindCodes: [UInt8]
  /// How many items each language, kind and location width has: what the cycles and columns
  /// show is kept up to date by a merge without a pass over every item.
  private var languageCounts: [String: Int] = [:]
  private var kindCounts: [FindingKind: Int] = [:]
  private var locationWidths: [Int: Int] = [:]
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
    let pool = (0..<(local.count + remote.count)).map(item)
    let ranked = pool.map(order.rank)
    let permutation = ranked.indices.sorted { ranked[$0] < ranked[$1] }
    items = FindingItems(pool: pool, ranks: ranked, order: permutation.map { Int32(truncatingIfNeeded: $0) })
    let languageCodes = Self.languageCodes(basis.languages)
    facetCodes = items.map { Self.facetCode($0, languages: languageCodes) }
    kindCodes = facetCodes.map { UInt8(truncatingIfNeeded: $0) }
    self.order = order
    kinds = []
    languages = []
    languageWidth = 0
    locationWidth = 0
    kindWidth = 0
    count(items, by: 1)
    present()
  }

  /// Counts `items` in (or, `by: -1`, out of) the languages, kinds and location widths.
  private mutating func count(_ items: some Sequence<FindingItem>, by step: Int) {
    for item in items {
      if let language = item.finding.language { languageCounts[language, default: 0] += step }
      kindCounts[item.finding.kind, default: 0] += step
      locationWidths[item.shortLocation.count, default: 0] += step
    }
  }

  /// Sets the kinds, languages and widths present from the counts.
  private mutating func present() {
    languageCounts = languageCounts.filter { $0.value > 0 }
    kindCounts = kindCounts.filter { $0.value > 0 }
    locationWidths = locationWidths.filter { $0.value > 0 }
    kinds = FindingKind.allCases.filter { kindCounts[$0] != nil }
    languages = Set(languageCounts.keys)
    languageWidth = languages.map(\.count).max() ?? 0
    locationWidth = locationWidths.keys.max() ?? 0
    kindWidth = kinds.map(\.rawValue.count).max() ?? 0
  }

  /// Each language's code in a facet code: its place among `languages`, from 1 (0 is none or
  /// a language not among them).
  static func languageCodes(_ languages: [String]) -> [String: UInt32] {
    var codes: [String: UInt32] = [:]
    for (index, language) in languages.enumerated() where index < 0xFFFE {
      codes[language] = codes[language] ?? UInt32(index + 1)
    }
    return codes
  }

  /// An item's facet code: kind code in bits 0–7, severity in 8–9, side in 10, language code in
  /// 16–31 (0 for none, 0xFFFF for a language not in the basis).
  static func facetCode(_ item: FindingItem, languages: [String: UInt32]) -> UInt32 {
    let language = item.finding.language.map { languages[$0] ?? 0xFFFF } ?? 0
    return UInt32(kindCode[item.finding.kind] ?? 0) | severityCode(item.finding.severity) << 8
      | (item.side == .remote ? 1 << 10 : 0) | language << 16
  }

  static func severityCode(_ severity: Severity) -> UInt32 {
    switch severity {
    case .error: 0
    case .warning: 1
    case .info: 2
    }
  }

  /// The mask and value a facet code must have to pass the findings view's filters; nil when
  /// the filters name a language no item has (nothing passes).
  func facetFilter(severity: Severity?, kind: FindingKind?, language: String?, side: Side?) -> (
    mask: UInt32, value: UInt32
  )? {
    var mask: UInt32 = 0
    var value: UInt32 = 0
    if let kind {
      mask |= 0xFF
      value |= UInt32(Self.kindCode[kind] ?? 0)
    }
    if let severity {
      mask |= 0x3 << 8
      value |= Self.severityCode(severity) << 8
    }
    if let side {
      mask |= 1 << 10
      value |= side == .remote ? 1 << 10 : 0
    }
    if let language {
      guard let code = Self.languageCodes(basis.languages)[language] else { return nil }
      mask |= 0xFFFF << 16
      value |= code << 16
    }
    return (mask, value)
  }

  var count: Int { items.count }

  /// The positions of the items whose facet code passes `filter` (from `facetFilter`), in
  /// order. A language's items lie together (the order is by language first), so a filter
  /// naming one reads only its run.
  func positions(matching filter: (mask: UInt32, value: UInt32)) -> [Int] {
    var range = 0..<facetCodes.count
    if filter.mask & 0xFFFF_0000 != 0, let run = languageRun(code: filter.value >> 16) { range = run }
    return facetCodes.withUnsafeBufferPointer { codes in
      var positions: [Int] = []
      for index in range where codes[index] & filter.mask == filter.value { positions.append(index) }
      return positions
    }
  }

  /// The items of language code `code` when they lie together in the order (its languages
  /// lead the ranks); nil when the order does not say.
  private func languageRun(code: UInt32) -> Range<Int>? {
    guard code > 0, code < 0xFFFF else { return nil }
    let rankLanguage = order.languageRank(of: basis.languages[Int(code) - 1])
    guard let rankLanguage else { return nil }
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if items.rank(at: middle).language < rankLanguage { low = middle + 1 } else { high = middle }
    }
    var end = low
    high = items.count
    while end < high {
      let middle = (end + high) / 2
      if items.rank(at: middle).language <= rankLanguage { end = middle + 1 } else { high = middle }
    }
    return low..<end
  }

  /// Each kind's code: its place in `FindingKind.allCases`.
  static let kindCode = Dictionary(
    uniqueKeysWithValues: FindingKind.allCases.enumerated().map { ($1, UInt8(truncatingIfNeeded: $0)) })

  /// A kind's bit in a 64-bit set, by its code (kinds past the 64th share the last bit:
  /// `kindBitsAreExact` says whether each kind has a bit of its own).
  static func kindBit(_ kind: FindingKind) -> UInt64 {
    1 << UInt64(Swift.min(63, Int(kindCode[kind] ?? 0)))
  }

  /// True when every kind has a bit of its own in `kindBit`.
  static let kindBitsAreExact = FindingKind.allCases.count <= 64

  /// The bits of `kinds`.
  static func kindBits(_ kinds: Set<FindingKind>) -> UInt64 {
    kinds.reduce(0) { $0 | kindBit($1) }
  }

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
      var high = items.count
      while low < high {
        let middle = (low + high) / 2
        if items.rank(at: middle) < first { low = middle + 1 } else { high = middle }
      }
      var end = low
      while end < items.count && items.rank(at: end).sharesPlace(with: first) { end += 1 }
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
    let languageCodes = Self.languageCodes(basis.languages)
    // The block's items after the merge: kept ones by their place in the pool, added ones
    // appended to it.
    var newOrder: [Int32] = []
    var newFacets: [UInt32] = []
    var newCodes: [UInt8] = []
    var removed: [Int] = []
    var next = 0
    let firstAdded = items.poolCount
    func append(_ index: Int) {
      let code = Self.facetCode(added[index], languages: languageCodes)
      newOrder.append(Int32(truncatingIfNeeded: firstAdded + index))
      newFacets.append(code)
      newCodes.append(UInt8(truncatingIfNeeded: code))
    }
    for position in block {
      let item = items[position]
      if item.side == side && item.finding.key == key && item.finding.language == language
        && item.finding.table == table
      {
        removed.append(position)
        continue
      }
      let rank = items.rank(at: position)
      while next < addedOrder.count && addedRanks[addedOrder[next]] < rank {
        append(addedOrder[next])
        next += 1
      }
      newOrder.append(items.order[position])
      newFacets.append(facetCodes[position])
      newCodes.append(kindCodes[position])
    }
    while next < addedOrder.count {
      append(addedOrder[next])
      next += 1
    }
    // What the columns and the cycles show: a kind or language may go with the removed items,
    // and the widest location may be one of them (counted before the arrays change, so that no
    // second reference makes the replacement copy them).
    let gone = removed.map { items[$0] }
    count(gone, by: -1)
    count(added, by: 1)
    items.replace(block, with: newOrder, adding: added, ranks: addedRanks)
    facetCodes.replaceSubrange(block, with: newFacets)
    kindCodes.replaceSubrange(block, with: newCodes)
    present()
  }

  /// The index of the first item ranked above `bound` (`count` when none is).
  func firstIndex(above bound: FindingOrder.Rank) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if bound < items.rank(at: middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// The catalog's findings in list order: a pool of items with their ranks, in no order, and the
/// list's positions into it. A merge appends the items it adds to the pool and moves only the
/// positions; the items it removes stay in the pool until it is twice the list's size.
public struct FindingItems: RandomAccessCollection, Sendable, Equatable {
  /// The pool as made, and the items merges added after it: appending to the made pool would,
  /// once its capacity is reached, copy every item (1.45 million took 65 ms on the loop).
  private var pool: [FindingItem]
  private var ranks: [FindingOrder.Rank]
  private var addedPool: [FindingItem] = []
  private var addedRanks: [FindingOrder.Rank] = []
  /// Pool positions in list order.
  private(set) var order: [Int32]

  init(pool: [FindingItem] = [], ranks: [FindingOrder.Rank] = [], order: [Int32] = []) {
    self.pool = pool
    self.ranks = ranks
    self.order = order
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { order.count }
  public subscript(index: Int) -> FindingItem {
    let position = Int(order[index])
    return position < pool.count ? pool[position] : addedPool[position - pool.count]
  }

  /// The rank of list item `index`.
  func rank(at index: Int) -> FindingOrder.Rank {
    let position = Int(order[index])
    return position < ranks.count ? ranks[position] : addedRanks[position - ranks.count]
  }

  /// The pool's size (where the next added item goes).
  var poolCount: Int { pool.count + addedPool.count }

  /// Replaces list items `block` with the pool positions `positions`, where `added` (with
  /// their `ranks`) take the positions from `poolCount` on.
  mutating func replace(
    _ block: Range<Int>, with positions: [Int32], adding added: [FindingItem], ranks newRanks: [FindingOrder.Rank]
  ) {
    addedPool += added
    addedRanks += newRanks
    order.replaceSubrange(block, with: positions)
    // Removed items accumulate in the pool: past twice the list (and a few thousand), it keeps
    // only the listed ones. Positions are 32 bits: so is the pool.
    guard poolCount > 2 * order.count + 4096 || poolCount >= Int(Int32.max) else { return }
    let items = Array(self)
    ranks = order.indices.map { rank(at: $0) }
    pool = items
    addedPool = []
    addedRanks = []
    order = (0..<Int32(truncatingIfNeeded: pool.count)).map { $0 }
  }

  public static func == (a: FindingItems, b: FindingItems) -> Bool { a.elementsEqual(b) }
}

/// The findings that pass the findings view's filters: positions into the catalog's items, so
/// narrowing a list of 100,000 findings copies integers, not findings; every item (no filter)
/// needs no positions at all.
public struct FindingList: RandomAccessCollection, Sendable, Hashable {
  let all: FindingItems
  /// Indices into `all`, ascending; nil for every one of them.
  private let chosen: [Int]?

  init(all: FindingItems = FindingItems(), positions: [Int]? = nil) {
    self.all = all
    self.chosen = positions
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { chosen?.count ?? all.count }
  public subscript(index: Int) -> FindingItem { all[position(at: index)] }

  /// The catalog position of list item `index`.
  func position(at index: Int) -> Int { chosen?[index] ?? index }

  /// The catalog positions listed, in order.
  var positions: [Int] { chosen ?? Array(all.indices) }

  /// The list index of catalog item `position`, if it passes.
  func index(ofPosition position: Int) -> Int? {
    let low = firstIndex(atOrAfterPosition: position)
    return low < count && self.position(at: low) == position ? low : nil
  }

  /// The list index of the first item at or after catalog item `position` (`count` when none).
  func firstIndex(atOrAfterPosition position: Int) -> Int {
    guard let chosen else { return Swift.min(Swift.max(0, position), all.count) }
    var low = 0
    var high = chosen.count
    while low < high {
      let middle = (low + high) / 2
      if chosen[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  public static func == (a: FindingList, b: FindingList) -> Bool {
    a.all.count == b.all.count && a.count == b.count && (a.chosen == b.chosen || a.positions == b.positions)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(count) }
}

/// One key's findings on one side after a per-key re-check, waiting to be merged into the
/// sorted catalog.
struct CatalogChange: Sendable {
  var side: Side
  var address: ValueAddress
  var found: [Finding]
}
