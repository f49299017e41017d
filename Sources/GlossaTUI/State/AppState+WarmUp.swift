import GlossaCore

/// What the first edit in a language reads, read on another thread once the language is shown:
/// the edit positions of its `.strings` files (both sides) and the indexes of the per-key check.
/// On 40 × 20,000 they were two thirds of the first commit in a language (20 % the positions,
/// 17 % the indexes, the rest the snapshot read again).
public struct WarmUp: Sendable {
  var language: String
  var table: String
  var local: [LocaleTable]
  var remote: [LocaleTable]
  var checkCache: KeyCheckCache?
  var remoteCheckCache: KeyCheckCache?
}

/// The state's side of the warm-up: where it was asked for, and which files' positions it added
/// (let go of when another language is shown, so a day of browsing does not hold them all).
struct WarmUpState: Sendable {
  var requested: TablePlace?
  var paths: [Side: [String]] = [:]
}

extension AppState {
  /// The warm-up of the language and table shown, when they have not had one and their rows
  /// are many (a small table's first edit reads them in no time).
  mutating func warmUpEffect() -> Effect? {
    guard browse.rows.count > search.foregroundSearchTextLimit, !isLoading, snapshots.warmUp.requested != shownPlace
    else {
      return nil
    }
    snapshots.warmUp.requested = shownPlace
    return .warmUp(language: language, table: table)
  }

  /// Reads what the first edit of `language`'s `table` needs (off the loop's thread: the state
  /// is a copy).
  public func warmUp(language: String, table: String) -> WarmUp {
    func positions(_ bundle: LocalizationBundle?) -> [LocaleTable] {
      bundle?.tables.filter { $0.language == language && $0.name == table }.compactMap { $0.readingEditPositions() }
        ?? []
    }
    var localCache: KeyCheckCache?
    var remoteCache: KeyCheckCache?
    if checks.preparesKeyChecks {
      var cache = results.checkCache
      cache.prepare(language: language, in: local, against: remote)
      localCache = cache
      if let remote {
        var cache = results.remoteCheckCache
        cache.prepare(language: language, in: remote, against: nil)
        remoteCache = cache
      }
    }
    return WarmUp(
      language: language, table: table, local: positions(local), remote: positions(remote), checkCache: localCache,
      remoteCheckCache: remoteCache)
  }

  /// Takes a warm-up's results, while they are still of the language shown: the positions of
  /// files not changed since they were read, and the indexes (each use checks their revisions).
  /// The positions an earlier warm-up added are let go of first.
  mutating func keep(_ warm: WarmUp) {
    guard warm.language == language, warm.table == table else { return }
    if let cache = warm.checkCache { results.checkCache.adopt(cache) }
    if let cache = warm.remoteCheckCache { results.remoteCheckCache.adopt(cache) }
    local.releaseEditPositions(of: snapshots.warmUp.paths[.local] ?? [])
    remote?.releaseEditPositions(of: snapshots.warmUp.paths[.remote] ?? [])
    snapshots.warmUp.paths = [.local: local.adoptEditPositions(warm.local)]
    if remote != nil { snapshots.warmUp.paths[.remote] = remote?.adoptEditPositions(warm.remote) }
  }
}
