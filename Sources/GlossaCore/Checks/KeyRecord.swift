/// Everything one table holds for one key: a plain entry, plural families, or (oddly) both.
///
/// A record is a slot of its index's `RecordTable`: the plain entry is read in place from its
/// file's entries, so indexing a table copies no entry and allocates nothing per key, and
/// copying a record is one reference. A record built by hand, or changed, gets a table of its own.
public struct KeyRecord: Sendable, Hashable {
  private var table: RecordTable
  private var slot: Int

  /// A record read from `file`; `familyFile` names the file of the plural families when it is
  /// another one (a `.stringsdict` beside the `.strings` file of the plain entry).
  public init(
    key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry] = [],
    familyFile: String? = nil
  ) {
    table = RecordTable(
      key: key, entry: entry, families: families, file: file, devices: devices, familyFile: familyFile ?? file)
    slot = 0
  }

  /// The record at `slot` of `table`.
  init(_ table: RecordTable, slot: Int) {
    self.table = table
    self.slot = slot
  }

  public var key: String {
    get { table.keys[slot].string }
    set { rebuild(key: newValue) }
  }
  /// The effective plain entry.
  public var entry: Entry? {
    get { table.entry(at: slot) }
    set { rebuild(entry: .some(newValue)) }
  }
  /// The plural families of the key.
  public var families: [PluralFamily] {
    get { table.extras(at: slot)?.families ?? [] }
    set { rebuild(families: newValue) }
  }
  /// The file of the plain entry (else where the key first appears), relative to the bundle root.
  public var file: String {
    get { table.paths[Int(table.places[slot].file)] }
    set { rebuild(file: newValue) }
  }
  /// The file the plural families were read from, relative to the bundle root: `file` unless
  /// the key's plain entry and its families live in different files of the table (a
  /// `"key" = "key";` placeholder in `Localizable.strings` beside the plural entry in
  /// `Localizable.stringsdict`).
  public var familyFile: String {
    get { table.extras(at: slot)?.familyFile.map { table.paths[Int($0)] } ?? file }
    set { rebuild(familyFile: newValue) }
  }
  /// String Catalog device variations (without plural forms), in file order.
  public var devices: [Entry] {
    get { table.extras(at: slot)?.devices ?? [] }
    set { rebuild(devices: newValue) }
  }

  // What the per-key checks read of the plain entry, without copying the entry out.

  /// True when the record has a plain entry.
  var hasEntry: Bool { table.places[slot].entryFile >= 0 }
  /// The plain entry's value.
  var value: String? { valueText?.string }
  /// The plain entry's value as a text, read in place (see `EntryText`).
  var valueText: EntryText? {
    let place = table.places[slot]
    guard place.entryFile >= 0 else { return nil }
    return table.entries[Int(place.entryFile)][Int(place.entryIndex)].valueText
  }
  /// The plain entry's line.
  var entryLine: Int? {
    let place = table.places[slot]
    guard place.entryFile >= 0 else { return nil }
    return table.entries[Int(place.entryFile)][Int(place.entryIndex)].line
  }
  /// True when the record has plural families, device variations or a second file.
  var hasExtras: Bool { table.places[slot].extras >= 0 }
  /// True when the record has plural families.
  var hasFamilies: Bool { table.extras(at: slot).map { !$0.families.isEmpty } ?? false }
  /// True when the record has device variations.
  var hasDevices: Bool { table.extras(at: slot).map { !$0.devices.isEmpty } ?? false }

  /// Self, or nil when the record holds neither a plain entry, a plural family nor a device variation.
  var nonEmpty: KeyRecord? { hasEntry || hasFamilies || hasDevices ? self : nil }

  /// The line where the key first appears in `file`.
  public var line: Int {
    let entryLine = self.entryLine
    guard let extras = table.extras(at: slot) else { return entryLine ?? 0 }
    let countsFamilies = extras.familyFile == nil
    guard (countsFamilies && !extras.families.isEmpty) || !extras.devices.isEmpty else { return entryLine ?? 0 }
    var lowest = entryLine ?? Int.max
    if countsFamilies { for family in extras.families where family.line < lowest { lowest = family.line } }
    for device in extras.devices where device.line < lowest { lowest = device.line }
    return lowest
  }

  /// Where findings about the key as a whole point (`missing-in-remote`, `extra-key`, the
  /// source `missing-key` names): the plural families' file and first line when the key has
  /// families in a file of their own, else `file` and `line`.
  ///
  /// On Apple platforms a `.stringsdict` entry wins over a `.strings` value of the same key,
  /// which is then usually a placeholder; the plural entry is the text users see.
  public var location: (file: String, line: Int) {
    guard let extras = table.extras(at: slot), let familyFile = extras.familyFile,
      let first = extras.families.first
    else { return (file, line) }
    var lowest = first.line
    for family in extras.families where family.line < lowest { lowest = family.line }
    return (table.paths[Int(familyFile)], lowest)
  }

  /// The source family matching `family`: same variable and device, else same variable, else
  /// the first one.
  public func family(matching family: PluralFamily) -> PluralFamily? {
    guard let families = table.extras(at: slot)?.families else { return nil }
    return Self.familyIndex(matching: family, in: families).map { families[$0] }
  }

  /// The position in `families` of `family(matching:)`'s answer.
  func familyIndex(matching family: PluralFamily) -> Int? {
    Self.familyIndex(matching: family, in: table.extras(at: slot)?.families ?? [])
  }

  private static func familyIndex(matching family: PluralFamily, in families: [PluralFamily]) -> Int? {
    families.firstIndex { $0.variable == family.variable && $0.device == family.device }
      ?? families.firstIndex { $0.variable == family.variable } ?? (families.isEmpty ? nil : 0)
  }

  public static func == (a: KeyRecord, b: KeyRecord) -> Bool {
    (a.table === b.table && a.slot == b.slot)
      || (a.key == b.key && a.entry == b.entry && a.families == b.families && a.file == b.file
        && a.devices == b.devices && a.familyFile == b.familyFile)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(entry)
    hasher.combine(families)
    hasher.combine(file)
    hasher.combine(devices)
    hasher.combine(familyFile)
  }

  /// Makes this record one of its own table, with the given parts changed.
  private mutating func rebuild(
    key: String? = nil, entry: Entry?? = nil, families: [PluralFamily]? = nil, file: String? = nil,
    devices: [Entry]? = nil, familyFile: String? = nil
  ) {
    self = KeyRecord(
      key: key ?? self.key, entry: entry ?? self.entry, families: families ?? self.families,
      file: file ?? self.file, devices: devices ?? self.devices, familyFile: familyFile ?? self.familyFile)
  }
}
