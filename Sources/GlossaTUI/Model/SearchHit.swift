import GlossaCore

/// A key that matches a search in some language and table (`n`/`N` walk them when the search
/// covers every language and table).
public struct SearchHit: Sendable, Hashable {
  public var language: String
  public var table: String
  public var key: String
}

extension AppState {
  /// Every key of both bundles, in every language and table, whose key, value or comment
  /// contains `needle`, in the review's order (languages, tables, then file order).
  func searchEverywhere(_ needle: [UInt8]) -> [SearchHit] {
    guard !needle.isEmpty else { return [] }
    var hits: [SearchHit] = []
    for language in languages where !pendingLanguages.contains(language) {
      for table in tables {
        var seen = Set<String>()
        for bundle in [local, remote].compactMap({ $0 }) {
          for file in bundle.tables where file.language == language && file.name == table {
            for entry in file.entries where !seen.contains(entry.key) {
              let texts = [entry.key, entry.value, entry.comment ?? ""]
              if texts.contains(where: { SearchText.text($0, contains: needle) }) {
                seen.insert(entry.key)
                hits.append(SearchHit(language: language, table: table, key: entry.key))
              }
            }
          }
        }
      }
    }
    return hits
  }
}
