/// Whole tables one bundle has and the other lacks, for the remote comparison checks.
enum RemoteTables {
  /// `(language, name, path)` of every table in `bundle` that `other` lacks, sorted.
  static func absent(from other: LocalizationBundle, in bundle: LocalizationBundle) -> [(String, String, String, Int)] {
    var present = Set<String>()
    for table in other.tables { present.insert(table.language + "\u{0}" + table.name) }
    var result: [(String, String, String, Int)] = []
    let grouped = Checker.indexes(bundle.tables)
    for language in grouped.keys.sorted() {
      for (name, index) in (grouped[language] ?? [:]).sorted(by: { $0.key < $1.key })
      where !present.contains(language + "\u{0}" + name) {
        result.append((language, name, index.path, index.keys.count))
      }
    }
    return result
  }
}
