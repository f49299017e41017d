import GlossaCore

/// The key list's rows of one language and table, built on demand: switching language or
/// committing an edit reads the tables once into snapshots, and a `KeyRow` is made only for a
/// row that is drawn, searched or filtered on what only a whole row knows.
public struct RowList: RandomAccessCollection, Sendable {
  /// The keys in list order: the source table's, then keys only the translation or the remote has.
  public private(set) var keys: [String] = []
  /// The widest key's display columns (0 for no keys): what the key column would need.
  public private(set) var keyColumns = 0
  var source = TableSnapshot(nil, language: "", table: "")
  var local = TableSnapshot(nil, language: "", table: "")
  var remote: TableSnapshot?
  /// The tables an app consults, remote first, for the effective value.
  var chain: [ChainLink] = []
  var localFindings: [String: [Finding]] = [:]
  var remoteFindings: [String: [Finding]] = [:]
  var edited: Set<String> = []
  /// Per row, a bit per finding kind either side has there (see `KindMasks`); nil until a
  /// filter first needs them.
  private(set) var kindMasks: KindMasks?

  /// Per row, bit `FindingCatalog.kindCode` set when either side has a finding of that kind:
  /// the key list's filters read these instead of two lookups per row. `versions` are the
  /// findings' (local, remote) versions they agree with: rows made again with the same keys
  /// and findings of those versions take them over (a commit under a filter).
  struct KindMasks: Sendable {
    var bits: [UInt64]
    /// The language and table of the findings they were made from.
    var place: TablePlace
    var local: Int
    var remote: Int
  }

  /// One table of the resolution chain with its label (`remote · de`).
  struct ChainLink: Sendable {
    var label: String
    var values: TableSnapshot
  }

  init() {}

  init(
    source: TableSnapshot, local: TableSnapshot, remote: TableSnapshot?, chain: [ChainLink],
    localFindings: [String: [Finding]], remoteFindings: [String: [Finding]], edited: Set<String>,
    reusing previous: KeyList? = nil
  ) {
    if let previous, previous.source === source.orderToken, previous.local === local.orderToken,
      previous.remote === remote?.orderToken
    {
      // The same key orders (snapshots updated for an edited value): the same key list.
      self.keys = previous.keys
      self.keyColumns = previous.keyColumns
    } else if let list = Self.keyList(source: source, local: local, remote: remote) {
      // The extra keys were found when the snapshots were read.
      self.keys = list.keys
      self.keyColumns = list.columns
    } else {
      let list = Self.keyListByLookup(source: source, local: local, remote: remote)
      self.keys = list.keys
      self.keyColumns = list.columns
    }
    self.source = source
    self.local = local
    self.remote = remote
    self.chain = chain
    self.localFindings = localFindings
    self.remoteFindings = remoteFindings
    self.edited = edited
  }

  /// The source's keys, then the keys only the translation has, then those only the remote has
  /// (each once), from the extras the snapshots found against this source's key order; nil
  /// when one of them did not (see `keyListByLookup`).
  static func keyList(source: TableSnapshot, local: TableSnapshot, remote: TableSnapshot?) -> (
    keys: [String], columns: Int
  )? {
    func extras(_ snapshot: TableSnapshot) -> TableSnapshot.Extras? {
      // The development language shown: its rows are the source's.
      if snapshot.orderToken === source.orderToken { return TableSnapshot.Extras(source: source.orderToken) }
      guard let extras = snapshot.extras, extras.source === source.orderToken else { return nil }
      return extras
    }
    guard let localExtras = extras(local) else { return nil }
    var keys = source.order
    var columns = Swift.max(source.widestKey, localExtras.columns)
    keys += localExtras.keys
    if let remote {
      guard let remoteExtras = extras(remote) else { return nil }
      // A key both sides add is listed once, where the translation lists it.
      keys += localExtras.keys.isEmpty ? remoteExtras.keys : remoteExtras.keys.filter { !local.contains($0) }
      columns = Swift.max(columns, remoteExtras.columns)
    }
    return (keys, columns)
  }

  /// The same key list found by looking every key of the translation and the remote up in the
  /// source (snapshots read without the source's keys).
  static func keyListByLookup(source: TableSnapshot, local: TableSnapshot, remote: TableSnapshot?) -> (
    keys: [String], columns: Int
  ) {
    var keys = source.order
    var extra = Set<String>()
    for other in [local] + (remote.map { [$0] } ?? []) {
      for key in other.order where !source.contains(key) && extra.insert(key).inserted { keys.append(key) }
    }
    return (keys, TableSnapshot.widest(keys))
  }

  /// The key list and the key orders it was made from: rows made from snapshots with the same
  /// orders (updated for an edited value) have the same keys.
  struct KeyList {
    var keys: [String]
    var keyColumns: Int
    var source: KeyOrderToken
    var local: KeyOrderToken
    var remote: KeyOrderToken?
    var kindMasks: KindMasks?
  }

  var keyList: KeyList {
    KeyList(
      keys: keys, keyColumns: keyColumns, source: source.orderToken, local: local.orderToken,
      remote: remote?.orderToken,
      kindMasks: kindMasks)
  }

  /// Takes over `previous`'s finding-kind masks when this list has its keys and they are of
  /// the findings these rows were made from: `place`'s, of `versions` (local, remote).
  mutating func takeKindMasks(of previous: KeyList?, place: TablePlace, versions: (local: Int, remote: Int)) {
    guard let masks = previous?.kindMasks, masks.place == place, masks.local == versions.local,
      masks.remote == versions.remote, let previous, previous.keys == keys
    else { return }
    kindMasks = masks
  }

  /// Makes the finding-kind masks when they are not there, as those of `place`'s findings of
  /// `versions` (what these rows were made from).
  mutating func makeKindMasks(place: TablePlace, versions: (local: Int, remote: Int)) -> [UInt64] {
    if let masks = kindMasks { return masks.bits }
    let bits = indices.map { kindMask(localFindings[keys[$0]], remoteFindings[keys[$0]]) }
    kindMasks = KindMasks(bits: bits, place: place, local: versions.local, remote: versions.remote)
    return bits
  }

  /// After one key's findings changed (`local` and `remote` now), taking the findings from
  /// versions `before` to `after`: masks that agreed with `before` take its row's new mask and
  /// agree with `after`; others are dropped (made again when next needed).
  mutating func updateKindMask(
    key: String, place: TablePlace, local: [Finding], remote: [Finding], from before: (local: Int, remote: Int),
    to after: (local: Int, remote: Int)
  ) {
    guard var masks = kindMasks else { return }
    kindMasks = nil
    guard masks.place == place, masks.local == before.local, masks.remote == before.remote else { return }
    if let row = index(of: key) { masks.bits[row] = kindMask(local, remote) }
    masks.local = after.local
    masks.remote = after.remote
    kindMasks = masks
  }

  /// The bits of every kind in `local` and `remote`.
  private func kindMask(_ local: [Finding]?, _ remote: [Finding]?) -> UInt64 {
    var bits: UInt64 = 0
    for finding in local ?? [] { bits |= FindingCatalog.kindBit(finding.kind) }
    for finding in remote ?? [] { bits |= FindingCatalog.kindBit(finding.kind) }
    return bits
  }

  /// Puts new findings into the rows (after a full run); the kind masks are made again.
  mutating func setFindings(local: [String: [Finding]], remote: [String: [Finding]]) {
    localFindings = local
    remoteFindings = remote
    kindMasks = nil
  }

  /// The row of `key`: its source slot, else its place among the keys after the source's.
  func index(of key: String) -> Int? {
    if let slot = source.slot(of: key), slot < keys.count, keys[slot] == key { return slot }
    let start = Swift.min(source.order.count, keys.count)
    return keys[start...].firstIndex(of: key)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }

  public subscript(index: Int) -> KeyRow {
    let key = keys[index]
    let pluralVariable = source.plural(key) ?? local.plural(key) ?? remote?.plural(key)
    let localValue = local.value(key)
    let remoteValue = remote?.value(key)
    var row = KeyRow(
      key: key, variable: pluralVariable ?? nil, isPlural: pluralVariable != nil,
      source: source.value(key), local: localValue, remote: remoteValue,
      comment: source.comment(key) ?? local.comment(key),
      findings: localFindings[key] ?? [], remoteFindings: remoteFindings[key] ?? [],
      isEdited: edited.contains(key))
    row.line = local.line(key) ?? remote?.line(key)
    if remote != nil {
      if let link = chain.first(where: { $0.values.contains(key) }) {
        row.effective = link.values.value(key)
        row.effectiveFrom = link.label
      } else {
        row.effective = key
        row.effectiveFrom = "the key itself"
      }
      row.isChanged = isChanged(at: index)
    }
    return row
  }

  /// True when row `index` has a finding of one of `kinds` on either side (as `KeyRow.has`).
  func hasFinding(at index: Int, of kinds: Set<FindingKind>) -> Bool {
    let key = keys[index]
    return localFindings[key]?.contains { kinds.contains($0.kind) } == true
      || remoteFindings[key]?.contains { kinds.contains($0.kind) } == true
  }

  /// What a search reads of row `index`: its key, values and comment, as the entries hold
  /// them (no string per value).
  func searchable(at index: Int) -> [EntryText] {
    let key = keys[index]
    return [EntryText(key)]
      + [
        source.valueText(key), local.valueText(key), remote?.valueText(key),
        source.commentText(key) ?? local.commentText(key),
      ]
      .compactMap { $0 }
  }

  /// True when both bundles have a value for row `index` and they differ.
  func isChanged(at index: Int) -> Bool {
    guard let remote else { return false }
    let key = keys[index]
    guard let a = local.value(key), let b = remote.value(key) else { return false }
    if a != b { return true }
    // A plural family differs when any form does, or one side has a form the other lacks (a
    // `many` the remote added), not only its `other` form.
    guard local.plural(key) != nil || remote.plural(key) != nil else { return false }
    let localForms = local.pluralForms(key)
    let remoteForms = remote.pluralForms(key)
    return localForms.count != remoteForms.count
      || localForms.contains { name, text in remoteForms[name].map { $0.string != text.string } ?? true }
  }

  /// The line of row `index`'s entry in the local file (else the remote one).
  func line(at index: Int) -> Int? {
    local.line(keys[index]) ?? remote?.line(keys[index])
  }
}
