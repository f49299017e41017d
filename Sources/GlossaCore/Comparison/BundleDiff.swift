/// What changed from one bundle to another, per language and table: keys added and removed,
/// values changed (old → new), plural categories and String Catalog device variations added and
/// removed, and whether a value's format signature changed.
public struct BundleDiff: Sendable, Hashable {
  /// One difference.
  public struct Change: Sendable, Hashable {
    /// What sort of difference.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      case added, removed, changed
      case pluralAdded = "plural-added"
      case pluralRemoved = "plural-removed"
      case deviceAdded = "device-added"
      case deviceRemoved = "device-removed"
    }

    public var kind: Kind
    public var language: String
    public var table: String
    public var key: String
    /// The plural category, for a plural form.
    public var category: PluralCategory?
    /// The String Catalog device variation (`iphone`, `mac`…), for a change inside one.
    public var device: String?
    /// The value in the first bundle (nil when added).
    public var old: String?
    /// The value in the second bundle (nil when removed).
    public var new: String?
    /// True when `old` and `new` consume different format arguments.
    public var formatChanged: Bool
    /// The file in the bundle that has the key (the second one when both do).
    public var file: String
  }

  /// Name of the first bundle as given.
  public var old: String
  /// Name of the second bundle as given.
  public var new: String
  /// Every change, ordered by language, table, then the key order of the files.
  public var changes: [Change]

  /// Compares `old` with `new`.
  public init(from old: LocalizationBundle, to new: LocalizationBundle) {
    self.old = old.name
    self.new = new.name
    let a = Checker.indexes(old.tables)
    let b = Checker.indexes(new.tables)
    var changes: [Change] = []
    for language in Set(a.keys).union(b.keys).sorted() {
      let names = Set(a[language]?.keys ?? [:].keys).union(b[language]?.keys ?? [:].keys)
      for name in names.sorted() {
        changes += Self.compare(a[language]?[name], b[language]?[name], language: language, table: name)
      }
    }
    self.changes = changes
  }

  /// True when the bundles hold the same keys and values.
  public var isEmpty: Bool { changes.isEmpty }

  /// Number of changes of each kind.
  public var counts: [Change.Kind: Int] {
    Dictionary(grouping: changes, by: \.kind).mapValues(\.count)
  }

  private static func compare(_ a: TableIndex?, _ b: TableIndex?, language: String, table: String)
    -> [Change]
  {
    var seen = Set<String>()
    var keys: [String] = []
    for index in [b, a].compactMap({ $0 }) {
      for key in index.keys where seen.insert(key).inserted { keys.append(key) }
    }
    var result: [Change] = []
    for key in keys {
      let old = a?.record(for: key)
      let new = b?.record(for: key)
      func change(
        _ kind: Change.Kind, _ category: PluralCategory?, _ oldValue: String?, _ newValue: String?,
        device: String? = nil
      ) {
        let formatChanged =
          oldValue != nil && newValue != nil
          && !FormatSignature(newValue ?? "").differences(from: FormatSignature(oldValue ?? "")).isEmpty
        result.append(
          Change(
            kind: kind, language: language, table: table, key: key, category: category, device: device,
            old: oldValue, new: newValue, formatChanged: formatChanged,
            file: new?.file ?? old?.file ?? ""))
      }
      func compareForms(_ oldForms: [PluralCategory: String], _ newForms: [PluralCategory: String], device: String?) {
        for category in Set(oldForms.keys).union(newForms.keys).sorted() {
          switch (oldForms[category], newForms[category]) {
          case (nil, let value?): change(.pluralAdded, category, nil, value, device: device)
          case (let value?, nil): change(.pluralRemoved, category, value, nil, device: device)
          case (let before?, let after?) where before != after:
            change(.changed, category, before, after, device: device)
          default: break
          }
        }
      }
      switch (old, new) {
      case (nil, let added?):
        change(.added, nil, nil, summary(added))
      case (let removed?, nil):
        change(.removed, nil, summary(removed), nil)
      case (let old?, let new?):
        if let before = old.entry?.value, let after = new.entry?.value, before != after {
          change(.changed, nil, before, after)
        }
        // String Catalog device variations, paired by device (a device may vary by plural).
        for device in deviceNames(new) + deviceNames(old).filter({ !deviceNames(new).contains($0) }) {
          let before = DeviceVariation(old, device)
          let after = DeviceVariation(new, device)
          switch (before.isEmpty, after.isEmpty) {
          case (true, false): change(.deviceAdded, nil, nil, after.summary, device: device)
          case (false, true): change(.deviceRemoved, nil, before.summary, nil, device: device)
          case (false, false):
            if let a = before.value, let b = after.value, a != b { change(.changed, nil, a, b, device: device) }
            compareForms(before.forms, after.forms, device: device)
          case (true, true): break
          }
        }
        compareForms(forms(old), forms(new), device: nil)
      case (nil, nil):
        break
      }
    }
    return result
  }

  /// The plain value, or the `other` form of a plural family.
  private static func summary(_ record: KeyRecord) -> String {
    record.entry?.value ?? record.families.first?.forms[.other] ?? record.devices.last?.value ?? ""
  }

  /// The forms of a record's plural families outside device variations (the first family that
  /// has each category).
  private static func forms(_ record: KeyRecord) -> [PluralCategory: String] {
    var result: [PluralCategory: String] = [:]
    for family in record.families where family.device == nil {
      for (category, value) in family.forms where result[category] == nil { result[category] = value }
    }
    return result
  }

  /// The devices a record varies by, in file order.
  private static func deviceNames(_ record: KeyRecord) -> [String] {
    var seen = Set<String>()
    let names = record.devices.compactMap(\.device) + record.families.compactMap(\.device)
    return names.filter { seen.insert($0).inserted }
  }

  /// One device's variation of a key: a plain value or plural forms.
  private struct DeviceVariation {
    var value: String?
    var forms: [PluralCategory: String] = [:]

    init(_ record: KeyRecord, _ device: String) {
      value = record.devices.last { $0.device == device }?.value
      for family in record.families where family.device == device {
        for (category, form) in family.forms where forms[category] == nil { forms[category] = form }
      }
    }

    var isEmpty: Bool { value == nil && forms.isEmpty }
    var summary: String { value ?? forms[.other] ?? forms.values.sorted().first ?? "" }
  }
}
