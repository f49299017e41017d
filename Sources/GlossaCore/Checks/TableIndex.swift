/// The keys of one logical table of one language, indexed for the checks.
///
/// A logical table is every file of a language with the same table name:
/// `Localizable.strings` and `Localizable.stringsdict` together form `Localizable`, as on
/// Apple platforms.
public struct TableIndex: Sendable {
  public let language: String
  /// The table name (`Localizable`).
  public let name: String
  /// The files, `.strings` before `.stringsdict` before JSON.
  public let files: [LocaleTable]
  /// Every key (plain or plural family) in order of first appearance, without repeats.
  public let keys: [String]
  /// The effective plain entry per key (the last occurrence wins, as on Apple platforms).
  public let entries: [String: Entry]
  /// Plural families per key (a `.stringsdict` key can hold several variables).
  public let families: [String: [PluralFamily]]
  /// The file each key was first found in.
  public let fileOfKey: [String: String]
  /// Repeated keys, per key.
  public let duplicates: [String: [DuplicateRecord]]
  /// String Catalog device variations (without plural forms) per key, in file order.
  public let deviceEntries: [String: [Entry]]
  /// String Catalog units whose state is `needs_review` or `stale`, per key.
  public let entriesNeedingReview: [String: [Entry]]
  /// String Catalog keys marked `shouldTranslate: false`.
  public let untranslatable: Set<String>

  /// True when no file of this table could be decoded: its keys are unknown, not missing
  /// (the `encoding-error` finding already says so).
  public var isUndecodable: Bool {
    !files.isEmpty && files.allSatisfy { file in file.diagnostics.contains { $0.kind == .encodingError } }
  }

  /// Indexes one file.
  public init(_ table: LocaleTable) {
    self.init(files: [table])
  }

  /// Indexes the files of one language and table name (at least one).
  public init(files: [LocaleTable]) {
    let ordered = files.sorted { ($0.format.order, $0.path) < ($1.format.order, $1.path) }
    self.files = ordered
    self.language = ordered.first?.language ?? ""
    self.name = ordered.first?.name ?? ""
    var keys: [String] = []
    var fileOfKey: [String: String] = [:]
    var entries: [String: Entry] = [:]
    var families: [String: [PluralFamily]] = [:]
    var duplicates: [String: [DuplicateRecord]] = [:]
    var deviceEntries: [String: [Entry]] = [:]
    var entriesNeedingReview: [String: [Entry]] = [:]
    var untranslatable = Set<String>()
    for table in ordered {
      for entry in table.entries {
        if fileOfKey[entry.key] == nil {
          keys.append(entry.key)
          fileOfKey[entry.key] = table.path
        }
        if entry.plural == nil {
          if entry.device == nil { entries[entry.key] = entry } else { deviceEntries[entry.key, default: []].append(entry) }
        }
        if entry.state?.needsAttention == true { entriesNeedingReview[entry.key, default: []].append(entry) }
        if !entry.isTranslatable { untranslatable.insert(entry.key) }
      }
      for family in table.document.pluralFamilies {
        if fileOfKey[family.key] == nil {
          keys.append(family.key)
          fileOfKey[family.key] = table.path
        }
        families[family.key, default: []].append(family)
      }
      for diagnostic in table.diagnostics where diagnostic.kind == .duplicateKey {
        guard let key = diagnostic.key else { continue }
        let values = table.entries.filter {
          $0.key == key && $0.plural == nil
            && ($0.line == diagnostic.line || $0.line == diagnostic.relatedLine)
        }.map(\.value)
        duplicates[key, default: []].append(
          DuplicateRecord(diagnostic: diagnostic, file: table.path, valuesDiffer: Set(values).count > 1))
      }
    }
    self.keys = keys
    self.entries = entries
    self.families = families
    self.fileOfKey = fileOfKey
    self.duplicates = duplicates
    self.deviceEntries = deviceEntries
    self.entriesNeedingReview = entriesNeedingReview
    self.untranslatable = untranslatable
  }

  /// The first file's path, for findings about the table as a whole.
  public var path: String { files.first?.path ?? "" }

  /// The record of `key`, or nil when the table lacks it.
  public func record(for key: String) -> KeyRecord? {
    let entry = entries[key]
    let families = self.families[key] ?? []
    let devices = deviceEntries[key] ?? []
    if entry == nil && families.isEmpty && devices.isEmpty { return nil }
    return KeyRecord(key: key, entry: entry, families: families, file: fileOfKey[key] ?? path, devices: devices)
  }

  /// The plain value of `key`, or the `other` form of its first plural family.
  public func text(for key: String) -> String? {
    if let entry = entries[key] { return entry.value }
    return families[key]?.first?.forms[.other]
  }
}

/// A key that occurs more than once in one file.
public struct DuplicateRecord: Sendable, Hashable {
  public var diagnostic: Diagnostic
  public var file: String
  /// True when the occurrences have different values (one translation is lost).
  public var valuesDiffer: Bool
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
  /// String Catalog device variations (without plural forms), in file order.
  public var devices: [Entry] = []

  /// The line where the key first appears.
  public var line: Int {
    let lines = [entry?.line].compactMap { $0 } + families.map(\.line) + devices.map(\.line)
    return lines.min() ?? 0
  }

  /// The source family matching `family`: same variable and device, else same variable, else
  /// the first one.
  public func family(matching family: PluralFamily) -> PluralFamily? {
    families.first { $0.variable == family.variable && $0.device == family.device }
      ?? families.first { $0.variable == family.variable } ?? families.first
  }
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
