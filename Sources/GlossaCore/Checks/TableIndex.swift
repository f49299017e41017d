/// The keys of one table file, indexed for the checks.
public struct TableIndex: Sendable {
  /// The table as loaded.
  public let table: LocaleTable
  /// Every key (plain or plural family) in order of first appearance, without repeats.
  public let keys: [String]
  /// The effective plain entry per key (the last occurrence wins, as on Apple platforms).
  public let entries: [String: Entry]
  /// Plural families per key (a `.stringsdict` key can hold several variables).
  public let families: [String: [PluralFamily]]
  /// `duplicate-key` diagnostics per key.
  public let duplicates: [String: [Diagnostic]]

  /// Indexes `table`.
  public init(_ table: LocaleTable) {
    self.table = table
    var keys: [String] = []
    var seen = Set<String>()
    var entries: [String: Entry] = [:]
    for entry in table.entries {
      if seen.insert(entry.key).inserted { keys.append(entry.key) }
      if entry.plural == nil { entries[entry.key] = entry }
    }
    var families: [String: [PluralFamily]] = [:]
    for family in table.document.pluralFamilies {
      if seen.insert(family.key).inserted { keys.append(family.key) }
      families[family.key, default: []].append(family)
    }
    var duplicates: [String: [Diagnostic]] = [:]
    for diagnostic in table.diagnostics where diagnostic.kind == .duplicateKey {
      if let key = diagnostic.key { duplicates[key, default: []].append(diagnostic) }
    }
    self.keys = keys
    self.entries = entries
    self.families = families
    self.duplicates = duplicates
  }

  /// The record of `key`, or nil when the table lacks it.
  public func record(for key: String) -> KeyRecord? {
    let entry = entries[key]
    let families = self.families[key] ?? []
    if entry == nil && families.isEmpty { return nil }
    return KeyRecord(key: key, entry: entry, families: families, file: table.path)
  }

  /// The plain value of `key`, or the `other` form of its first plural family.
  public func text(for key: String) -> String? {
    if let entry = entries[key] { return entry.value }
    return families[key]?.first?.forms[.other]
  }
}

/// Everything one table holds for one key: a plain entry, plural families, or (oddly) both.
public struct KeyRecord: Sendable, Hashable {
  public var key: String
  /// The effective plain entry.
  public var entry: Entry?
  /// The plural families of the key.
  public var families: [PluralFamily]
  /// The file, relative to the bundle root.
  public var file: String

  /// The line where the key first appears.
  public var line: Int {
    let lines = [entry?.line].compactMap { $0 } + families.map(\.line)
    return lines.min() ?? 0
  }

  /// The source family matching `family`: same variable, else the first one.
  public func family(matching family: PluralFamily) -> PluralFamily? {
    families.first { $0.variable == family.variable } ?? families.first
  }
}
