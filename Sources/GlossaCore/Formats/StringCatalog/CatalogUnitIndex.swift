/// The units of a String Catalog by language, and within a language by key: what a language's
/// view and a unit lookup read.
///
/// Gathered while the catalog is read (`Builder`), hashing at most a language code per
/// localization and no path at all; a key's units in a language are then found by binary
/// search over its language's list.
package struct CatalogUnitIndex: Sendable {
  /// Per language, unit positions ordered by key ordinal, file order within a key.
  private var byLanguage: [String: [Int32]] = [:]
  /// Per language, the UTF-8 bytes of its units' values.
  private var valueBytes: [String: Int] = [:]
  /// Per language, how many keys have units in it (a key, or a language of a key, written
  /// twice counts twice).
  private var keyCounts: [String: Int] = [:]
  /// True when no key appears twice: the units' key ordinals then never decrease in file
  /// order, and each language's list is in key order as read.
  private(set) var isInKeyOrder = true

  /// The index as it is gathered: per language, in order of first appearance, its units'
  /// positions in file order. The catalog's reader adds each localization's units as it reads
  /// them (on each half's thread), so the index costs no pass over the units of its own.
  struct Builder: Sendable {
    fileprivate var languages: [String] = []
    fileprivate var positions: [[Int32]] = []
    fileprivate var valueBytes: [Int] = []
    fileprivate var keyCounts: [Int] = []
    private var slots: [String: Int] = [:]
    private var last = -1
    /// False once a key's units were read after another key's (a key written twice): the
    /// lists then need ordering by key.
    var isInKeyOrder = true

    /// Adds `range` of `units`, the units of one localization of `language`.
    mutating func add(_ language: String, units range: Range<Int>, of units: [CatalogUnit]) {
      guard !range.isEmpty else { return }
      let slot = self.slot(of: language)
      keyCounts[slot] += 1
      for position in range {
        positions[slot].append(Int32(position))
        valueBytes[slot] += units[position].valueText.utf8Count
      }
    }

    /// Appends what `other` gathered, whose positions start at `offset`.
    mutating func append(_ other: Builder, offset: Int) {
      for (index, language) in other.languages.enumerated() {
        let slot = self.slot(of: language)
        positions[slot].append(contentsOf: other.positions[index].lazy.map { $0 + Int32(offset) })
        valueBytes[slot] += other.valueBytes[index]
        keyCounts[slot] += other.keyCounts[index]
      }
      isInKeyOrder = isInKeyOrder && other.isInKeyOrder
    }

    /// The language's list. Units come grouped by key, and within a key the languages usually
    /// in the same order as in the key before, so the list after the last one used is tried
    /// first (a comparison of two short strings) before hashing the language.
    private mutating func slot(of language: String) -> Int {
      let next = last + 1 < languages.count ? last + 1 : 0
      if next < languages.count && languages[next] == language {
        last = next
      } else if last >= 0 && languages[last] == language {
      } else if let known = slots[language] {
        last = known
      } else {
        last = languages.count
        slots[language] = last
        languages.append(language)
        positions.append([])
        valueBytes.append(0)
        keyCounts.append(0)
      }
      return last
    }
  }

  init() {}

  /// The index of `units`, as `builder` gathered it while they were read.
  init(_ builder: Builder, units: CatalogUnits, keyCount: Int) {
    isInKeyOrder = builder.isInKeyOrder
    for (index, language) in builder.languages.enumerated() {
      valueBytes[language] = builder.valueBytes[index]
      keyCounts[language] = builder.keyCounts[index]
      byLanguage[language] =
        isInKeyOrder ? builder.positions[index] : Self.ordered(builder.positions[index], units, keyCount)
    }
  }

  /// `list` ordered by key ordinal, file order within a key: a counting sort (stable).
  private static func ordered(_ list: [Int32], _ units: CatalogUnits, _ keyCount: Int) -> [Int32] {
    var sorted = true
    for index in list.indices.dropFirst()
    where units.keyOrdinal(at: Int(list[index])) < units.keyOrdinal(at: Int(list[index - 1])) {
      sorted = false
      break
    }
    guard !sorted else { return list }
    var starts = [Int](repeating: 0, count: keyCount + 1)
    for position in list { starts[units.keyOrdinal(at: Int(position)) + 1] += 1 }
    for key in 0..<keyCount { starts[key + 1] += starts[key] }
    var ordered = [Int32](repeating: 0, count: list.count)
    for position in list {
      let key = units.keyOrdinal(at: Int(position))
      ordered[starts[key]] = position
      starts[key] += 1
    }
    return ordered
  }

  /// Every language with a unit.
  var languages: Dictionary<String, [Int32]>.Keys { byLanguage.keys }

  /// How many keys have units in `language` (a key, or a language of a key, written twice
  /// counts twice).
  func keyCount(of language: String) -> Int {
    keyCounts[language] ?? 0
  }

  /// The UTF-8 bytes of `language`'s units' values.
  func valueBytes(of language: String) -> Int {
    valueBytes[language] ?? 0
  }

  /// Positions in `units` of `language`'s units, ordered by key ordinal.
  package func positions(of language: String) -> [Int32] {
    byLanguage[language] ?? []
  }

  /// Positions in `units` of the units of key ordinal `key` in `language`, in file order.
  func positions(of language: String, key: Int, in units: CatalogUnits) -> ArraySlice<Int32> {
    guard let list = byLanguage[language] else { return [] }
    return list[Self.range(of: key, in: list, units: units)]
  }

  /// The part of `list` (ordered by key ordinal) holding key ordinal `key`.
  static func range(of key: Int, in list: [Int32], units: CatalogUnits) -> Range<Int> {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if units.keyOrdinal(at: Int(list[mid])) < key { low = mid + 1 } else { high = mid }
    }
    var end = low
    while end < list.count && units.keyOrdinal(at: Int(list[end])) == key { end += 1 }
    return low..<end
  }
}
