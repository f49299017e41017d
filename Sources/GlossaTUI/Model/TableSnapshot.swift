import GlossaCore

/// The values of one table file reduced to what the key list needs, built once per switch: one
/// hash table from key to slot, and the rest in arrays by slot.
struct TableSnapshot: Sendable {
  /// Keys in file order (plural families once, at their first form).
  private(set) var order: [String] = []
  private var slots: [String: Int] = [:]
  /// Per slot: the value (for plural families, the `other` form, else `[one] ` and the first
  /// form), the comment, the line of the key's first entry, and the `.stringsdict` variable of a
  /// plural family (`.some(nil)` for a `.strings` family). Values and comments are kept as the
  /// entries hold them (ranges of their files' text) and made into strings only for a row that
  /// is drawn or searched: a snapshot of 20,000 keys holds no string per value.
  private var values: [EntryText?] = []
  private var comments: [EntryText?] = []
  private var lines: [Int] = []
  private var variables: [String??] = []
  /// The files read, kept (their entries are shared, not copied) to tell what a later version
  /// of them changed.
  private(set) var sources: [LocaleTable] = []
  /// Stands for this `order`: a snapshot updated for an edited value keeps it, so the rows can
  /// keep their key list (see `RowList`); one whose order changed gets a new one.
  private(set) var orderToken = KeyOrderToken()

  /// The snapshot of every file of one language's table (a `.strings` and a `.stringsdict` can share a name).
  init(_ bundle: LocalizationBundle?, language: String, table name: String) {
    guard let bundle else { return }
    for table in bundle.tables where table.language == language && table.name == name {
      add(table)
      sources.append(table)
    }
  }

  /// Makes this snapshot one of new versions of its files (`tables`, as the bundle now has
  /// them) when they differ from the ones read only in entries of one key: its values at the
  /// same places (that key's slot is read again and everything else, the key order included,
  /// is kept), or entries added or removed at the end of the last file (the key comes or goes
  /// last). False, changing nothing, otherwise (build a new snapshot). Comparing unchanged
  /// entries is cheap: copies share their strings.
  mutating func update(with tables: [LocaleTable]) -> Bool {
    guard !sources.isEmpty, tables.count == sources.count, zip(tables, sources).allSatisfy({ $0.path == $1.path })
    else { return false }
    // Only the last file may gain or lose entries at its end, all of one key (a value added
    // where it was missing, or that undone): the key then comes or goes last.
    var changed: String?
    for (index, (new, old)) in zip(tables, sources).enumerated() {
      switch EntryChange(from: old.entries, to: new.entries, tail: index == tables.count - 1) {
      case .none: continue
      case .oneKey(let key) where changed == nil || changed == key: changed = key
      default: return false
      }
    }
    guard let key = changed else {
      sources = tables
      return true
    }
    // The slots keep ranges of the files' texts: after an edit that read a file again into a
    // new text, slots left as they were would keep the old text alive beside it (one copy of
    // the file per such edit). Those edits (a file with a syntax error, the `"key";`
    // shorthand…) build the snapshot afresh.
    for (new, old) in zip(tables, sources) where !new.entries.sharesText(with: old.entries, apartFrom: key) {
      return false
    }
    let held = tables.flatMap { table in table.entries.entries(ofKey: key) }
    if let slot = slots[key] {
      if held.isEmpty {
        // Gone: its place goes only when it was the last one.
        guard slot == order.count - 1 else { return false }
        order.removeLast()
        values.removeLast()
        comments.removeLast()
        lines.removeLast()
        variables.removeLast()
        slots[key] = nil
        orderToken = KeyOrderToken()
      } else {
        values[slot] = nil
        comments[slot] = nil
        variables[slot] = nil
        lines[slot] = held[0].line
        for entry in held { take(entry, at: slot) }
      }
    } else {
      // New, at the end of the last file: after every other key.
      guard !held.isEmpty else { return false }
      slots[key] = order.count
      order.append(key)
      values.append(nil)
      comments.append(nil)
      lines.append(held[0].line)
      variables.append(nil)
      for entry in held { take(entry, at: order.count - 1) }
      orderToken = KeyOrderToken()
    }
    sources = tables
    return true
  }

  var isEmpty: Bool { order.isEmpty }

  func slot(of key: String) -> Int? { slots[key] }
  func contains(_ key: String) -> Bool { slots[key] != nil }
  func value(_ key: String) -> String? { slots[key].flatMap { values[$0]?.string } }
  func comment(_ key: String) -> String? { slots[key].flatMap { comments[$0]?.string } }
  func valueText(_ key: String) -> EntryText? { slots[key].flatMap { values[$0] } }
  func commentText(_ key: String) -> EntryText? { slots[key].flatMap { comments[$0] } }
  func line(_ key: String) -> Int? { slots[key].map { lines[$0] } }
  /// `.some(variable)` when `key` is a plural family, nil when it is not.
  func plural(_ key: String) -> String?? { slots[key].flatMap { variables[$0] } }

  private mutating func add(_ table: LocaleTable) {
    let entries = table.entries
    let capacity = order.count + entries.count
    slots.reserveCapacity(capacity)
    for array in [\Self.values, \Self.comments] as [WritableKeyPath<Self, [EntryText?]>] {
      self[keyPath: array].reserveCapacity(capacity)
    }
    lines.reserveCapacity(capacity)
    variables.reserveCapacity(capacity)
    for entry in entries {
      // One hash per entry: the slot is looked up and, for a new key, inserted in one access.
      let next = order.count
      let key = entry.key
      let slot = Self.value(of: &slots[key, default: next])
      if slot == next {
        order.append(key)
        values.append(nil)
        comments.append(nil)
        lines.append(entry.line)
        variables.append(nil)
      }
      take(entry, at: slot)
    }
  }

  /// What `entry` adds to its key's slot (entries are taken in file order).
  private mutating func take(_ entry: Entry, at slot: Int) {
    if let category = entry.plural {
      if variables[slot] == nil { variables[slot] = .some(entry.variable) }
      // The `other` form stands for the family; without one, the first form shows with its
      // category, so a family lacking `other` never passes for one that has it.
      if category == .other {
        values[slot] = entry.valueText
      } else if values[slot] == nil {
        values[slot] = EntryText("[\(category.rawValue)] \(entry.value)")
      }
    } else {
      values[slot] = entry.valueText
    }
    if let comment = entry.commentText { comments[slot] = comment }
  }

  /// The value an `inout` dictionary access ends with (find-or-insert in one hash).
  private static func value(of slot: inout Int) -> Int { slot }
}

/// The identity of one key order: equal tokens, equal orders.
final class KeyOrderToken: Sendable {}
