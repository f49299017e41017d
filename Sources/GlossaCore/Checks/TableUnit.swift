/// One language × table name being checked: the tables, options and language facts that every
/// key of the table shares, built once per table rather than once per key.
final class TableUnit: Sendable {
  let language: String
  let name: String
  let isSource: Bool
  let source: TableIndex?
  let translation: TableIndex?
  let remote: TableIndex?
  let hasRemote: Bool
  let languageTables: [TableIndex]
  let options: CheckOptions
  let bundleName: String
  /// Precomputed facts of the source table's records (`sourceTable`), when the checker has them.
  let sourceFacts: SourceFactsTable?
  /// The language's CLDR plural rules; nil when CLDR does not know the language.
  let pluralRules: PluralRuleSet?
  /// Chinese and Japanese write without spaces: only newlines count at a value's edges.
  let comparesNewlinesOnly: Bool

  init(
    language: String, name: String, isSource: Bool, source: TableIndex?, translation: TableIndex?,
    remote: TableIndex?, hasRemote: Bool, languageTables: [TableIndex],
    options: CheckOptions = CheckOptions(), bundleName: String = "", sourceFacts: SourceFactsTable? = nil
  ) {
    self.language = language
    self.name = name
    self.isSource = isSource
    self.source = source
    self.translation = translation
    self.remote = remote
    self.hasRemote = hasRemote
    self.languageTables = languageTables
    self.options = options
    self.bundleName = bundleName
    self.sourceFacts = sourceFacts
    let (rules, unknown) = PluralRules.resolve(localeCode: language)
    pluralRules = unknown == nil ? rules : nil
    comparesNewlinesOnly = ["ja", "zh", "yue"].contains(
      language.lowercased().split(separator: "-").first.map(String.init) ?? "")
  }

  /// The table keys are compared against: the source language's, or this one for the source.
  var sourceTable: TableIndex? { isSource ? translation : source }

  /// This table's keys, then the source's keys it lacks, then the remote's keys neither has.
  /// A table the language lacks entirely contributes no source keys (see `MissingKey`).
  func keys() -> [String] {
    var result: [String] = []
    forEachKey { key, _, _ in result.append(key) }
    return result
  }

  /// The subject of `key`, checked with `options` (the TUI's one-key re-check).
  func subject(_ key: String, options: CheckOptions, bundleName: String) -> KeySubject {
    let unit =
      options == self.options && bundleName == self.bundleName
      ? self
      : TableUnit(
        language: language, name: name, isSource: isSource, source: source, translation: translation,
        remote: remote, hasRemote: hasRemote, languageTables: languageTables, options: options,
        bundleName: bundleName)
    let slot = unit.sourceTable?.slot(of: key)
    return KeySubject(
      key: key, source: slot.flatMap { unit.sourceTable?.record(at: $0) },
      translation: translation?.record(for: key), remote: remote?.record(for: key), unit: unit,
      sourceSlot: unit.sourceFacts == nil ? nil : slot)
  }

  /// Calls `body` with the subject of every key, in `keys()` order, looking each key up once.
  func forEachSubject(_ body: (KeySubject) -> Void) {
    let sourceTable = self.sourceTable
    let remote = self.remote
    forEachKey { key, translationSlot, slot in
      body(
        KeySubject(
          key: key, source: slot.flatMap { sourceTable?.record(at: $0) },
          translation: translationSlot.flatMap { translation?.record(at: $0) },
          remote: remote?.record(for: key), unit: self, sourceSlot: sourceFacts == nil ? nil : slot))
    }
  }

  /// Every key once, with its slot in this language's table and in the source table: this
  /// table's keys, then the source keys it lacks, then the remote's keys neither has.
  private func forEachKey(_ body: (String, Int?, Int?) -> Void) {
    let sourceTable = self.sourceTable
    // For a translation, the source slots its keys matched: the source keys it lacks are the
    // rest, found without hashing every source key again. Nil when there is no such list (the
    // source itself, or a language without this table, which is one finding, not one per key).
    var matched: [Bool]?
    if let translation {
      let keys = translation.keys
      if isSource {
        for slot in keys.indices { body(keys[slot], slot, slot) }
      } else if let sourceTable {
        let sourceKeys = sourceTable.keys
        var found = Array(repeating: false, count: sourceKeys.count)
        // Translations usually list their keys in the source's order: try the slot after the
        // last match with one string comparison before hashing the key.
        var guess = 0
        for slot in keys.indices {
          let key = keys[slot]
          let sourceSlot = guess < sourceKeys.count && sourceKeys[guess] == key ? guess : sourceTable.slot(of: key)
          if let sourceSlot {
            guess = sourceSlot + 1
            found[sourceSlot] = true
          }
          body(key, slot, sourceSlot)
        }
        for slot in sourceKeys.indices where !found[slot] { body(sourceKeys[slot], nil, slot) }
        matched = found
      } else {
        for slot in keys.indices { body(keys[slot], slot, nil) }
      }
    }
    if let remote {
      for key in remote.keys where translation?.slot(of: key) == nil {
        let sourceSlot = sourceTable?.slot(of: key)
        // A key of the source was reported above, with the source keys the translation lacks.
        if matched != nil && sourceSlot != nil { continue }
        body(key, nil, sourceSlot)
      }
    }
  }
}
