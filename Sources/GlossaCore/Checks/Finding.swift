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
  case unreadableFile = "unreadable-file"
  case placeholderText = "placeholder-text"
  case urlMismatch = "url-mismatch"
  case numberMismatch = "number-mismatch"
  case invisibleCharacter = "invisible-character"
  case doubleSpace = "double-space"
  case repeatedWord = "repeated-word"
  case ellipsis = "ellipsis"
  case caseDuplicateKey = "case-duplicate-key"
  case shouldNotTranslate = "should-not-translate"
  case staleKey = "stale-key"
  case punctuationMismatch = "punctuation-mismatch"
  case markupMismatch = "markup-mismatch"
  case inconsistentTranslation = "inconsistent-translation"
  case unlocalizedPermission = "unlocalized-permission"
  case glossary = "glossary"
  case storeMetadataLength = "store-metadata-length"
  case missingInBundle = "missing-in-bundle"
  case unusedKey = "unused-key"
  case sourceChanged = "source-changed"

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
///
/// A large review holds hundreds of thousands of findings, twice (by key for the rows, in list
/// order for the findings view), so a finding is kept small (72 bytes): the bundle, language,
/// table and device live in a `FindingPlace` shared by every finding of a table, and the line
/// and column in 32 bits each. The properties read and write as plain values.
public struct Finding: Sendable {
  public var kind: FindingKind
  public var severity: Severity
  /// The plural category concerned, when there is one.
  public var category: PluralCategory?
  private var storedLine: Int32
  private var storedColumn: Int32
  private var place: FindingPlace
  public var key: String?
  /// The file, relative to the bundle root.
  public var file: String?
  public var message: String

  public init(
    kind: FindingKind, severity: Severity, bundle: String, language: String? = nil,
    table: String? = nil, key: String? = nil, category: PluralCategory? = nil,
    file: String? = nil, line: Int? = nil, column: Int? = nil, message: String, device: String? = nil
  ) {
    self.init(
      kind: kind, severity: severity,
      place: FindingPlace(
        bundle: bundle, language: language.map { UntrustedText.clipped($0) }, table: table, device: device),
      key: key,
      category: category, file: file, line: line, column: column, message: message)
  }

  /// A finding at `place` (shared by every finding of one table: see `FindingPlace`).
  init(
    kind: FindingKind, severity: Severity, place: FindingPlace, key: String?, category: PluralCategory?,
    file: String?, line: Int?, column: Int?, message: String
  ) {
    self.kind = kind
    self.severity = severity
    self.category = category
    self.place = place
    self.key = key
    self.file = file.map { UntrustedText.clipped($0, limit: Self.maxFileCharacters) }
    self.message = Self.clippingWords(message)
    storedLine = Self.absent
    storedColumn = Self.absent
    self.line = line
    self.column = column
  }

  /// The bundle as the user named it (path or URL).
  public var bundle: String {
    get { place.parts.bundle }
    set { place = place.changing { $0.bundle = newValue } }
  }
  public var language: String? {
    get { place.parts.language }
    set { place = place.changing { $0.language = newValue } }
  }
  public var table: String? {
    get { place.parts.table }
    set { place = place.changing { $0.table = newValue } }
  }
  /// The String Catalog device variation concerned (`iphone`), when there is one.
  public var device: String? {
    get { place.parts.device }
    set { place = place.changing { $0.device = newValue } }
  }

  public var line: Int? {
    get { storedLine == Self.absent ? nil : storedLine == Self.overflow ? place.parts.wideLine : Int(storedLine) }
    set { (storedLine, place) = Self.store(newValue, in: place, wide: \.wideLine) }
  }
  /// The 1-based column (in characters) on `line`, when a finding knows it.
  public var column: Int? {
    get {
      storedColumn == Self.absent ? nil : storedColumn == Self.overflow ? place.parts.wideColumn : Int(storedColumn)
    }
    set { (storedColumn, place) = Self.store(newValue, in: place, wide: \.wideColumn) }
  }

  /// `storedLine`/`storedColumn` for no value.
  private static let absent = Int32.min
  /// `storedLine`/`storedColumn` for a value that needs more than 32 bits: it is kept in the place.
  private static let overflow = Int32.min + 1

  /// The 32-bit form of `value`, with `place` holding it when it needs more.
  private static func store(
    _ value: Int?, in place: FindingPlace, wide: WritableKeyPath<FindingPlace.Parts, Int?>
  ) -> (Int32, FindingPlace) {
    guard let value else { return (absent, place) }
    if let narrow = Int32(exactly: value), narrow > overflow { return (narrow, place) }
    return (overflow, place.changing { $0[keyPath: wide] = value })
  }

  /// A path longer than this cannot name a file on disk (`PATH_MAX`); longer ones are clipped.
  static let maxFileCharacters = 4096

  /// `message` with every word (run without spaces) longer than `UntrustedText.displayLimit`
  /// clipped: a finding names a megabyte-long language code or key, it does not copy it.
  static func clippingWords(_ message: String) -> String {
    guard message.utf8.count > UntrustedText.displayLimit, hasLongRun(message) else { return message }
    let words = message.split(separator: " ", omittingEmptySubsequences: false)
    guard words.contains(where: { $0.utf8.count > UntrustedText.displayLimit }) else { return message }
    return words.map { UntrustedText.clipped(String($0)) }.joined(separator: " ")
  }

  /// False when no run of `message`'s bytes between spaces is longer than the limit: then no
  /// word is (nearly every message), found without splitting it into characters. A space
  /// before a non-ASCII byte may join a mark into one character, so it does not end a run here.
  private static func hasLongRun(_ message: String) -> Bool {
    if let answer = message.utf8.withContiguousStorageIfAvailable(hasLongRun) { return answer }
    return hasLongRun(message.utf8)
  }

  /// `hasLongRun` of a message's UTF-8.
  private static func hasLongRun(_ bytes: some Sequence<UInt8>) -> Bool {
    var run = 0
    var afterSpace = false
    for byte in bytes {
      if afterSpace && byte < 0x80 { run = 0 }
      afterSpace = byte == 0x20
      run += 1
      if run > UntrustedText.displayLimit { return true }
    }
    return false
  }
}

extension Finding: Hashable {
  public static func == (a: Finding, b: Finding) -> Bool {
    a.kind == b.kind && a.severity == b.severity && a.category == b.category && a.line == b.line
      && a.column == b.column && a.key == b.key && a.file == b.file && a.message == b.message
      && (a.place === b.place
        || (a.bundle == b.bundle && a.language == b.language && a.table == b.table && a.device == b.device))
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(severity)
    hasher.combine(bundle)
    hasher.combine(language)
    hasher.combine(table)
    hasher.combine(key)
    hasher.combine(category)
    hasher.combine(file)
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(message)
    hasher.combine(device)
  }
}

extension Finding: CustomStringConvertible, CustomDebugStringConvertible {
  /// The fields as set, not as stored (the shared place, the 32-bit line and column).
  public var description: String {
    var parts = ["kind: \(kind.rawValue)", "severity: \(severity.rawValue)", "bundle: \(bundle.debugDescription)"]
    if let language { parts.append("language: \(language.debugDescription)") }
    if let table { parts.append("table: \(table.debugDescription)") }
    if let key { parts.append("key: \(key.debugDescription)") }
    if let category { parts.append("category: \(category.rawValue)") }
    if let file { parts.append("file: \(file.debugDescription)") }
    if let line { parts.append("line: \(line)") }
    if let column { parts.append("column: \(column)") }
    parts.append("message: \(message.debugDescription)")
    if let device { parts.append("device: \(device.debugDescription)") }
    return "Finding(" + parts.joined(separator: ", ") + ")"
  }

  public var debugDescription: String { description }
}

extension Finding: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, severity, bundle, language, table, key, category, file, line, column, message, device
  }

  /// Decodes the values as encoded: not clipped again (a clipped value is longer than the
  /// limit, and clipping it again would change it).
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    kind = try values.decode(FindingKind.self, forKey: .kind)
    severity = try values.decode(Severity.self, forKey: .severity)
    category = try values.decodeIfPresent(PluralCategory.self, forKey: .category)
    place = FindingPlace(
      bundle: try values.decode(String.self, forKey: .bundle),
      language: try values.decodeIfPresent(String.self, forKey: .language),
      table: try values.decodeIfPresent(String.self, forKey: .table),
      device: try values.decodeIfPresent(String.self, forKey: .device))
    key = try values.decodeIfPresent(String.self, forKey: .key)
    file = try values.decodeIfPresent(String.self, forKey: .file)
    message = try values.decode(String.self, forKey: .message)
    storedLine = Self.absent
    storedColumn = Self.absent
    line = try values.decodeIfPresent(Int.self, forKey: .line)
    column = try values.decodeIfPresent(Int.self, forKey: .column)
  }

  public func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    try values.encode(kind, forKey: .kind)
    try values.encode(severity, forKey: .severity)
    try values.encode(bundle, forKey: .bundle)
    try values.encodeIfPresent(language, forKey: .language)
    try values.encodeIfPresent(table, forKey: .table)
    try values.encodeIfPresent(key, forKey: .key)
    try values.encodeIfPresent(category, forKey: .category)
    try values.encodeIfPresent(file, forKey: .file)
    try values.encodeIfPresent(line, forKey: .line)
    try values.encodeIfPresent(column, forKey: .column)
    try values.encode(message, forKey: .message)
    try values.encodeIfPresent(device, forKey: .device)
  }
}

extension FindingKind {
  /// The severity a finding of this kind has unless a check grades it (see docs/checks.md).
  public var defaultSeverity: Severity {
    switch self {
    case .missingKey, .emptyValue, .formatMismatch, .brokenReference, .parseError, .encodingError,
      .invalidInfoPlist, .pluralGap, .unreadableFile:
      .error
    case .missingInBundle, .storeMetadataLength:
      .error
    case .extraKey, .whitespaceMismatch, .duplicateKey, .overlong, .pluralExtra, .missingInRemote, .needsReview,
      .unpositionedArguments:
      .warning
    case .placeholderText, .urlMismatch, .numberMismatch, .invisibleCharacter, .caseDuplicateKey, .shouldNotTranslate:
      .warning
    case .markupMismatch, .unlocalizedPermission, .glossary:
      .warning
    case .untranslated, .onlyInRemote, .missingComment, .unusedKey:
      .info
    case .doubleSpace, .repeatedWord, .ellipsis, .staleKey, .punctuationMismatch, .inconsistentTranslation,
      .sourceChanged:
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
    case .placeholderText: "A translation is a stand-in (TODO, TBD, N/A, xxx, lorem ipsum…), not a translation."
    case .urlMismatch: "A URL or e-mail address of the source is missing or changed in a translation."
    case .numberMismatch: "A number of the source is missing or changed in a translation."
    case .invisibleCharacter: "A translation holds a zero-width, bidi or control character the source does not."
    case .doubleSpace: "A value has two spaces in a row."
    case .repeatedWord: "A value repeats a word (“the the”)."
    case .ellipsis: "A development-language value writes three dots where Apple's style uses “…”."
    case .caseDuplicateKey: "Two keys of a table differ only in case."
    case .shouldNotTranslate: "A String Catalog key marked shouldTranslate: false carries translations."
    case .staleKey: "A String Catalog key is stale: Xcode no longer finds it in the code."
    case .punctuationMismatch: "A translation ends with other punctuation than its source."
    case .markupMismatch: "A translation's HTML/XML tags or Markdown links and emphasis differ from the source's."
    case .inconsistentTranslation: "One source text is translated in different ways within a language."
    case .unlocalizedPermission: "A permission prompt (NS…UsageDescription) of Info.plist has no text in a language."
    case .glossary: "A translation does not follow the glossary for a term of its source."
    case .sourceChanged: "A source text changed since a git revision while its translation did not (--since)."
    case .unreadableFile: "A file was not read: a link out of its folder or to nothing, or not a regular file."
    }
  }
}
