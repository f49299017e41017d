/// The records of one table index, by slot: where each key's plain entry lies in the files'
/// own `entries` arrays, read in place, rather than a copy of it in a box per key.
///
/// A record is then a reference to this table and a slot (`KeyRecord`); what few keys hold
/// besides a plain entry (plural families, device variations) lives in `extras`.
final class RecordTable: Sendable {
  /// The keys, by slot: mostly ranges of their files' text (see `EntryText`).
  let keys: [EntryText]
  /// Each file's entries (the documents' own arrays, shared, not copied), in index order.
  let entries: [[Entry]]
  /// Each file's path, relative to the bundle root; a standalone record may name more paths
  /// than it has entry arrays.
  let paths: [String]
  /// Where each key's parts are, by slot.
  let places: [RecordPlace]
  /// The families and device variations of the keys that have any (`RecordPlace.extras`).
  let extras: [RecordExtras]

  init(keys: [EntryText], entries: [[Entry]], paths: [String], places: [RecordPlace], extras: [RecordExtras]) {
    self.keys = keys
    self.entries = entries
    self.paths = paths
    self.places = places
    self.extras = extras
  }

  /// A table of one record made of these parts (a record built by hand, or changed).
  convenience init(
    key: String, entry: Entry?, families: [PluralFamily], file: String, devices: [Entry], familyFile: String
  ) {
    var paths = [file]
    if familyFile != file { paths.append(familyFile) }
    var place = RecordPlace(file: 0)
    if entry != nil {
      place.entryFile = 0
      place.entryIndex = 0
    }
    var extras: [RecordExtras] = []
    if !families.isEmpty || !devices.isEmpty || familyFile != file {
      place.extras = 0
      extras.append(RecordExtras(families: families, devices: devices, familyFile: familyFile != file ? 1 : nil))
    }
    self.init(
      keys: [EntryText(key)], entries: entry.map { [[$0]] } ?? [], paths: paths, places: [place], extras: extras)
  }

  /// The plain entry of `slot`, if any.
  func entry(at slot: Int) -> Entry? {
    let place = places[slot]
    guard place.entryFile >= 0 else { return nil }
    return entries[Int(place.entryFile)][Int(place.entryIndex)]
  }

  /// The extras of `slot`, if any.
  func extras(at slot: Int) -> RecordExtras? {
    let index = places[slot].extras
    return index < 0 ? nil : extras[Int(index)]
  }
}

/// Where one key's parts are in a `RecordTable`.
struct RecordPlace: Sendable, Hashable {
  /// The file (position in `RecordTable.entries`) of the effective plain entry; -1 for none.
  var entryFile: Int32 = -1
  /// The plain entry's position in that file's entries.
  var entryIndex: Int32 = 0
  /// The file (position in `RecordTable.paths`) of the plain entry, else where the key first appears.
  var file: Int32
  /// The position of the key's families and devices in `RecordTable.extras`; -1 for none.
  var extras: Int32 = -1

  init(file: Int32) {
    self.file = file
  }
}

/// What a few keys hold besides a plain entry.
struct RecordExtras: Sendable {
  var families: [PluralFamily] = []
  /// String Catalog device variations (without plural forms), in file order.
  var devices: [Entry] = []
  /// The file (position in `RecordTable.paths`) the families were read from, when it is not
  /// the record's `file`.
  var familyFile: Int32?
}
