import GlossaCore

/// The checks the review runs, given to the state so the real `Checker` is wired in one place.
public struct ReviewChecks: Sendable {
  /// Every finding of the local bundle (against the remote one when present).
  public var all: @Sendable (_ local: LocalizationBundle, _ remote: LocalizationBundle?) -> [Finding]
  /// The findings of one key in one language and table, run after each edit; `cache` keeps
  /// the indexes the checks read between calls.
  public var key:
    @Sendable (
      _ local: LocalizationBundle, _ remote: LocalizationBundle?, _ language: String,
      _ table: String, _ key: String, _ cache: inout KeyCheckCache
    ) -> [Finding]
  /// The findings of the edited key as if `draft` were applied on `side`, without applying it:
  /// run when the user pauses typing. A remote draft is checked as the remote bundle's own value
  /// (like `remoteKey`), so a remote edit is held to the same rules as a local one.
  public var draft:
    @Sendable (
      _ local: LocalizationBundle, _ remote: LocalizationBundle?, _ draft: Edit, _ side: Side,
      _ cache: inout KeyCheckCache
    ) -> [Finding]

  /// Every finding of the remote bundle checked on its own, as a repack checks the zip it writes.
  public var remoteAll: @Sendable (_ remote: LocalizationBundle) -> [Finding]
  /// The remote bundle's own findings of one key (after a remote edit).
  public var remoteKey:
    @Sendable (
      _ remote: LocalizationBundle, _ language: String, _ table: String, _ key: String,
      _ cache: inout KeyCheckCache
    ) -> [Finding]

  /// The findings of one language whose kinds depend on other keys (`crossKeyKinds`), as a full
  /// run reports them: asked for in the background after an edit, since a per-key check cannot
  /// tell them. Nil when the checks have none (the per-key checks then say everything).
  public var crossKey:
    (
      @Sendable (
        _ bundle: LocalizationBundle, _ against: LocalizationBundle?, _ language: String, _ cache: inout KeyCheckCache
      ) -> [Finding]
    )?
  /// The kinds `crossKey` reports: a per-key re-check keeps a key's findings of these kinds.
  public var crossKeyKinds: Set<FindingKind> = []

  /// True when `key`, `draft` and `remoteKey` read the `KeyCheckCache` they are given: the
  /// review then builds its indexes ahead, off the loop, for the language shown.
  public var preparesKeyChecks = false

  public init(
    all: @escaping @Sendable (LocalizationBundle, LocalizationBundle?) -> [Finding],
    key:
      @escaping @Sendable (LocalizationBundle, LocalizationBundle?, String, String, String, inout KeyCheckCache) ->
      [Finding],
    draft:
      @escaping @Sendable (LocalizationBundle, LocalizationBundle?, Edit, Side, inout KeyCheckCache) -> [Finding],
    remoteAll: @escaping @Sendable (LocalizationBundle) -> [Finding],
    remoteKey:
      @escaping @Sendable (LocalizationBundle, String, String, String, inout KeyCheckCache) -> [Finding]
  ) {
    self.all = all
    self.key = key
    self.draft = draft
    self.remoteAll = remoteAll
    self.remoteKey = remoteKey
  }

  /// Checks from a whole-bundle function and an uncached per-key one; a draft is checked by
  /// applying it to a copy of its bundle (fine for small test bundles).
  public init(
    all: @escaping @Sendable (LocalizationBundle, LocalizationBundle?) -> [Finding],
    key: @escaping @Sendable (LocalizationBundle, LocalizationBundle?, String, String, String) -> [Finding]
  ) {
    self.init(
      all: all,
      key: { local, remote, language, table, name, _ in key(local, remote, language, table, name) },
      draft: { local, remote, edit, side, _ in
        var copy = side == .remote ? (remote ?? local) : local
        guard (try? copy.apply(edit)) != nil else { return [] }
        let address = edit.address
        let found =
          side == .remote
          ? key(copy, nil, address.language, address.table, address.key)
          : key(copy, remote, address.language, address.table, address.key)
        return found.filter { $0.key == address.key && $0.language == address.language }
      },
      remoteAll: { remote in all(remote, nil) },
      remoteKey: { remote, language, table, name, _ in key(remote, nil, language, table, name) })
  }

  /// No checks at all (every list shows no findings).
  public static let none = ReviewChecks(all: { _, _ in [] }, key: { _, _, _, _, _ in [] })

  /// Checks with the review's real `Checker`: the local bundle against the remote one (lint's
  /// findings), and the remote bundle on its own.
  public static func real(_ checker: Checker) -> ReviewChecks {
    var checks = ReviewChecks(
      // The review checks bundles it has read whole: nothing is read here, so nothing can fail.
      all: { local, remote in (try? checker.findings(in: local, against: remote)) ?? [] },
      key: { local, remote, language, table, key, cache in
        checker.findings(for: key, language: language, table: table, in: local, against: remote, cache: &cache)
      },
      draft: { local, remote, edit, side, cache in
        guard side == .remote, let remote else {
          return checker.findings(ofDraft: edit, in: local, against: remote, cache: &cache)
        }
        return checker.findings(ofDraft: edit, in: remote, against: nil, cache: &cache)
      },
      remoteAll: { remote in (try? checker.findings(in: remote, against: nil)) ?? [] },
      remoteKey: { remote, language, table, key, cache in
        checker.findings(for: key, language: language, table: table, in: remote, against: nil, cache: &cache)
      })
    checks.preparesKeyChecks = true
    checks.crossKey = { bundle, against, language, cache in
      checker.crossKeyFindings(language: language, in: bundle, against: against, cache: &cache)
    }
    checks.crossKeyKinds = Checker.crossKeyKinds
    return checks
  }
}
