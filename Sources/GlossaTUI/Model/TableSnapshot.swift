import GlossaCore

/// The values of one table file reduced to what the key list needs, built once per switch.
struct TableSnapshot: Sendable {
  /// Keys in file order (plural families once, at their first form).
  var order: [String] = []
  /// Value per key; for plural families, the `other` form (else `[one] ` and the first form).
  var values: [String: String] = [:]
  var comments: [String: String] = [:]
  /// The line of each key's first entry.
  var lines: [String: Int] = [:]
  /// Keys that are plural families, with their `.stringsdict` variable.
  var plural: [String: String?] = [:]

  /// The snapshot of every file of one language's table (a `.strings` and a `.stringsdict` can share a name).
  init(_ bundle: LocalizationBundle?, language: String, table name: String) {
    guard let bundle else { return }
    for table in bundle.tables where table.language == language && table.name == name {
      add(table)
    }
  }

  private mutating func add(_ table: LocaleTable) {
    for entry in table.entries {
      if values[entry.key] == nil && plural[entry.key] == nil {
        order.append(entry.key)
        lines[entry.key] = entry.line
      }
      if let category = entry.plural {
        if plural[entry.key] == nil { plural[entry.key] = entry.variable }
        // The `other` form stands for the family; without one, the first form shows with its
        // category, so a family lacking `other` never passes for one that has it.
        if category == .other {
          values[entry.key] = entry.value
        } else if values[entry.key] == nil {
          values[entry.key] = "[\(category.rawValue)] \(entry.value)"
        }
      } else {
        values[entry.key] = entry.value
      }
      if let comment = entry.comment { comments[entry.key] = comment }
    }
  }
}
