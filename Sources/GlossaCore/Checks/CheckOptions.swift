/// What the checks measure against and which findings a team has switched off or accepted.
public struct CheckOptions: Sendable, Hashable {
  /// A translation wider than `maxRatio` × its source (and by `slack` columns) is overlong.
  public var maxRatio: Double
  /// How many columns wider than the source a translation must be before the ratio applies.
  public var slack: Int
  /// Column limits by key glob; the first rule that matches a key wins, after `max-length:` in
  /// the source comment.
  public var maxLength: [MaxLengthRule]
  /// Kinds that are not reported.
  public var disabled: Set<FindingKind>
  /// Opt-in kinds (`FindingKind.isOptIn`) that are reported; `disabled` still wins.
  public var enabled: Set<FindingKind>
  /// Folders (or files) of the app's source code to look for used keys in (`sources:`),
  /// relative to where glossa runs; a config's are resolved against the config's folder.
  public var sourcePaths: [String] = []
  /// True when `missing-in-bundle` also reports lookups in previews and `#if DEBUG` code
  /// (`check-debug-code: true`); such lookups always count against `unused-key`.
  public var checksDebugCode = false
  /// The app's own lookup wrappers (`lookups:`) and the paths the scan skips (`exclude:`).
  public var sourceScan = SourceScanOptions()
  /// Tables the app looks keys up in with keys built at run time (`runtime-tables:`): never
  /// `unused-key`.
  public var runtimeTables: Set<String> = []
  /// A fastlane `metadata` folder whose listing texts are checked (`metadata:`).
  public var metadataPath: String?
  /// Terms with a required rendering, or none (`glossary:`): what `glossary` checks.
  public var glossary: [GlossaryEntry] = []
  /// The app's `Info.plist` (`info-plist:`), when it is not the bundle's own: the permissions
  /// `unlocalized-permission` looks for.
  public var infoPlistPath: String?
  /// Severities that replace a kind's default.
  public var severities: [FindingKind: Severity]
  /// Findings the team has reviewed and accepted.
  public var baseline: [BaselineEntry]

  /// The defaults: ratio 1.5, slack 10, nothing switched off.
  public init(
    maxRatio: Double = 1.5, slack: Int = 10, maxLength: [MaxLengthRule] = [],
    disabled: Set<FindingKind> = [], severities: [FindingKind: Severity] = [:],
    baseline: [BaselineEntry] = [], enabled: Set<FindingKind> = []
  ) {
    self.enabled = enabled
    self.maxRatio = maxRatio
    self.slack = slack
    self.maxLength = maxLength
    self.disabled = disabled
    self.severities = severities
    self.baseline = baseline
  }

  /// True when findings of `kind` are reported: not disabled, and enabled when opt-in.
  public func reports(_ kind: FindingKind) -> Bool {
    !disabled.contains(kind) && (!kind.isOptIn || enabled.contains(kind))
  }

  /// The configured column limit for `key`, if a glob matches it.
  public func configuredLimit(forKey key: String) -> Int? {
    maxLength.first { Glob.matches($0.pattern, key) }?.limit
  }

  /// True when the baseline accepts `finding`.
  public func isAccepted(_ finding: Finding) -> Bool {
    baseline.contains { $0.accepts(finding) }
  }
}

/// `max-length` for keys matching a glob (`*` any run of characters, `?` one character).
public struct MaxLengthRule: Sendable, Hashable {
  public var pattern: String
  public var limit: Int
  public init(pattern: String, limit: Int) {
    self.pattern = pattern
    self.limit = limit
  }
}

/// An accepted finding: a kind, and optionally the language and key it concerns.
public struct BaselineEntry: Sendable, Hashable {
  public var kind: FindingKind
  /// A language or language glob (`pt*`); nil accepts the kind in every language.
  public var language: String?
  /// A key or key glob; nil accepts every key.
  public var key: String?
  public init(kind: FindingKind, language: String? = nil, key: String? = nil) {
    self.kind = kind
    self.language = language
    self.key = key
  }

  /// True when this entry covers `finding`.
  public func accepts(_ finding: Finding) -> Bool {
    guard finding.kind == kind else { return false }
    if let language {
      guard let findingLanguage = finding.language, Glob.matches(language, findingLanguage) else { return false }
    }
    if let key {
      guard let findingKey = finding.key, Glob.matches(key, findingKey) else { return false }
    }
    return true
  }
}

/// Shell-style globs over whole strings: `*` matches any run of characters, `?` one character.
public enum Glob {
  /// True when `pattern` matches all of `text`.
  public static func matches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern)
    let t = Array(text)
    var pi = 0
    var ti = 0
    var starP = -1
    var starT = 0
    while ti < t.count {
      if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
        pi += 1
        ti += 1
      } else if pi < p.count, p[pi] == "*" {
        starP = pi
        starT = ti
        pi += 1
      } else if starP >= 0 {
        pi = starP + 1
        starT += 1
        ti = starT
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }
}
