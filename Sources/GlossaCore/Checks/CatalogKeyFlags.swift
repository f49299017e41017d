/// The String Catalog keys of one language's tables, for the checks about key-level flags
/// (`should-not-translate`, `stale-key`): each catalog once, with the path it was read from.
enum CatalogKeyFlags {
  /// Calls `body` with each catalog key of `tables` (sorted by table name), its table name and
  /// the catalog's path.
  static func forEachKey(in tables: [String: TableIndex], _ body: (CatalogKey, String, String) -> Void) {
    for name in tables.keys.sorted() {
      for file in tables[name]?.files ?? [] {
        guard let view = file.document as? StringCatalogView else { continue }
        // A key written twice is reported at its first occurrence.
        for (index, key) in view.catalog.keys.enumerated() where key.ordinal == index { body(key, name, file.path) }
      }
    }
  }
}
