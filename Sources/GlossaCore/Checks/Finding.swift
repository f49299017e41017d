/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case info, warning, error

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }
}

/// Every kind of review finding, named exactly as reports and configs spell them.
public enum FindingKind: String, Sendable, Hashable, CaseIterable, Codable {
  case missingKey = "missing-key"
  case extraKey = "extra-key"
  case emptyValue = "empty-value"
  case untranslated = "untranslated"
  case whitespaceMismatch = "whitespace-mismatch"
  case formatMismatch = "format-mismatch"
  case brokenReference = "broken-reference"
  case duplicateKey = "duplicate-key"
  case overlong = "overlong"
  case pluralGap = "plural-gap"
  case pluralExtra = "plural-extra"
  case parseError = "parse-error"
  case encodingError = "encoding-error"
  case invalidInfoPlist = "invalid-info-plist"
  case missingInRemote = "missing-in-remote"
  case onlyInRemote = "only-in-remote"
  case needsReview = "needs-review"
  case unpositionedArguments = "unpositioned-arguments"
  case missingComment = "missing-comment"
  case storeMetadataLength = "store-metadata-length"
  case missingInBundle = "missing-in-bundle"
  case unusedKey = "unused-key"

  /// True for kinds reported only when asked for (`enable:` in the config, `--enable`, or the
  /// review, which always shows them): `missing-comment`, which most bundles have by the dozen.
  public var isOptIn: Bool { self == .missingComment }

  /// True for kinds whose `file` is a path outside the bundle, as the user named it (app
  /// source code, fastlane metadata), not a path relative to the bundle root.
  public var isOutsideBundle: Bool {
    switch self {
    case .missingInBundle, .storeMetadataLength: true
    default: false
    }
  }
}

/// One review finding: what is wrong, where, and a sentence a translator understands.
public struct Finding: Sendable, Hashable, Codable {
  public var kind: FindingKind
  public var severity: Severity
  /// The bundle as the user named it (path or URL).
  public var bundle: String
  public var language: String?
  public var table: String?
  public var key: String?
  /// The plural category concerned, when there is one.
  public var category: PluralCategory?
  /// The file, relative to the bundle root.
  public var file: String?
  public var line: Int?
  /// The 1-based column (in characters) on `line`, when a finding knows it.
  public var column: Int?
  public var message: String
  /// The String Catalog device variation concerned (`iphone`), when there is one.
  public var device: String?

  public init(
    kind: FindingKind, severity: Severity, bundle: String, language: String? = nil,
    table: String? = nil, key: String? = nil, category: PluralCategory? = nil,
    file: String? = nil, line: Int? = nil, column: Int? = nil, message: String, device: String? = nil
  ) {
    self.device = device
    self.column = column
    self.kind = kind
    self.severity = severity
    self.bundle = bundle
    self.language = language.map { UntrustedText.clipped($0) }
    self.table = table
    self.key = key
    self.category = category
    self.file = file.map { UntrustedText.clipped($0, limit: Self.maxFileCharacters) }
    self.line = line
    self.message = Self.clippingWords(message)
  }

  /// A path longer than this cannot name a file on disk (`PATH_MAX`); longer ones are clipped.
  static let maxFileCharacters = 4096

  /// `message` with every word (run without spaces) longer than `UntrustedText.displayLimit`
  /// clipped: a finding names a megabyte-long language code or key, it does not copy it.
  static func clippingWords(_ message: String) -> String {
    guard message.utf8.count > UntrustedText.displayLimit else { return message }
    let words = message.split(separator: " ", omittingEmptySubsequences: false)
    guard words.contains(where: { $0.utf8.count > UntrustedText.displayLimit }) else { return message }
    return words.map { UntrustedText.clipped(String($0)) }.joined(separator: " ")
  }
}

extension FindingKind {
  /// The severity a finding of this kind has unless a check grades it (see docs/checks.md).
  public var defaultSeverity: Severity {
    switch self {
    case .missingKey, .emptyValue, .formatMismatch, .brokenReference, .parseError, .encodingError,
      .invalidInfoPlist, .pluralGap:
      .error
    case .missingInBundle, .storeMetadataLength:
      .error
    case .extraKey, .whitespaceMismatch, .duplicateKey, .overlong, .pluralExtra, .missingInRemote, .needsReview,
      .unpositionedArguments:
      .warning
    case .untranslated, .onlyInRemote, .missingComment, .unusedKey:
      .info
    }
  }

  /// One sentence saying what the kind means, for rule lists and help screens.
  public var summary: String {
    switch self {
    case .missingKey: "A key of the development language is missing in a translation."
    case .extraKey: "A translation has a key the development language does not have."
    case .emptyValue: "A translation is empty or only whitespace where the source is not."
    case .untranslated: "A translation is identical to its source phrase."
    case .whitespaceMismatch: "Leading or trailing spaces or newlines differ from the source."
    case .formatMismatch: "Format specifiers differ from the source in count, type or position."
    case .brokenReference: "A {key.path} placeholder names a missing key or forms a cycle."
    case .duplicateKey: "A key occurs more than once in one file."
    case .overlong: "A value is wider than its max-length limit or much wider than its source."
    case .pluralGap: "A plural family lacks a category the language needs."
    case .pluralExtra: "A plural family has a category the language never uses."
    case .parseError: "A file could not be parsed."
    case .encodingError: "A file is not valid text in a supported encoding."
    case .invalidInfoPlist: "Info.plist is missing, unreadable or invalid."
    case .missingInRemote: "A local key is missing from the remote bundle."
    case .onlyInRemote: "A key exists only in the remote bundle."
    case .needsReview: "A String Catalog value is marked needs_review or stale."
    case .unpositionedArguments: "A source value has two or more format specifiers without positions."
    case .missingComment: "A development-language entry has no comment for translators."
    case .storeMetadataLength: "An App Store listing text is longer than the store allows."
    case .missingInBundle: "The app's code uses a key the development language does not have."
    case .unusedKey: "No code of the app uses a key of the development language."
    }
  }
}
