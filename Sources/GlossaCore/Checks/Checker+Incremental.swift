/// The table indexes the per-key checks read, kept between calls so that checking one key again
/// costs that key's checks, not indexing its whole language again.
///
/// Each index remembers the revisions of the files it was built from; a lookup rebuilds only
/// the tables whose files changed (an edit, a save, a file read later), so no caller ever
/// invalidates anything by hand.
public struct KeyCheckCache: Sendable {
  private struct Slot: Hashable, Sendable {
    var remote: Bool
    var language: String
  }

  private struct Cached: Sendable {
    var revisions: [Revision]
    var index: TableIndex
  }

  private var indexes: [Slot: [String: Cached]] = [:]
  /// The languages indexed, least recently used first: past `limit` the oldest is let go (on
  /// both sides), so a review that edits in one language after another holds a few languages'
  /// indexes, not all.
  private var recent: [String] = []
  private let limit: Int

  /// An empty cache keeping the indexes of at most `languages` languages (each on both sides);
  /// indexes are built as keys are checked.
  public init(languages: Int = 8) {
    limit = max(languages, 2)
  }

  /// The number of languages indexed (a language indexed on both sides counts once).
  public var indexedLanguages: Int { Set(indexes.keys.map(\.language)).count }

  /// The indexes of every table of `language` in `bundle`, by table name: cached while the
  /// files' revisions are the same, else indexed again.
  mutating func tables(
    of language: String, in bundle: LocalizationBundle, remote: Bool, changing key: String? = nil
  ) -> [String: TableIndex] {
    let slot = Slot(remote: remote, language: language)
    var grouped: [String: [LocaleTable]] = [:]
    for table in bundle.tables where table.language == language { grouped[table.name, default: []].append(table) }
    var cached = indexes[slot] ?? [:]
    var result: [String: TableIndex] = [:]
    for (name, files) in grouped {
      let revisions = files.map(\.revision)
      if let hit = cached[name], hit.revisions == revisions {
        result[name] = hit.index
      } else {
        // After an edit of `key`, its record is read again; the rest of the index is kept
        // when nothing else in the files changed.
        let index =
          cached[name].flatMap { hit in key.flatMap { hit.index.updating($0, files: files) } }
          ?? TableIndex(files: files)
        cached[name] = Cached(revisions: revisions, index: index)
        result[name] = index
      }
    }
    for name in cached.keys where grouped[name] == nil { cached[name] = nil }
    indexes[slot] = cached
    recent.removeAll { $0 == language }
    recent.append(language)
    // One key's check asks for two languages at most (its own, on one or both sides, and the
    // source): the limit is never below that, so a call never lets go of one it just asked for.
    while recent.count > limit {
      let oldest = recent.removeFirst()
      for remote in [false, true] { indexes[Slot(remote: remote, language: oldest)] = nil }
    }
    return result
  }
}

extension KeyCheckCache {
  /// Indexes what a per-key check of `language` in `bundle` (against `remote`) reads: that
  /// language's tables, the development language's, and the remote's tables of `language`.
  /// Done ahead, on another thread, the first check after an edit finds them (see `adopt`).
  public mutating func prepare(language: String, in bundle: LocalizationBundle, against remote: LocalizationBundle?) {
    let source = Checker.sourceLanguage(of: bundle)
    _ = tables(of: language, in: bundle, remote: false)
    if language != source && language != "Base" { _ = tables(of: source, in: bundle, remote: false) }
    if let remote { _ = tables(of: language, in: remote, remote: true) }
  }

  /// Takes the indexes `other` has and this cache lacks (a copy prepared on another thread).
  /// An index of files changed since is never served: every use compares revisions.
  public mutating func adopt(_ other: KeyCheckCache) {
    for (slot, tables) in other.indexes {
      var mine = indexes[slot] ?? [:]
      for (name, cached) in tables where mine[name] == nil { mine[name] = cached }
      indexes[slot] = mine
    }
    for language in other.recent where indexes.keys.contains(where: { $0.language == language }) {
      recent.removeAll { $0 == language }
      recent.append(language)
    }
    while recent.count > limit {
      let oldest = recent.removeFirst()
      for remote in [false, true] { indexes[Slot(remote: remote, language: oldest)] = nil }
    }
  }
}

extension Checker {
  /// The findings about one key of one language's table, reading only that language's tables
  /// and the source table: what the review calls after an edit.
  ///
  /// Without a `cache`, the language's tables are indexed for this call alone.
  public func findings(
    for key: String, language: String, table: String, in bundle: LocalizationBundle,
    against remote: LocalizationBundle? = nil
  ) -> [Finding] {
    var cache = KeyCheckCache()
    return findings(for: key, language: language, table: table, in: bundle, against: remote, cache: &cache)
  }

  /// The findings about one key, with the indexes kept in `cache` between calls.
  public func findings(
    for key: String, language: String, table: String, in bundle: LocalizationBundle,
    against remote: LocalizationBundle? = nil, cache: inout KeyCheckCache
  ) -> [Finding] {
    let subject = subject(key, language: language, table: table, in: bundle, against: remote, cache: &cache)
    return findings(of: subject)
  }

  /// The findings of the edited key as if `draft.newValue` were its value on one side, without
  /// changing either bundle: what the review shows while a value is being typed.
  ///
  /// A value the table does not hold yet has no line (0) until it is written.
  public func findings(
    ofDraft draft: Edit, onRemote: Bool = false, in bundle: LocalizationBundle,
    against remote: LocalizationBundle? = nil, cache: inout KeyCheckCache
  ) -> [Finding] {
    let address = draft.address
    var subject = subject(
      address.key, language: address.language, table: address.table, in: bundle, against: remote, cache: &cache)
    let value = draft.newValue
    if onRemote {
      subject.remote = Self.record(
        subject.remote, key: address.key, setting: value, at: address, file: subject.file,
        pluralFile: subject.pluralFile)
    } else {
      subject.translation = Self.record(
        subject.translation, key: address.key, setting: value, at: address, file: subject.file,
        pluralFile: subject.pluralFile)
      if subject.isSource { subject.source = subject.translation }
    }
    return findings(of: subject).filter { $0.key == address.key && $0.language == address.language }
  }

  private func findings(of subject: KeySubject) -> [Finding] {
    if subject.isExemptFromChecks { return [] }
    let ignored = subject.sourceFacts.ignored
    var found: [Finding] = []
    for check in checks { check.check(subject) { if !ignored.contains($0.kind) { found.append($0) } } }
    return finish(found)
  }

  /// The subject of one key, built from cached indexes.
  private func subject(
    _ key: String, language: String, table: String, in bundle: LocalizationBundle,
    against remote: LocalizationBundle?, cache: inout KeyCheckCache
  ) -> KeySubject {
    let source = Self.sourceLanguage(of: bundle)
    let standsAlone = language == source || language == "Base"
    let tables = cache.tables(of: language, in: bundle, remote: false, changing: key)
    let sourceTable = standsAlone ? nil : cache.tables(of: source, in: bundle, remote: false, changing: key)[table]
    let remoteTable = remote.flatMap { cache.tables(of: language, in: $0, remote: true, changing: key)[table] }
    let unit = TableUnit(
      language: language, name: table, isSource: standsAlone, source: sourceTable,
      translation: tables[table], remote: remoteTable, hasRemote: remote != nil,
      languageTables: tables.keys.sorted().compactMap { tables[$0] })
    return unit.subject(key, options: options, bundleName: bundle.name)
  }

  /// `record` with the value at `address` replaced (or removed when `value` is nil); a new
  /// plain value is in `file`, a new plural family in `pluralFile`.
  static func record(
    _ record: KeyRecord?, key: String, setting value: String?, at address: ValueAddress, file: String,
    pluralFile: String
  ) -> KeyRecord? {
    var result =
      record ?? KeyRecord(key: key, entry: nil, families: [], file: address.plural == nil ? file : pluralFile)
    if let category = address.plural {
      let index =
        result.families.firstIndex { address.variable == nil || $0.variable == address.variable }
      if let index {
        result.families[index].forms[category] = value
      } else if let value {
        if result.families.isEmpty && result.file != pluralFile { result.familyFile = pluralFile }
        result.families.append(
          PluralFamily(key: key, variable: address.variable, forms: [category: value], line: 0))
      }
    } else if let value {
      if result.entry == nil { result.entry = Entry(key: key, value: value, line: 0) }
      result.entry?.value = value
    } else {
      result.entry = nil
    }
    return result.entry == nil && result.families.isEmpty ? nil : result
  }
}
