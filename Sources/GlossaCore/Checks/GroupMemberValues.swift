/// One language's values of the keys `SourceTextGroups` groups, read by source slot through
/// pointers into the language's record tables: what `inconsistent-translation` compares, with
/// no record made and no reference counted per member.
struct GroupMemberValues {
  /// Where a member's value is in this language.
  enum Value {
    /// The plain entry of a key without plural families.
    case entry(UnsafePointer<Entry>)
    /// The language lacks the key or its table, has no plain value for it, or the key has
    /// plural families: no rendering.
    case none
    /// The language's table was not indexed like the source's: the key is looked up by text.
    case byKey(TableIndex)
  }

  /// One table of the language, by the source's table number.
  private struct Table {
    /// False when the language lacks the table (or no group has a member in it).
    var isPresent = false
    /// True when the table was indexed like the source's: `slots` and `places` are read.
    var readsSlots = false
    /// Each source slot's slot in the language's table, -1 where it lacks the key.
    var slots = UnsafeBufferPointer<Int32>(start: nil, count: 0)
    var places = UnsafeBufferPointer<RecordPlace>(start: nil, count: 0)
    /// The position of the table's first file in `entries`.
    var firstFile = 0
  }

  private let tables: [Table]
  /// The language's tables by number (nil where it lacks one), for what is read by key.
  private let indexes: [TableIndex?]
  /// Each read table's files' entries, table after table.
  private let entries: [UnsafeBufferPointer<Entry>]

  /// Calls `body` with the values of `tables` (a language's, by name) for `groups`, indexed
  /// against `sourceTables`; valid only during the call.
  static func reading<Result>(
    _ groups: SourceTextGroups, tables: [String: TableIndex], sourceTables: [String: TableIndex],
    _ body: (GroupMemberValues) -> Result
  ) -> Result {
    var indexes: [TableIndex?] = []
    var slotMaps: [[Int32]] = []
    var placeArrays: [[RecordPlace]] = []
    var entryArrays: [[Entry]] = []
    // Per number: the table's position in `slotMaps` and `placeArrays`, and its first file.
    var read: [(map: Int, firstFile: Int)?] = []
    for (number, name) in groups.tableNames.enumerated() {
      let index = groups.tablesWithMembers[number] ? tables[name] : nil
      indexes.append(index)
      guard let index, let source = sourceTables[name], let slots = Self.slots(of: index, source) else {
        read.append(nil)
        continue
      }
      read.append((slotMaps.count, entryArrays.count))
      slotMaps.append(slots)
      placeArrays.append(index.recordTable.places)
      entryArrays.append(contentsOf: index.recordTable.entries)
    }
    return slotMaps.withInnerBuffers { slots in
      placeArrays.withInnerBuffers { places in
        entryArrays.withInnerBuffers { entries in
          let tables = indexes.indices.map { number -> Table in
            guard indexes[number] != nil else { return Table() }
            guard let (map, firstFile) = read[number] else { return Table(isPresent: true) }
            return Table(
              isPresent: true, readsSlots: true, slots: slots[map], places: places[map], firstFile: firstFile)
          }
          return body(GroupMemberValues(tables: tables, indexes: indexes, entries: entries))
        }
      }
    }
  }

  /// Each slot of `source` as a slot of `table` (-1 where `table` lacks the key), when `table`
  /// was indexed like `source` and found its keys there; nil otherwise.
  private static func slots(of table: TableIndex, _ source: TableIndex) -> [Int32]? {
    guard let translationToSource = table.sourceSlots(in: source) else { return nil }
    var result = [Int32](repeating: -1, count: source.keyCount)
    for (slot, sourceSlot) in translationToSource.enumerated() where sourceSlot >= 0 && Int(sourceSlot) < result.count {
      result[Int(sourceSlot)] = Int32(slot)
    }
    return result
  }

  /// Where `place`'s member's value is: what `TableIndex.record(at:)` and
  /// `KeyRecord.valueText` give, for a record without plural families.
  func value(of place: SourceTextGroups.MemberPlace) -> Value {
    let number = Int(place.tableNumber)
    let slot = Int(place.slot)
    let table = tables[number]
    guard table.isPresent else { return .none }
    guard table.readsSlots else { return indexes[number].map(Value.byKey) ?? .none }
    guard slot < table.slots.count, table.slots[slot] >= 0 else { return .none }
    let own = table.places[Int(table.slots[slot])]
    guard own.entryFile >= 0 else { return .none }
    if own.extras >= 0, let index = indexes[number], !index.recordTable.extras[Int(own.extras)].families.isEmpty {
      return .none
    }
    return .entry(entries[table.firstFile + Int(own.entryFile)].baseAddress! + Int(own.entryIndex))
  }

  /// The record of `place`'s member (whose key is `key`) in this language.
  func record(of place: SourceTextGroups.MemberPlace, key: EntryText) -> KeyRecord? {
    let number = Int(place.tableNumber)
    let slot = Int(place.slot)
    let table = tables[number]
    guard table.isPresent, let index = indexes[number] else { return nil }
    guard table.readsSlots else { return index.record(for: key) }
    guard slot < table.slots.count, table.slots[slot] >= 0 else { return nil }
    return index.record(at: Int(table.slots[slot]))
  }
}
