/// Every key of a String Catalog with its comment, one after another in one UTF-8 buffer: the
/// part of a language's view (see `StringCatalogView`) that is the same in every language.
///
/// A view whose language has most of the keys starts its buffer with these bytes, one copy,
/// instead of appending each key and comment from its own string: 40 languages × 5,000 keys
/// were 400,000 appends, each from a string somewhere else in memory. The ranges are then the
/// same in every such view.
struct CatalogKeyText: Sendable {
  /// Keys and comments in the order of the catalog's `keys`, each key followed by its comment.
  private(set) var bytes: [UInt8] = []
  /// Per key (position in the catalog's `keys`): where its key starts, its key's length, and
  /// its comment's length (`UInt32.max`: no comment), which follows the key.
  private var starts: [UInt32] = []
  private var keyCounts: [UInt32] = []
  private var commentCounts: [UInt32] = []

  init() {}

  init(keys: [CatalogKey]) {
    var size = 0
    for index in keys.indices { size += keys[index].key.utf8.count + (keys[index].comment?.utf8.count ?? 0) }
    bytes.reserveCapacity(size)
    starts.reserveCapacity(keys.count)
    keyCounts.reserveCapacity(keys.count)
    commentCounts.reserveCapacity(keys.count)
    for index in keys.indices {
      let start = bytes.count
      Self.append(keys[index].key, to: &bytes)
      let keyEnd = bytes.count
      var commentCount = UInt32.max
      if let comment = keys[index].comment {
        Self.append(comment, to: &bytes)
        commentCount = UInt32(bytes.count - keyEnd)
      }
      starts.append(UInt32(start))
      keyCounts.append(UInt32(keyEnd - start))
      commentCounts.append(commentCount)
    }
  }

  /// Appends the UTF-8 bytes of `string` to `bytes`, read in place.
  static func append(_ string: String, to bytes: inout [UInt8]) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// The range of the key at `index` (a position in the catalog's `keys`).
  func key(_ index: Int) -> Range<Int> {
    let start = Int(starts[index])
    return start..<start + Int(keyCounts[index])
  }

  /// The range of the comment of the key at `index`, nil when it has none.
  func comment(_ index: Int) -> Range<Int>? {
    guard commentCounts[index] != .max else { return nil }
    let start = Int(starts[index]) + Int(keyCounts[index])
    return start..<start + Int(commentCounts[index])
  }
}
