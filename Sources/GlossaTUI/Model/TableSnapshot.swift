import GlossaCore

/// The values of one table file reduced to what the key list needs, built once per switch: one
/// hash table from key to slot, and per slot the positions of the entries its row shows.
struct TableSnapshot: Sendable {
  /// Keys in file order (plural families once, at their first form).
  private(set) var order: [String] = []
  private var slots: [String: Int] = [:]
  /// Per slot, positions of entries in `files` (each file's entries in turn; `none` for none):
  /// the entry whose value shows (for a plural family the `other` form, else the first form,
  /// shown as `[one] value`: `prefixed` set), whose comment shows, the key's first entry (its
  /// line), and its first plural form (the `.stringsdict` variable). Values and comments are
  /// read from the entries when a row is drawn or searched: a snapshot of 20,000 keys holds 16
  /// bytes a key beside its key, and never a text of a version of a file it no longer reads.
  private var shown: [UInt32] = []
  private var commented: [UInt32] = []
  private var first: [UInt32] = []
  private var firstForm: [UInt32] = []
  /// The files read, kept (their entries are shared, not copied) to tell what a later version
  /// of them changed.
  private(set) var sources: [LocaleTable] = []
  /// Each source's entries, and where they start among the positions.
  private var files: [[Entry]] = []
  private var starts: [Int] = []
  /// Stands for this `order`: a snapshot updated for an edited value keeps it, so the rows can
  /// keep their key list (see `RowList`); one whose order changed gets a new one.
  private(set) var orderToken = KeyOrderToken()
  /// The widest key's display columns (0 for none).
  private(set) var widestKey = 0
  /// The keys the source snapshot this one shared its keys with lacks, in order: the key list's
  /// rows after the source's, found while the snapshot is read (off the loop's thread when read
  /// ahead) instead of a lookup per key on every language switch. Nil when not known.
  private(set) var extras: Extras?

  /// Keys a snapshot has and a source snapshot lacks, with their widest one's columns and the
  /// source's key order they were found against.
  struct Extras: Sendable {
    var keys: [String] = []
    var columns = 0
    let source: KeyOrderToken
  }

  private static let none = UInt32.max
  private static let prefixed: UInt32 = 1 << 31

  /// The snapshot of every file of one language's table (a `.strings` and a `.stringsdict` can share a name).
  ///
  /// Keys `keys` (the source table's snapshot) has are kept as its strings: a translation's
  /// snapshot then makes no string per key.
  init(_ bundle: LocalizationBundle?, language: String, table name: String, sharingKeysOf keys: TableSnapshot? = nil) {
    guard let bundle else { return }
    extras = keys.map { Extras(source: $0.orderToken) }
    for table in bundle.tables where table.language == language && table.name == name {
      // Positions are 31 bits: a table of more entries (over 100 GB of them) is shown empty.
      guard (starts.last ?? 0) + (files.last?.count ?? 0) + table.entries.count < Int(Self.prefixed) else { break }
      starts.append((starts.last ?? 0) + (files.last?.count ?? 0))
      files.append(table.entries)
      sources.append(table)
      add(file: files.count - 1, sharingKeysOf: keys)
    }
    widestKey = Self.widest(order)
    if let found = extras?.keys { extras?.columns = Self.widest(found) }
  }

  /// The widest of `keys` in display columns: a key's width is at most its UTF-8 length, so
  /// only keys longer than the widest so far are measured.
  static func widest(_ keys: [String]) -> Int {
    var widest = 0
    for key in keys where key.utf8.count > widest { widest = Swift.max(widest, DisplayWidth.columns(of: key)) }
    return widest
  }

  /// Makes this snapshot one of new versions of its files (`tables`, as the bundle now has
  /// them) when they differ from the ones read only in entries of one key: its values at the
  /// same places (that key's slot is read again and everything else, the key order included,
  /// is kept), or entries added or removed at the end of the last file (the key comes or goes
  /// last). False, changing nothing, otherwise (build a new snapshot).
  mutating func update(with tables: [LocaleTable], source: TableSnapshot? = nil) -> Bool {
    guard !sources.isEmpty, tables.count == sources.count, zip(tables, sources).allSatisfy({ $0.path == $1.path })
    else { return false }
    // Only the last file may gain or lose entries at its end, all of one key (a value added
    // where it was missing, or that undone): the key then comes or goes last, and every other
    // entry keeps its position.
    var changed: String?
    for (index, (new, old)) in zip(tables, sources).enumerated() {
      switch EntryChange(from: old.entries, to: new.entries, tail: index == tables.count - 1) {
      case .none: continue
      case .oneKey(let key) where changed == nil || changed == key: changed = key
      default: return false
      }
    }
    let newFiles = tables.map(\.entries)
    guard let last = newFiles.last, starts[starts.count - 1] + last.count < Int(Self.prefixed) else { return false }
    var held: [UInt32] = []
    if let key = changed {
      for (file, entries) in newFiles.enumerated() {
        for index in entries.indices(ofKey: key) { held.append(UInt32(starts[file] + index)) }
      }
      // A key gone from a slot before the last one, or new without an entry: build afresh.
      if let slot = slots[key] {
        guard !held.isEmpty || slot == order.count - 1 else { return false }
      } else {
        guard !held.isEmpty else { return false }
      }
    }
    // Every position now reads the new versions: no slot keeps a text of the old ones.
    sources = tables
    files = newFiles
    guard let key = changed else { return true }
    if let slot = slots[key] {
      if held.isEmpty {
        // Gone, from the last place.
        order.removeLast()
        for array in Self.positions { self[keyPath: array].removeLast() }
        slots[key] = nil
        orderToken = KeyOrderToken()
        widestKey = Self.widest(order)
        if var found = extras, found.keys.last == key {
          found.keys.removeLast()
          found.columns = Self.widest(found.keys)
          extras = found
        }
      } else {
        for array in Self.positions { self[keyPath: array][slot] = Self.none }
        first[slot] = held[0]
        for position in held { take(entry(at: position), at: position, slot: slot) }
      }
    } else {
      // New, at the end of the last file: after every other key.
      slots[key] = order.count
      order.append(key)
      for array in Self.positions { self[keyPath: array].append(Self.none) }
      first[order.count - 1] = held[0]
      for position in held { take(entry(at: position), at: position, slot: order.count - 1) }
      orderToken = KeyOrderToken()
      widestKey = Swift.max(widestKey, DisplayWidth.columns(of: key))
      // The new key is an extra when the source (the same one the extras were found against)
      // lacks it; without that source they are not known any more.
      if let found = extras, let source, source.orderToken === found.source {
        if !source.contains(key) {
          extras?.keys.append(key)
          extras?.columns = Swift.max(found.columns, DisplayWidth.columns(of: key))
        }
      } else {
        extras = nil
      }
    }
    return true
  }

  /// The per-slot arrays of positions.
  private static var positions: [WritableKeyPath<TableSnapshot, [UInt32]>] {
    [\.shown, \.commented, \.first, \.firstForm]
  }

  var isEmpty: Bool { order.isEmpty }

  func slot(of key: String) -> Int? { slots[key] }
  func contains(_ key: String) -> Bool { slots[key] != nil }
  func value(_ key: String) -> String? { valueText(key)?.string }
  func comment(_ key: String) -> String? { commentText(key)?.string }

  func valueText(_ key: String) -> EntryText? {
    guard let slot = slots[key] else { return nil }
    let position = shown[slot]
    guard position != Self.none else { return nil }
    let entry = entry(at: position & ~Self.prefixed)
    guard position & Self.prefixed != 0, let category = entry.plural else { return entry.valueText }
    return EntryText("[\(category.rawValue)] \(entry.value)")
  }

  func commentText(_ key: String) -> EntryText? {
    guard let slot = slots[key], commented[slot] != Self.none else { return nil }
    return entry(at: commented[slot]).commentText
  }

  func line(_ key: String) -> Int? { slots[key].map { entry(at: first[$0]).line } }

  /// `.some(variable)` when `key` is a plural family, nil when it is not.
  func plural(_ key: String) -> String?? {
    guard let slot = slots[key], firstForm[slot] != Self.none else { return nil }
    return .some(entry(at: firstForm[slot]).variable)
  }

  /// The forms of `key`'s plural family (its variable's name with each category, to the form's
  /// text), read from its first form on in its file; empty when the key is not plural here.
  func pluralForms(_ key: String) -> [String: EntryText] {
    guard let slot = slots[key], firstForm[slot] != Self.none else { return [:] }
    let position = Int(firstForm[slot])
    var file = files.count - 1
    while file > 0 && starts[file] > position { file -= 1 }
    let entries = files[file]
    var forms: [String: EntryText] = [:]
    var index = position - starts[file]
    // A family's forms follow one another in its file (a variable's dictionary).
    while index < entries.count, entries[index].hasKey(key), let category = entries[index].plural {
      forms["\(entries[index].variable ?? "")·\(category.rawValue)·\(entries[index].device ?? "")"] =
        entries[index].valueText
      index += 1
    }
    return forms
  }

  /// The entry at `position`.
  private func entry(at position: UInt32) -> Entry {
    let position = Int(position)
    var file = files.count - 1
    while file > 0 && starts[file] > position { file -= 1 }
    return files[file][position - starts[file]]
  }

  private mutating func add(file: Int, sharingKeysOf shared: TableSnapshot?) {
    let entries = files[file]
    let start = starts[file]
    let capacity = order.count + entries.count
    slots.reserveCapacity(capacity)
    order.reserveCapacity(capacity)
    for array in Self.positions { self[keyPath: array].reserveCapacity(capacity) }
    // Translations usually list their keys in the source's order: the key after the last one
    // found there is tried first, comparing bytes.
    var guess = 0
    for index in entries.indices {
      // One hash per entry: the slot is looked up and, for a new key, inserted in one access.
      let next = order.count
      var key: String
      var inSource = true
      if let shared, guess < shared.order.count, entries[index].hasKey(shared.order[guess]) {
        key = shared.order[guess]
        guess += 1
      } else {
        key = entries[index].key
        if let slot = shared?.slots[key], let shared {
          key = shared.order[slot]
          guess = slot + 1
        } else {
          inSource = false
        }
      }
      let slot = Self.value(of: &slots[key, default: next])
      let position = UInt32(start + index)
      if slot == next {
        if !inSource { extras?.keys.append(key) }
        order.append(key)
        shown.append(Self.none)
        commented.append(Self.none)
        first.append(position)
        firstForm.append(Self.none)
      }
      take(entries[index], at: position, slot: slot)
    }
  }

  /// What `entry`, at `position`, adds to its key's slot (entries are taken in file order).
  private mutating func take(_ entry: Entry, at position: UInt32, slot: Int) {
    if let category = entry.plural {
      if firstForm[slot] == Self.none { firstForm[slot] = position }
      // The `other` form stands for the family; without one, the first form shows with its
      // category, so a family lacking `other` never passes for one that has it.
      if category == .other {
        shown[slot] = position
      } else if shown[slot] == Self.none {
        shown[slot] = position | Self.prefixed
      }
    } else {
      shown[slot] = position
    }
    if entry.commentText != nil { commented[slot] = position }
  }

  /// The value an `inout` dictionary access ends with (find-or-insert in one hash).
  private static func value(of slot: inout Int) -> Int { slot }
}

/// The identity of one key order: equal tokens, equal orders.
final class KeyOrderToken: Sendable {}
