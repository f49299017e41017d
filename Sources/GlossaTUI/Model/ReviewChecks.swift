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
  /// run when the user pauses typing.
  public var draft:
    @Sendable (
      _ local: LocalizationBundle, _ remote: LocalizationBundle?, _ draft: Edit, _ side: Side,
      _ cache: inout KeyCheckCache
    ) -> [Finding]

  public init(
    all: @escaping @Sendable (LocalizationBundle, LocalizationBundle?) -> [Finding],
    key:
      @escaping @Sendable (LocalizationBundle, LocalizationBundle?, String, String, String, inout KeyCheckCache) ->
      [Finding],
    draft:
      @escaping @Sendable (LocalizationBundle, LocalizationBundle?, Edit, Side, inout KeyCheckCache) -> [Finding]
  ) {
    self.all = all
    self.key = key
    self.draft = draft
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
        return key(side == .local ? copy : local, side == .remote ? copy : remote, address.language, address.table, address.key)
          .filter { $0.key == address.key && $0.language == address.language }
      })
  }

  /// No checks at all (every list shows no findings).
  public static let none = ReviewChecks(all: { _, _ in [] }, key: { _, _, _, _, _ in [] })
}

/// Where a finding belongs in the key list.
struct FindingSlot: Hashable, Sendable {
  var language: String
  var table: String
  var key: String
}

/// Findings indexed by language, table and key, for constant-time row lookups.
public struct FindingIndex: Sendable {
  private var bySlot: [FindingSlot: [Finding]] = [:]
  /// Findings that name no key (a broken file, `Info.plist`).
  public private(set) var general: [Finding] = []
  /// Count per severity, for the header.
  public private(set) var counts: [Severity: Int] = [:]

  public init(_ findings: [Finding] = []) {
    for finding in findings { insert(finding) }
  }

  /// The findings of one key.
  public func findings(language: String, table: String, key: String) -> [Finding] {
    bySlot[FindingSlot(language: language, table: table, key: key)] ?? []
  }

  /// Replaces the findings of one key (after an edit).
  public mutating func replace(language: String, table: String, key: String, with findings: [Finding]) {
    let slot = FindingSlot(language: language, table: table, key: key)
    for old in bySlot[slot] ?? [] { counts[old.severity, default: 1] -= 1 }
    bySlot[slot] = nil
    for finding in findings { insert(finding) }
  }

  private mutating func insert(_ finding: Finding) {
    counts[finding.severity, default: 0] += 1
    guard let language = finding.language, let table = finding.table, let key = finding.key else {
      general.append(finding)
      return
    }
    bySlot[FindingSlot(language: language, table: table, key: key), default: []].append(finding)
  }
}
