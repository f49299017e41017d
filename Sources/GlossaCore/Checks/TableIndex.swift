/// The keys of one logical table of one language, indexed for the checks.
///
/// A logical table is every file of a language with the same table name:
/// `Localizable.strings` and `Localizable.stringsdict` together form `Localizable`, as on
/// Apple platforms. Each key's record is built once, so a lookup is one hash and copying the
/// index is one reference.
public struct TableIndex: Sendable {
  private let storage: Storage

  public var language: String { storage.language }
  /// The table name (`Localizable`).
  public var name: String { storage.name }
  /// The files, `.strings` before `.stringsdict` before JSON.
  public var files: [LocaleTable] { storage.files }
  /// Every key (plain or plural family) in order of first appearance, without repeats.
  public var keys: [String] { storage.keys }
  /// One record per key, in the order of `keys`.
  public var records: [KeyRecord] { storage.records }
  /// Repeated keys, per key.
  public var duplicates: [String: [DuplicateRecord]] { storage.duplicates }
  /// String Catalog units whose state is `needs_review` or `stale`, per key.
  public var entriesNeedingReview: [String: [Entry]] { storage.entriesNeedingReview }
  /// String Catalog keys marked `shouldTranslate: false`.
  public var untranslatable: Set<String> { storage.untranslatable }
  /// True when no file of this table could be decoded: its keys are unknown, not missing
  /// (the `encoding-error` finding already says so).
  public var isUndecodable: Bool { storage.isUndecodable }

  /// The effective plain entry per key (the last occurrence wins, as on Apple platforms).
  public var entries: [String: Entry] {
    var result: [String: Entry] = [:]
    for record in storage.records { if let entry = record.entry { result[record.key] = entry } }
    return result
  }

  /// Plural families per key (a `.stringsdict` key can hold several variables).
  public var families: [String: [PluralFamily]] {
    var result: [String: [PluralFamily]] = [:]
    for record in storage.records where !record.families.isEmpty { result[record.key] = record.families }
    return result
  }

  /// The file each key was first found in.
  public var fileOfKey: [String: String] {
    var result: [String: String] = [:]
    for record in storage.records { result[record.key] = record.file }
    return result
  }

  /// Indexes one file.
  public init(_ table: LocaleTable) {
    self.init(files: [table])
  }

  /// Indexes the files of one language and table name (at least one).
  public init(files: [LocaleTable]) {
    storage = Storage(files: files)
  }

  /// This index with the record of `key` read again from `files` (the same files after an edit
  /// of that key: a value changed, added at the end or removed from it), or nil when anything
  /// but `key`'s entries, families or repeats differs in them: then the caller indexes the files
  /// afresh. The review's check of one edited key needs this instead of indexing a 20,000-key
  /// table again.
  public func updating(_ key: String, files: [LocaleTable]) -> TableIndex? {
    let ordered = Storage.ordered(files)
    guard ordered.count == storage.files.count,
      zip(ordered, storage.files).enumerated().allSatisfy({ index, pair in
        // Only the last file may gain or lose entries of the key, at its end (a value added
        // where it was missing, or that undone), and only a `.strings` file (whose keys all
        // take their places as its entries are read).
        let (new, old) = pair
        let tail = index == ordered.count - 1 && new.document is StringsDocument
        return new.path == old.path && new.format == old.format
          && Self.sameExcept(key, old.document, new.document, tail: tail)
      })
    else { return nil }
    let one = Storage(files: ordered, only: key)
    var keys = storage.keys
    var records = storage.records
    var slots = storage.slots
    if let slot = storage.slots[key] {
      if one.keys.isEmpty {
        // The key is gone: its place can go only when it was the last one.
        guard slot == keys.count - 1 else { return nil }
        keys.removeLast()
        records.removeLast()
        slots[key] = nil
      } else {
        // The key keeps its place: it is still the only key, and in the same first file.
        guard one.keys == [key], one.records[0].file == storage.records[slot].file else { return nil }
        records[slot] = one.records[0]
      }
    } else {
      // A new key at the end of the last file comes after every other key.
      guard one.keys == [key], one.records[0].file == ordered.last?.path else { return nil }
      slots[key] = keys.count
      keys.append(key)
      records.append(one.records[0])
    }
    // Repeats are kept by raw key (`KEY##{one}` for a plural form).
    var duplicates = storage.duplicates.filter { Storage.familyKey($0.key) != key }
    duplicates.merge(one.duplicates) { _, new in new }
    var needingReview = storage.entriesNeedingReview
    needingReview[key] = one.entriesNeedingReview[key]
    var untranslatable = storage.untranslatable
    if one.untranslatable.contains(key) { untranslatable.insert(key) } else { untranslatable.remove(key) }
    return TableIndex(
      storage: Storage(
        files: ordered, keys: keys, records: records, slots: slots, duplicates: duplicates,
        entriesNeedingReview: needingReview, untranslatable: untranslatable))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// True when two versions of a document differ at most in the entries, plural families and
  /// repeats of `key`: every other entry is the same, at the same place (line and column too).
  /// With `tail`, one may also have more entries than the other at its end, all of `key`.
  static func sameExcept(_ key: String, _ old: any TableDocument, _ new: any TableDocument, tail: Bool = false)
    -> Bool
  {
    guard EntryChange(from: old.entries, to: new.entries, tail: tail).isOnly(key) else { return false }
    func others(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
      diagnostics.filter { $0.kind != .duplicateKey || $0.key.map(Storage.familyKey) != key }
    }
    guard others(old.diagnostics) == others(new.diagnostics) else { return false }
    // `.strings` families are grouped from the entries compared above.
    if old is StringsDocument { return true }
    let (x, y) = (old.pluralFamilies.filter { $0.key != key }, new.pluralFamilies.filter { $0.key != key })
    return x.count == y.count && zip(x, y).allSatisfy { $0.isIdentical(to: $1) }
  }

  /// The first file's path, for findings about the table as a whole.
  public var path: String { storage.files.first?.path ?? "" }

  /// The position of `key` in `keys` and `records`, or nil when the table lacks it.
  public func slot(of key: String) -> Int? { storage.slots[key] }

  /// The record of `key`, or nil when the table lacks it.
  public func record(for key: String) -> KeyRecord? {
    guard let slot = storage.slots[key] else { return nil }
    return storage.records[slot].nonEmpty
  }

  /// The record at `slot`, or nil when it holds neither a plain entry nor a plural family.
  func record(at slot: Int) -> KeyRecord? { storage.records[slot].nonEmpty }

  /// The plain value of `key`, or the `other` form of its first plural family.
  public func text(for key: String) -> String? {
    guard let slot = storage.slots[key] else { return nil }
    let record = storage.records[slot]
    if let entry = record.entry { return entry.value }
    return record.families.first?.forms[.other]
  }

  /// The index's contents, shared by every copy.
  private final class Storage: Sendable {
    let language: String
    let name: String
    let files: [LocaleTable]
    let keys: [String]
    let records: [KeyRecord]
    let slots: [String: Int]
    let duplicates: [String: [DuplicateRecord]]
    let entriesNeedingReview: [String: [Entry]]
    let untranslatable: Set<String>
    let isUndecodable: Bool

    init(
      files: [LocaleTable], keys: [String], records: [KeyRecord], slots: [String: Int],
      duplicates: [String: [DuplicateRecord]], entriesNeedingReview: [String: [Entry]],
      untranslatable: Set<String>
    ) {
      self.files = files
      language = files.first?.language ?? ""
      name = files.first?.name ?? ""
      self.keys = keys
      self.records = records
      self.slots = slots
      self.duplicates = duplicates
      self.entriesNeedingReview = entriesNeedingReview
      self.untranslatable = untranslatable
      isUndecodable =
        !files.isEmpty && files.allSatisfy { file in file.diagnostics.contains { $0.kind == .encodingError } }
    }

    /// Indexes `files`; with `only`, the entries, families and repeats of that key alone.
    convenience init(files: [LocaleTable], only: String? = nil) {
      let ordered = Self.ordered(files)
      var keys: [String] = []
      var records: [KeyRecord] = []
      var slots: [String: Int] = [:]
      var duplicates: [String: [DuplicateRecord]] = [:]
      var entriesNeedingReview: [String: [Entry]] = [:]
      var untranslatable = Set<String>()
      let capacity = ordered.reduce(0) { $0 + $1.entries.count }
      keys.reserveCapacity(capacity)
      records.reserveCapacity(capacity)
      slots.reserveCapacity(capacity)
      func slot(for key: String, file: String) -> Int {
        let next = records.count
        // One hash: the subscript inserts `next` when the key is new.
        let slot = Self.value(of: &slots[key, default: next])
        if slot == next {
          keys.append(key)
          records.append(KeyRecord(key: key, entry: nil, families: [], file: file))
        }
        return slot
      }
      for table in ordered {
        let entries = table.entries
        let path = table.path
        var hasPlural = false
        // Entries are read in place and copied once, into their record.
        for index in entries.indices {
          let key = entries[index].key
          if let only, key != only { continue }
          if entries[index].plural == nil && entries[index].device == nil {
            let next = records.count
            let position = Self.value(of: &slots[key, default: next])
            if position == next {
              keys.append(key)
              records.append(KeyRecord(key: key, entry: entries[index], families: [], file: path))
            } else {
              records[position].entry = entries[index]
            }
          } else {
            let position = slot(for: key, file: path)
            if entries[index].plural == nil {
              records[position].devices.append(entries[index])
            } else {
              hasPlural = true
            }
          }
          if entries[index].state?.needsAttention == true {
            entriesNeedingReview[key, default: []].append(entries[index])
          }
          if !entries[index].isTranslatable { untranslatable.insert(key) }
        }
        // A `.strings` file's families are grouped from its plural entries: none, no families.
        let families = table.document is StringsDocument && !hasPlural ? [] : table.document.pluralFamilies
        for family in families where only == nil || family.key == only {
          let position = slot(for: family.key, file: path)
          // A key's plain entry and its plural families can live in different files (a
          // `.strings` placeholder beside the `.stringsdict` entry): findings about the
          // families name the file they came from.
          if records[position].families.isEmpty && records[position].file != path {
            records[position].familyFile = path
          }
          records[position].families.append(family)
        }
        let repeated = table.diagnostics.filter {
          $0.kind == .duplicateKey && (only == nil || $0.key.map(Self.familyKey) == only)
        }
        if !repeated.isEmpty {
          // One pass over the entries, not one per repeat: a file of one key repeated 500,000
          // times has 499,999 repeats.
          let values = Self.valuesByLine(of: Set(repeated.compactMap(\.key)), in: entries)
          for diagnostic in repeated {
            guard let key = diagnostic.key else { continue }
            let here = diagnostic.line.flatMap { values[KeyLine(key: key, line: $0)] }
            let there = diagnostic.relatedLine.flatMap { values[KeyLine(key: key, line: $0)] }
            let differ =
              here?.differ == true || there?.differ == true
              || (here != nil && there != nil && here?.first != there?.first)
            duplicates[key, default: []].append(
              DuplicateRecord(diagnostic: diagnostic, file: table.path, valuesDiffer: differ))
          }
        }
      }
      self.init(
        files: ordered, keys: keys, records: records, slots: slots, duplicates: duplicates,
        entriesNeedingReview: entriesNeedingReview, untranslatable: untranslatable)
    }

    static func ordered(_ files: [LocaleTable]) -> [LocaleTable] {
      files.sorted { ($0.format.order, $0.path) < ($1.format.order, $1.path) }
    }

    /// The key a repeat's raw key belongs to (`KEY##{one}` → `KEY`).
    static func familyKey(_ rawKey: String) -> String { PluralKeySyntax.split(rawKey)?.key ?? rawKey }

    /// A key on one line.
    private struct KeyLine: Hashable {
      var key: String
      var line: Int
    }

    /// For each line holding plain entries of `keys`: the first value there, and whether
    /// another value on that line differs from it.
    private static func valuesByLine(of keys: Set<String>, in entries: [Entry]) -> [KeyLine: (
      first: String, differ: Bool
    )] {
      var result: [KeyLine: (first: String, differ: Bool)] = [:]
      for entry in entries where entry.plural == nil && keys.contains(entry.key) {
        let slot = KeyLine(key: entry.key, line: entry.line)
        if let seen = result[slot] {
          if !seen.differ && seen.first != entry.value { result[slot] = (seen.first, true) }
        } else {
          result[slot] = (entry.value, false)
        }
      }
      return result
    }

    /// The value an `inout` access ends with (for dictionary accesses that insert a default).
    private static func value(of slot: inout Int) -> Int { slot }
  }
}

/// A key that occurs more than once in one file.
public struct DuplicateRecord: Sendable, Hashable {
  public var diagnostic: Diagnostic
  public var file: String
  /// True when the occurrences have different values (one translation is lost).
  public var valuesDiffer: Bool
}

extension TableFormat {
  /// `.strings` first: its entries are the table's plain values.
  var order: Int {
    switch self {
    case .strings: 0
    case .stringsdict: 1
    case .json: 2
    case .xcstrings: 3
    }
  }
}
