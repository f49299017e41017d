import Foundation

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
  public var keys: [String] { storage.keys.map(\.string) }
  /// The keys as texts, read from the files (no string per key).
  var keyTexts: [EntryText] { storage.keys }
  /// The number of keys.
  public var keyCount: Int { storage.keys.count }
  /// One record per key, in the order of `keys`.
  public var records: [KeyRecord] {
    let table = storage.table
    return table.keys.indices.map { KeyRecord(table, slot: $0) }
  }
  /// The records, by slot.
  var recordTable: RecordTable { storage.table }
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
    let table = storage.table
    for slot in table.keys.indices { if let entry = table.entry(at: slot) { result[table.keys[slot].string] = entry } }
    return result
  }

  /// Plural families per key (a `.stringsdict` key can hold several variables).
  public var families: [String: [PluralFamily]] {
    var result: [String: [PluralFamily]] = [:]
    let table = storage.table
    for slot in table.keys.indices {
      if let families = table.extras(at: slot)?.families, !families.isEmpty {
        result[table.keys[slot].string] = families
      }
    }
    return result
  }

  /// The file each key was first found in.
  public var fileOfKey: [String: String] {
    var result: [String: String] = [:]
    let table = storage.table
    for slot in table.keys.indices { result[table.keys[slot].string] = table.paths[Int(table.places[slot].file)] }
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

  /// Indexes the files of one language and table name (at least one), expecting the keys of
  /// `template` (the source language's index of the same table) in the same order: while they
  /// come so, each key takes its slot after one comparison with the template's key there,
  /// without being hashed, and when every one came so the index shares the template's key
  /// table (see `RecordBuilder`). The index is the same as `init(files:)`'s either way.
  init(files: [LocaleTable], like template: TableIndex?) {
    storage = Storage(files: files, template: template?.storage)
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
    let old = storage.table
    var keys = old.keys
    var places = old.places
    var extras = old.extras
    var slots = storage.slots
    // The key's place as `one` found it (its file and entry positions are the same files'), its
    // families and devices moved into `extras`, where the key's old ones were if it had any.
    func place(replacing previous: RecordPlace?) -> RecordPlace {
      var place = one.table.places[0]
      guard place.extras >= 0 else {
        // The key has none now: its old row goes empty, not kept with entries nothing reads.
        if let previous, previous.extras >= 0 { extras[Int(previous.extras)] = RecordExtras() }
        return place
      }
      let moved = one.table.extras[Int(place.extras)]
      if let previous, previous.extras >= 0 {
        extras[Int(previous.extras)] = moved
        place.extras = previous.extras
      } else {
        place.extras = Int32(extras.count)
        extras.append(moved)
      }
      return place
    }
    if let slot = storage.slot(of: key) {
      if one.table.keys.isEmpty {
        // The key is gone: its place can go only when it was the last one.
        guard slot == keys.count - 1 else { return nil }
        slots.removeLast(EntryText(key), in: keys)
        keys.removeLast()
        places.removeLast()
      } else {
        // The key keeps its place: it is still the only key, and in the same first file.
        guard one.hasOnly(key), one.path(at: 0) == storage.path(at: slot) else { return nil }
        places[slot] = place(replacing: places[slot])
      }
    } else {
      // A new key at the end of the last file comes after every other key.
      guard one.hasOnly(key), one.path(at: 0) == ordered.last?.path else { return nil }
      // A text of its own: a range of the file's text would keep that whole text alive.
      let text = EntryText(key)
      _ = slots.slot(of: text, orInsert: keys.count, in: keys)
      keys.append(text)
      places.append(place(replacing: nil))
    }
    let table = RecordTable(
      keys: keys, entries: one.table.entries, paths: one.table.paths, places: places, extras: extras)
    // Repeats are kept by raw key (`KEY##{one}` for a plural form).
    var duplicates = storage.duplicates.filter { Storage.familyKey($0.key) != key }
    duplicates.merge(one.duplicates) { _, new in new }
    var needingReview = storage.entriesNeedingReview
    needingReview[key] = one.entriesNeedingReview[key]
    var untranslatable = storage.untranslatable
    if one.untranslatable.contains(key) { untranslatable.insert(key) } else { untranslatable.remove(key) }
    return TableIndex(
      storage: Storage(
        files: ordered, table: table, slots: slots, duplicates: duplicates,
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
  public func slot(of key: String) -> Int? { storage.slot(of: key) }

  /// The record of `key`, or nil when the table lacks it.
  public func record(for key: String) -> KeyRecord? {
    guard let slot = storage.slot(of: key) else { return nil }
    return KeyRecord(storage.table, slot: slot).nonEmpty
  }

  /// The position of `key` in `keys`, or nil when the table lacks it.
  func slot(of key: EntryText) -> Int? { storage.slots.slot(of: key, in: storage.keys) }

  /// Per slot of this index, the slot of its key in `source`, when this index was built like
  /// `source` (`init(files:like:)`) and found every one of its keys there: what a walk over
  /// this language's keys would otherwise find by comparing or hashing each. Nil otherwise.
  func sourceSlots(in source: TableIndex) -> [Int32]? {
    guard let matched = storage.matched, matched.template === source.storage else { return nil }
    return matched.slots
  }

  /// True when this index's key table is `other`'s (the same buckets, not a copy), for tests.
  func keyTableIsShared(with other: TableIndex) -> Bool { storage.slots.isShared(with: other.storage.slots) }

  /// The record of `key`, or nil when the table lacks it.
  func record(for key: EntryText) -> KeyRecord? {
    guard let slot = slot(of: key) else { return nil }
    return KeyRecord(storage.table, slot: slot).nonEmpty
  }

  /// The record at `slot`, or nil when it holds neither a plain entry nor a plural family.
  func record(at slot: Int) -> KeyRecord? { KeyRecord(storage.table, slot: slot).nonEmpty }

  /// The plain value of `key`, or the `other` form of its first plural family.
  public func text(for key: String) -> String? {
    guard let slot = storage.slot(of: key) else { return nil }
    let record = KeyRecord(storage.table, slot: slot)
    return record.value ?? record.families.first?.forms[.other]
  }

  /// The index's contents, shared by every copy.
  private final class Storage: Sendable {
    let language: String
    let name: String
    let files: [LocaleTable]
    let table: RecordTable
    /// The key table, made when first asked for when the index was built without one.
    private let slotCell: KeyTableCell
    var slots: KeyTable { slotCell.table(keys: table.keys) }
    let duplicates: [String: [DuplicateRecord]]
    let entriesNeedingReview: [String: [Entry]]
    let untranslatable: Set<String>
    let isUndecodable: Bool
    /// For an index built like a template whose keys it all found there: the template, and per
    /// slot the template slot of its key (see `sourceSlots(in:)`).
    let matched: (template: Storage, slots: [Int32])?

    var keys: [EntryText] { table.keys }

    init(
      files: [LocaleTable], table: RecordTable, slots: KeyTable?,
      duplicates: [String: [DuplicateRecord]], entriesNeedingReview: [String: [Entry]],
      untranslatable: Set<String>, matched: (template: Storage, slots: [Int32])? = nil
    ) {
      self.matched = matched
      self.files = files
      language = files.first?.language ?? ""
      name = files.first?.name ?? ""
      self.table = table
      slotCell = KeyTableCell(slots)
      self.duplicates = duplicates
      self.entriesNeedingReview = entriesNeedingReview
      self.untranslatable = untranslatable
      isUndecodable =
        !files.isEmpty && files.allSatisfy { file in file.diagnostics.contains { $0.kind == .encodingError } }
    }

    /// The position of `key` in `keys`, or nil when the table lacks it.
    func slot(of key: String) -> Int? { slots.slot(of: key, in: table.keys) }

    /// True when `key` is the one key indexed.
    func hasOnly(_ key: String) -> Bool { table.keys.count == 1 && table.keys[0].isEqual(to: EntryText(key)) }

    /// The path of the file of the record at `slot`.
    func path(at slot: Int) -> String { table.paths[Int(table.places[slot].file)] }

    /// Indexes `files`; with `only`, the entries, families and repeats of that key alone.
    ///
    /// Entries stay where they are: a record is the position of its plain entry in its file's
    /// entries, so indexing copies no entry and allocates nothing per key.
    convenience init(files: [LocaleTable], only: String? = nil, template: Storage? = nil) {
      let ordered = Self.ordered(files)
      let entryArrays = ordered.map(\.entries)
      let paths = ordered.map(\.path)
      var records = RecordBuilder(
        capacity: only == nil ? entryArrays.reduce(0) { $0 + $1.count } : 1,
        template: only == nil ? template.map { ($0.keys, $0.slots) } : nil)
      var duplicates: [String: [DuplicateRecord]] = [:]
      var entriesNeedingReview: [String: [Entry]] = [:]
      var untranslatable = Set<String>()
      let onlyBytes = only.map { Array($0.utf8) }
      for (fileIndex, table) in ordered.enumerated() {
        let file = Int32(fileIndex)
        let path = paths[fileIndex]
        var hasPlural = false
        // Entries are read in place: a record keeps their position, not a copy.
        entryArrays[fileIndex].withUnsafeBufferPointer { entries in
          for index in entries.indices {
            if let onlyBytes,
              !onlyBytes.withUnsafeBufferPointer({ Entry.key(at: entries.baseAddress! + index, is: $0) })
            {
              continue
            }
            let key = entries[index].keyText
            let position = records.slot(for: key, file: file)
            if entries[index].plural == nil && entries[index].device == nil {
              // The last occurrence is the effective one, as on Apple platforms.
              records.places[position].entryFile = file
              records.places[position].entryIndex = Int32(index)
            } else if entries[index].plural == nil {
              // Kept apart from the file's entries array (and carried over by `updating` when
              // another key is edited): with a text of its own, not a range of the file's.
              records.extras[records.extrasIndex(of: position)].devices.append(entries[index].detached)
            } else {
              hasPlural = true
            }
            if entries[index].state?.needsAttention == true {
              entriesNeedingReview[key.string, default: []].append(entries[index].detached)
            }
            if !entries[index].isTranslatable { untranslatable.insert(key.string) }
          }
        }
        // A `.strings` file's families are grouped from its plural entries: none, no families.
        let families = table.document is StringsDocument && !hasPlural ? [] : table.document.pluralFamilies
        for family in families where only == nil || family.key == only {
          let position = records.slot(for: EntryText(family.key), file: file)
          let index = records.extrasIndex(of: position)
          // A key's plain entry and its plural families can live in different files (a
          // `.strings` placeholder beside the `.stringsdict` entry): findings about the
          // families name the file they came from.
          if records.extras[index].families.isEmpty && paths[Int(records.places[position].file)] != path {
            records.extras[index].familyFile = file
          }
          records.extras[index].families.append(family)
        }
        let repeated = table.diagnostics.filter {
          $0.kind == .duplicateKey && (only == nil || $0.key.map(Self.familyKey) == only)
        }
        if !repeated.isEmpty {
          // One pass over the entries, not one per repeat: a file of one key repeated 500,000
          // times has 499,999 repeats.
          let values = Self.valuesByLine(of: Set(repeated.compactMap(\.key)), in: entryArrays[fileIndex])
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
        files: ordered,
        table: RecordTable(
          keys: records.keys, entries: entryArrays, paths: paths, places: records.places, extras: records.extras),
        slots: records.slots, duplicates: duplicates, entriesNeedingReview: entriesNeedingReview,
        untranslatable: untranslatable,
        matched: template.flatMap { template in records.templateSlots.map { (template, $0) } })
    }

    /// The records of an index as it is built.
    ///
    /// A translation mostly lists the keys of its source, in the source's order, with a few
    /// missing. Given the source's keys and key table (`template`), a key is the key of the slot
    /// before (the forms of one plural family, a key's device variations), or it is found among
    /// the template's next few keys by comparing bytes, or else by one lookup in the template's
    /// table (a `.stringsdict` family whose key the `.strings` file has too). A key found in
    /// the template is new exactly when no key before it was found at the same template slot
    /// (the template's keys are distinct), so no table of the translation's own is needed. At
    /// the first key the template lacks, the keys so far are hashed into a table and the rest
    /// are looked up in it, as without a template. At the end, when every key of the template
    /// came in its own slot, the template's table is the index's (the same keys at the same
    /// slots) and is shared; otherwise the index makes its table when first asked for a key
    /// (`KeyTableCell`): a lint asks a translation's index for keys only with a remote bundle or
    /// for a regional language.
    private struct RecordBuilder {
      var keys: [EntryText] = []
      var places: [RecordPlace] = []
      var extras: [RecordExtras] = []
      /// The table of the keys so far, when not following a template.
      private var table: KeyTable
      /// The template's keys and key table while every key so far is one of its keys; nil once
      /// one was not (or without a template).
      private var template: (keys: [EntryText], slots: KeyTable)?
      /// Per template slot, the slot of the key found there, or -1.
      private var found: [Int32] = []
      /// Per slot, the template slot its key was found at, while following the template.
      private var foundAt: [Int32] = []
      /// The template slot after the last key found.
      private var cursor = 0
      /// True while every key was found at its own slot in the template.
      private var inSlots = true
      private let capacity: Int
      /// How many of the template's keys after the last one found a key is compared with
      /// before the template's table is asked.
      private static let window = 4

      init(capacity: Int, template: (keys: [EntryText], slots: KeyTable)? = nil) {
        keys.reserveCapacity(capacity)
        places.reserveCapacity(capacity)
        self.capacity = capacity
        self.template = template
        if let template { found = Array(repeating: -1, count: template.keys.count) }
        // Without a template the table fills as keys come; with one it is made only if needed.
        table = KeyTable(capacity: template == nil ? capacity : 0)
      }

      /// The slot of `key`, a new one (first seen in `file`) when it is not known yet.
      mutating func slot(for key: EntryText, file: Int32) -> Int {
        let next = places.count
        if let template {
          // The template's next key first (nearly every key), then the key before (the next
          // form of a plural family), then the template's next few, then its table.
          let match: Int?
          if cursor < template.keys.count && template.keys[cursor].isSameText(as: key) {
            match = cursor
          } else if next > 0 && keys[next - 1].isSameText(as: key) {
            return next - 1
          } else {
            match = Self.slot(of: key, in: template, from: cursor + 1)
          }
          if let match {
            cursor = match + 1
            if found[match] >= 0 { return Int(found[match]) }
            if match != next { inSlots = false }
            found[match] = Int32(next)
            foundAt.append(Int32(match))
            keys.append(key)
            places.append(RecordPlace(file: file))
            return next
          }
          hashKeysSoFar()
        }
        let slot = table.slot(of: key, orInsert: next, in: keys)
        if slot == next {
          keys.append(key)
          places.append(RecordPlace(file: file))
        }
        return slot
      }

      /// The template slot of `key`: among the `window` slots from `cursor` when its bytes are
      /// there, else as the template's table finds it.
      private static func slot(of key: EntryText, in template: (keys: [EntryText], slots: KeyTable), from cursor: Int)
        -> Int?
      {
        let end = min(template.keys.count, cursor + window)
        var match = cursor
        while match < end {
          if template.keys[match].isSameText(as: key) { return match }
          match += 1
        }
        return template.slots.slot(of: key, in: template.keys)
      }

      /// Leaves the template: the keys so far go into the table, which then takes the rest.
      private mutating func hashKeysSoFar() {
        template = nil
        found = []
        foundAt = []
        table = KeyTable(capacity: capacity)
        table.insert(keys)
      }

      /// Per slot, the template slot of its key, when every key was found in the template.
      var templateSlots: [Int32]? { template == nil ? nil : foundAt }

      /// The index's key table: the template's when every one of its keys came in its slot;
      /// nil, to be made on first use, when the keys came in the template's order with some
      /// missing; else the table built.
      var slots: KeyTable? {
        guard let template else { return table }
        return inSlots && keys.count == template.keys.count ? template.slots : nil
      }

      /// The position of `slot`'s extras, made when it has none yet.
      mutating func extrasIndex(of slot: Int) -> Int {
        if places[slot].extras < 0 {
          places[slot].extras = Int32(extras.count)
          extras.append(RecordExtras())
        }
        return Int(places[slot].extras)
      }
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

/// The key table of an index: the one it was built with, or, for an index whose keys were known
/// to be distinct without one (see `RecordBuilder`), one made from its keys when first asked
/// for, once, whichever thread asks.
final class KeyTableCell: @unchecked Sendable {
  private let made: KeyTable?
  private let lock = NSLock()
  /// Written once under `lock`.
  private var built: KeyTable?

  init(_ table: KeyTable?) {
    made = table
  }

  /// The table of `keys` (the index's keys, distinct as strings compare).
  func table(keys: [EntryText]) -> KeyTable {
    if let made { return made }
    return lock.withLock {
      if let built { return built }
      var table = KeyTable(capacity: keys.count)
      table.insert(keys)
      built = table
      return table
    }
  }
}
