/// The units of a String Catalog by language, and within a language by key: what a language's
/// view and a unit lookup read.
///
/// Built once per read in O(units), hashing a language code per unit and no path at all; a
/// key's units in a language are then found by binary search over its language's list.
struct CatalogUnitIndex: Sendable {
  /// Per language, unit positions ordered by key ordinal, file order within a key.
  private var byLanguage: [String: [Int32]] = [:]
  /// True when the units' key ordinals never decrease in file order (no key appears twice).
  private(set) var isInKeyOrder = true

  init() {}

  init(units: [CatalogUnit], keyCount: Int) {
    // Per language, in order of first appearance; units come grouped by key, and within a key
    // the languages usually in the same order as in the key before, so the list after the last
    // one used is tried first (a comparison of two short strings) before hashing the language.
    var languages: [String] = []
    var positions: [[Int32]] = []
    var slots: [String: Int] = [:]
    var last = -1
    var previousKey = 0
    for position in units.indices {
      if units[position].keyOrdinal < previousKey { isInKeyOrder = false }
      previousKey = units[position].keyOrdinal
      // Read in place: binding each unit would copy (retain and release) its strings.
      let next = last + 1 < languages.count ? last + 1 : 0
      let slot: Int
      if next < languages.count && languages[next] == units[position].path.language {
        slot = next
      } else if last >= 0 && languages[last] == units[position].path.language {
        slot = last
      } else if let known = slots[units[position].path.language] {
        slot = known
      } else {
        slot = languages.count
        slots[units[position].path.language] = slot
        languages.append(units[position].path.language)
        positions.append([])
      }
      positions[slot].append(Int32(position))
      last = slot
    }
    for (language, list) in zip(languages, positions) {
      // A counting sort by key ordinal (stable): units arrive in key order except where a key
      // appears twice in the file.
      // Units in key order make every language's list ordered too: only otherwise is it read
      // again (one unit every few kilobytes).
      var sorted = true
      if !isInKeyOrder {
        for index in list.indices.dropFirst()
        where units[Int(list[index])].keyOrdinal < units[Int(list[index - 1])].keyOrdinal {
          sorted = false
          break
        }
      }
      guard !sorted else {
        byLanguage[language] = list
        continue
      }
      var starts = [Int](repeating: 0, count: keyCount + 1)
      for position in list { starts[units[Int(position)].keyOrdinal + 1] += 1 }
      for key in 0..<keyCount { starts[key + 1] += starts[key] }
      var ordered = [Int32](repeating: 0, count: list.count)
      for position in list {
        let key = units[Int(position)].keyOrdinal
        ordered[starts[key]] = position
        starts[key] += 1
      }
      byLanguage[language] = ordered
    }
  }

  /// Positions in `units` of `language`'s units, ordered by key ordinal.
  func positions(of language: String) -> [Int32] {
    byLanguage[language] ?? []
  }

  /// Positions in `units` of the units of key ordinal `key` in `language`, in file order.
  func positions(of language: String, key: Int, in units: [CatalogUnit]) -> ArraySlice<Int32> {
    guard let list = byLanguage[language] else { return [] }
    return list[Self.range(of: key, in: list, units: units)]
  }

  /// The part of `list` (ordered by key ordinal) holding key ordinal `key`.
  static func range(of key: Int, in list: [Int32], units: [CatalogUnit]) -> Range<Int> {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if units[Int(list[mid])].keyOrdinal < key { low = mid + 1 } else { high = mid }
    }
    var end = low
    while end < list.count && units[Int(list[end])].keyOrdinal == key { end += 1 }
    return low..<end
  }
}
