import GlossaCore

/// The findings whose kinds depend on other keys (`ReviewChecks.crossKeyKinds`: the same
/// source text translated two ways, keys differing only in case). A per-key re-check cannot
/// tell them, so after an edit the language is checked for them in the background and the
/// keys whose findings of those kinds changed take the new ones: the header, the findings view
/// and an export then say what `glossa lint` says.
extension AppState {
  /// The revisions the findings across keys of `language` on `side` depend on: that
  /// language's tables and the source language's.
  func acrossKeysRevisions(_ side: Side, language: String) -> [Revision] {
    let source = Checker.sourceLanguage(of: bundle(side))
    return bundle(side).tables.filter { $0.language == language || $0.language == source }.map(\.revision)
  }

  /// Finds the findings across keys of `language` on `side` (off the loop's thread: the state
  /// is a copy).
  public func recheckAcrossKeys(_ side: Side, language: String) -> Event {
    var cache = side == .local ? results.checkCache : results.remoteCheckCache
    let found =
      checks.crossKey?(bundle(side), side == .local ? remote : nil, language, &cache) ?? []
    return .acrossKeysRechecked(
      side, language: language, revisions: acrossKeysRevisions(side, language: language), findings: found)
  }

  /// Takes findings across keys found in the tables of `revisions`, when those are still the
  /// tables' revisions: every key whose findings of those kinds differ takes the new ones.
  mutating func takeAcrossKeys(_ side: Side, language: String, revisions: [Revision], _ found: [Finding]) {
    guard revisions == acrossKeysRevisions(side, language: language), side == .local || remote != nil else { return }
    let kinds = checks.crossKeyKinds
    let now = results.findings(of: side).findings(language: language, kinds: kinds)
    var new: [String: [String: [Finding]]] = [:]
    for finding in found {
      guard let table = finding.table, let key = finding.key, finding.language == language else { continue }
      new[table, default: [:]][key, default: []].append(finding)
    }
    for table in Set(now.keys).union(new.keys) {
      let (held, found) = (now[table] ?? [:], new[table] ?? [:])
      for key in Set(held.keys).union(found.keys) where held[key] ?? [] != found[key] ?? [] {
        let others = results.findings(of: side).findings(language: language, table: table, key: key)
          .filter { !kinds.contains($0.kind) }
        replaceFindings(
          side, of: ValueAddress(language: language, table: table, key: key), with: others + (found[key] ?? []),
          keepingAcrossKeys: false)
      }
    }
  }
}
