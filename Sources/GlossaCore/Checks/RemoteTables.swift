/// Whole tables one bundle has and the other lacks, for the remote comparison checks.
enum RemoteTables {
  /// `(name, path, key count)` of every table of one language in `tables` that `other` lacks,
  /// sorted by name.
  static func absent(from other: [String: TableIndex], in tables: [String: TableIndex]) -> [(String, String, Int)] {
    tables.keys.sorted().compactMap { name in
      guard other[name] == nil, let index = tables[name] else { return nil }
      return (name, index.path, index.keyCount)
    }
  }
}
