import GlossaCore

/// The values of one table file reduced to what the key list needs, built once per switch: one
/// hash table from key to slot, and per slot the positions of the entries its row shows.
struct TableSnapshot: Sendable {
  /// Keys in file order (plural families once, at their first form).
  private(set) var order: [String] = []
  /// Key to slot. A snapshot read against a source snapshot's keys holds that snapshot's
  /// table (`sourceSlots`, its storage shared, never copied) and per source slot its own slot
  /// (`bySourceSlot`, -1 for none), so only the keys the source lacks are hashed into `slots`:
  /// a translation that lists the source's keys in order is read without a hash per entry.
  private var slots: [String: Int] = [:]
  private var sourceSlots: [String: Int]?
  private var bySourceSlot: [Int32] = []
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
  /// Per slot, whether the key is in the snapshot the extras were found against (empty when
  /// they are not known): a snapshot that shares this one's keys reads its extras from it.
  private var inBasis: [Bool] = []

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
  /// Keys `keys` (another snapshot, usually the source table's) has are kept as its strings
  /// and found by their place in it: a translation's snapshot then makes no string and no hash
  /// per key. The extras are the keys `basis` lacks (`keys` when not given): the remote's
  /// translation shares the remote's source keys, and its extras are those the local source lacks.
  init(
    _ bundle: LocalizationBundle?, language: String, table name: String, sharingKeysOf keys: TableSnapshot? = nil,
    extrasAgainst basis: TableSnapshot? = nil
  ) {
    guard let bundle else { return }
    let basis = basis ?? keys
    extras = basis.map { Extras(source: $0.orderToken) }
    // A snapshot that itself shares another's keys has no whole table to share.
    if let keys, keys.sourceSlots == nil {
      sourceSlots = keys.slots
      bySourceSlot = Array(repeating: -1, count: keys.order.count)
    }
    for table in bundle.tables where table.language == language && table.name == name {
      // Positions are 31 bits: a table of more entries (over 100 GB of them) is shown empty.
      guard (starts.last ?? 0) + (files.last?.count ?? 0) + table.entries.count < Int(Self.prefixed) else { break }
      starts.append((starts.last ?? 0) + (files.last?.count ?? 0))
      files.append(table.entries)
      sources.append(table)
      add(file: files.count - 1, sharingKeysOf: keys, basis: basis)
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
  /// is kept), or entries added or removed at the end of a file (the key comes or goes last).
  /// A file before the last may grow or shrink only in a snapshot whose extras are known
  /// against `source` and by a key `source` has: a new snapshot would list that key elsewhere,
  /// which changes nothing the key list shows (it follows the source's order), while an extra
  /// key's place among the extras would differ. False, changing nothing, otherwise (build a
  /// new snapshot).
  mutating func update(with tables: [LocaleTable], source: TableSnapshot? = nil) -> Bool {
    guard !sources.isEmpty, tables.count == sources.count, zip(tables, sources).allSatisfy({ $0.path == $1.path })
    else { return false }
    // Entries of one key only (a value added where it was missing, or that undone): every
    // other entry keeps its place in its file.
    var changed: String?
    var resized = false
    for (index, (new, old)) in zip(tables, sources).enumerated() {
      switch EntryChange(from: old.entries, to: new.entries, tail: true) {
      case .none: continue
      case .oneKey(let key) where changed == nil || changed == key: changed = key
      default: return false
      }
      if new.entries.count != old.entries.count && index < tables.count - 1 { resized = true }
    }
    if resized {
      guard let key = changed, let source, let found = extras, found.source === source.orderToken,
        source.contains(key)
      else { return false }
    }
    let newFiles = tables.map(\.entries)
    var newStarts: [Int] = []
    for entries in newFiles.dropLast() { newStarts.append((newStarts.last ?? 0) + entries.count) }
    newStarts.insert(0, at: 0)
    guard let last = newFiles.last, newStarts[newStarts.count - 1] + last.count < Int(Self.prefixed) else {
      return false
    }
    var held: [UInt32] = []
    if let key = changed {
      for (file, entries) in newFiles.enumerated() {
        for index in entries.indices(ofKey: key) { held.append(UInt32(newStarts[file] + index)) }
      }
      // A key gone from a slot before the last one, or new without an entry: build afresh.
      if let slot = slot(of: key) {
        guard !held.isEmpty || slot == order.count - 1 else { return false }
      } else {
        guard !held.isEmpty else { return false }
      }
    }
    if newStarts != starts { moveFiles(to: newStarts) }
    // Every position now reads the new versions: no slot keeps a text of the old ones.
    sources = tables
    files = newFiles
    guard let key = changed else { return true }
    if let slot = slot(of: key) {
      if held.isEmpty {
        // Gone, from the last place.
        order.removeLast()
        for array in Self.positions { self[keyPath: array].removeLast() }
        setSlot(nil, for: key)
        orderToken = KeyOrderToken()
        widestKey = Self.widest(order)
        if !inBasis.isEmpty { inBasis.removeLast() }
        if var found = extras, found.keys.last == key {
          found.keys.removeLast()
          found.columns = Self.widest(found.keys)
          extras = found
        }
      } else {
        for array in Self.positions { self[keyPath: array][slot] = Self.none }
        first[slot] = held[0]
        for position in held { take(entryAt: position, slot: slot) }
      }
    } else {
      // New, at the end of a file: after every other key.
      setSlot(order.count, for: key)
      appendSlot(for: key, at: held[0])
      for position in held { take(entryAt: position, slot: order.count - 1) }
      orderToken = KeyOrderToken()
      widestKey = Swift.max(widestKey, DisplayWidth.columns(of: key))
      // The new key is an extra when the source (the same one the extras were found against)
      // lacks it; without that source they are not known any more.
      if let found = extras, let source, source.orderToken === found.source {
        let known = source.contains(key)
        inBasis.append(known)
        if !known {
          extras?.keys.append(key)
          extras?.columns = Swift.max(found.columns, DisplayWidth.columns(of: key))
        }
      } else {
        extras = nil
        inBasis = []
      }
    }
    return true
  }

  /// Moves every position to files that start at `newStarts` (a file before the last grew or
  /// shrank at its end): a position keeps its place in its file. The changed key's positions
  /// are set again after this.
  private mutating func moveFiles(to newStarts: [Int]) {
    let old = starts
    for array in Self.positions {
      self[keyPath: array].withUnsafeMutableBufferPointer { positions in
        for index in positions.indices where positions[index] != Self.none {
          let flag = positions[index] & Self.prefixed
          let position = Int(positions[index] & ~Self.prefixed)
          var file = old.count - 1
          while file > 0 && old[file] > position { file -= 1 }
          positions[index] = UInt32(position - old[file] + newStarts[file]) | flag
        }
      }
    }
    starts = newStarts
  }

  /// Sets or removes (nil) `key`'s slot, in whichever table holds it.
  private mutating func setSlot(_ slot: Int?, for key: String) {
    if let sourceSlot = sourceSlots?[key] {
      bySourceSlot[sourceSlot] = slot.map(Int32.init) ?? -1
    } else {
      slots[key] = slot
    }
  }

  /// The per-slot arrays of positions.
  private static var positions: [WritableKeyPath<TableSnapshot, [UInt32]>] {
    [\.shown, \.commented, \.first, \.firstForm]
  }

  var isEmpty: Bool { order.isEmpty }

  func slot(of key: String) -> Int? {
    if let sourceSlot = sourceSlots?[key] {
      let slot = bySourceSlot[sourceSlot]
      return slot < 0 ? nil : Int(slot)
    }
    return slots[key]
  }

  func contains(_ key: String) -> Bool { slot(of: key) != nil }
  func value(_ key: String) -> String? { valueText(key)?.string }
  func comment(_ key: String) -> String? { commentText(key)?.string }

  func valueText(_ key: String) -> EntryText? {
    guard let slot = slot(of: key) else { return nil }
    let position = shown[slot]
    guard position != Self.none else { return nil }
    let entry = entry(at: position & ~Self.prefixed)
    guard position & Self.prefixed != 0, let category = entry.plural else { return entry.valueText }
    return EntryText("[\(category.rawValue)] \(entry.value)")
  }

  func commentText(_ key: String) -> EntryText? {
    guard let slot = slot(of: key), commented[slot] != Self.none else { return nil }
    return entry(at: commented[slot]).commentText
  }

  func line(_ key: String) -> Int? { slot(of: key).map { entry(at: first[$0]).line } }

  /// `.some(variable)` when `key` is a plural family, nil when it is not.
  func plural(_ key: String) -> String?? {
    guard let slot = slot(of: key), firstForm[slot] != Self.none else { return nil }
    return .some(entry(at: firstForm[slot]).variable)
  }

  /// The forms of `key`'s plural family (its variable's name with each category, to the form's
  /// text), read from its first form on in its file; empty when the key is not plural here.
  func pluralForms(_ key: String) -> [String: EntryText] {
    guard let slot = slot(of: key), firstForm[slot] != Self.none else { return [:] }
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

  private mutating func add(file: Int, sharingKeysOf shared: TableSnapshot?, basis: TableSnapshot?) {
    let entries = files[file]
    let start = starts[file]
    let capacity = order.count + entries.count
    if sourceSlots == nil { slots.reserveCapacity(capacity) }
    order.reserveCapacity(capacity)
    for array in Self.positions { self[keyPath: array].reserveCapacity(capacity) }
    if basis != nil { inBasis.reserveCapacity(capacity) }
    let sharedOrder = shared?.order ?? []
    let sharing = sourceSlots != nil
    let hasShared = shared != nil
    let hasBasis = basis != nil
    // Whether a key of `shared` is in `basis`: always when it is `basis`, else as `shared`
    // found when it was read against `basis`, else looked up.
    let sameBasis = shared != nil && shared?.orderToken === basis?.orderToken
    let sharedInBasis: [Bool]? =
      shared.flatMap { $0.extras?.source === basis?.orderToken && !$0.inBasis.isEmpty ? $0.inBasis : nil }
    // Translations usually list their keys in the source's order: the key after the last one
    // found there is tried first, comparing bytes, and its slot is found by position.
    var guess = 0
    entries.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        let next = order.count
        let position = UInt32(start + index)
        var sourceSlot = -1
        // (Optional chaining, not `if let`: binding a snapshot copies it, per entry.)
        if sharing, guess < sharedOrder.count, entries[index].hasKey(sharedOrder[guess]) {
          sourceSlot = guess
        } else if hasShared {
          let key = entries[index].key
          sourceSlot = (sharing ? sourceSlots?[key] : shared?.slot(of: key)) ?? -1
        }
        if sourceSlot >= 0 { guess = sourceSlot + 1 }
        var slot: Int
        var key: String?
        if sharing && sourceSlot >= 0 {
          slot = Int(bySourceSlot[sourceSlot])
          if slot < 0 {
            slot = next
            bySourceSlot[sourceSlot] = Int32(next)
            key = sharedOrder[sourceSlot]
          }
        } else {
          // Keys the shared snapshot lacks are few as a rule: room for some at the first.
          if sharing && slots.isEmpty { slots.reserveCapacity(Swift.min(entries.count - index, 1024)) }
          // One hash: the slot is looked up and, for a new key, inserted in one access.
          let found = sourceSlot >= 0 ? sharedOrder[sourceSlot] : entries[index].key
          slot = Self.value(of: &slots[found, default: next])
          if slot == next { key = found }
        }
        if let key {
          appendSlot(for: key, at: position)
          if hasBasis {
            let known =
              sourceSlot < 0
              ? !sameBasis && basis?.contains(key) == true
              : sameBasis || (sharedInBasis?[sourceSlot] ?? (basis?.contains(key) == true))
            inBasis.append(known)
            if !known { extras?.keys.append(key) }
          }
        }
        take(entries[index].plural, comment: entries[index].hasComment, at: position, slot: slot)
      }
    }
  }

  /// A new slot, last, for `key`, whose first entry is at `position`.
  private mutating func appendSlot(for key: String, at position: UInt32) {
    order.append(key)
    shown.append(Self.none)
    commented.append(Self.none)
    first.append(position)
    firstForm.append(Self.none)
  }

  /// What the entry at `position` adds to `slot`.
  private mutating func take(entryAt position: UInt32, slot: Int) {
    let entry = entry(at: position)
    take(entry.plural, comment: entry.hasComment, at: position, slot: slot)
  }

  /// What an entry of plural category `category` (nil for none) and with a `comment` or
  /// not, at `position`, adds to its key's slot (entries are taken in file order).
  private mutating func take(_ category: PluralCategory?, comment: Bool, at position: UInt32, slot: Int) {
    if let category {
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
    if comment { commented[slot] = position }
  }

  /// The value an `inout` dictionary access ends with (find-or-insert in one hash).
  private static func value(of slot: inout Int) -> Int { slot }
}

/// The identity of one key order: equal tokens, equal orders.
final class KeyOrderToken: Sendable {}
