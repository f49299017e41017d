import GlossaCore

/// The values of one table file reduced to what the key list needs, built once per switch: one
/// hash table from key to slot, and the rest in arrays by slot.
struct TableSnapshot: Sendable {
  /// Keys in file order (plural families once, at their first form).
  private(set) var order: [String] = []
  private var slots: [String: Int] = [:]
  /// Per slot: the value (for plural families, the `other` form, else `[one] ` and the first
  /// form), the comment, the line of the key's first entry, and the `.stringsdict` variable of a
  /// plural family (`.some(nil)` for a `.strings` family).
  private var values: [String?] = []
  private var comments: [String?] = []
  private var lines: [Int] = []
  private var variables: [String??] = []

  /// The snapshot of every file of one language's table (a `.strings` and a `.stringsdict` can share a name).
  init(_ bundle: LocalizationBundle?, language: String, table name: String) {
    guard let bundle else { return }
    for table in bundle.tables where table.language == language && table.name == name {
      add(table)
    }
  }

  var isEmpty: Bool { order.isEmpty }

  func slot(of key: String) -> Int? { slots[key] }
  func contains(_ key: String) -> Bool { slots[key] != nil }
  func value(_ key: String) -> String? { slots[key].flatMap { values[$0] } }
  func comment(_ key: String) -> String? { slots[key].flatMap { comments[$0] } }
  func line(_ key: String) -> Int? { slots[key].map { lines[$0] } }
  /// `.some(variable)` when `key` is a plural family, nil when it is not.
  func plural(_ key: String) -> String?? { slots[key].flatMap { variables[$0] } }

  private mutating func add(_ table: LocaleTable) {
    let entries = table.entries
    let capacity = order.count + entries.count
    slots.reserveCapacity(capacity)
    for array in [\Self.values, \Self.comments] as [WritableKeyPath<Self, [String?]>] {
      self[keyPath: array].reserveCapacity(capacity)
    }
    lines.reserveCapacity(capacity)
    variables.reserveCapacity(capacity)
    for entry in entries {
      // One hash per entry: the slot is looked up and, for a new key, inserted in one access.
      let next = order.count
      let slot = Self.value(of: &slots[entry.key, default: next])
      if slot == next {
        order.append(entry.key)
        values.append(nil)
        comments.append(nil)
        lines.append(entry.line)
        variables.append(nil)
      }
      if let category = entry.plural {
        if variables[slot] == nil { variables[slot] = .some(entry.variable) }
        // The `other` form stands for the family; without one, the first form shows with its
        // category, so a family lacking `other` never passes for one that has it.
        if category == .other {
          values[slot] = entry.value
        } else if values[slot] == nil {
          values[slot] = "[\(category.rawValue)] \(entry.value)"
        }
      } else {
        values[slot] = entry.value
      }
      if let comment = entry.comment { comments[slot] = comment }
    }
  }

  /// The value an `inout` dictionary access ends with (find-or-insert in one hash).
  private static func value(of slot: inout Int) -> Int { slot }
}
