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
    } else {
      var keys = source.order
      var extra = Set<String>()
      for other in [local] + (remote.map { [$0] } ?? []) {
        for key in other.order where !source.contains(key) && extra.insert(key).inserted { keys.append(key) }
      }
      self.keys = keys
      // A key's display width is at most its UTF-8 length: only longer keys are measured.
      var widest = 0
      for key in keys where key.utf8.count > widest { widest = Swift.max(widest, DisplayWidth.columns(of: key)) }
      self.keyColumns = widest
    }
    self.source = source
    self.local = local
    self.remote = remote
    self.chain = chain
    self.localFindings = localFindings
    self.remoteFindings = remoteFindings
    self.edited = edited
  }

  /// The key list and the key orders it was made from: rows made from snapshots with the same
  /// orders (updated for an edited value) have the same keys.
  struct KeyList {
    var keys: [String]
    var keyColumns: Int
    var source: KeyOrderToken
    var local: KeyOrderToken
    var remote: KeyOrderToken?
  }

  var keyList: KeyList {
    KeyList(
      keys: keys, keyColumns: keyColumns, source: source.orderToken, local: local.orderToken, remote: remote?.orderToken
    )
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

  /// True when row `index` has a finding on either side (without building the row).
  func hasFindings(at index: Int) -> Bool {
    localFindings[keys[index]] != nil || remoteFindings[keys[index]] != nil
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
