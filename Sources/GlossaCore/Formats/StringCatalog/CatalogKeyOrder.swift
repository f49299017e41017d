import Foundation

/// The order Xcode writes the members of every object in a String Catalog.
///
/// Xcode writes catalogs with Foundation's `JSONSerialization` and sorted keys, which compares
/// with `[.numeric, .caseInsensitive, .forcedOrdering]` under the system (root) locale: ICU
/// collation, so punctuation and symbols sort before digits and digits before letters, `item 2`
/// before `item 10`, and `Comment` before `COMMENT`. Verified against the IceCubesApp catalog
/// (733 keys, none out of this order; plain code-point order puts 22 out of place).
enum CatalogKeyOrder {
  private static let root = Locale(identifier: "")

  /// True when Xcode writes `a` before `b`.
  static func precedes(_ a: String, _ b: String) -> Bool {
    a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil, locale: root)
      == .orderedAscending
  }

  /// Where `name` goes among `names` (assumed sorted; any position is valid otherwise): before
  /// the first name it precedes, found by binary search.
  static func insertionIndex(of name: String, in names: [String]) -> Int {
    var low = 0
    var high = names.count
    while low < high {
      let mid = (low + high) / 2
      if precedes(name, names[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
