/// Where one string unit sits in a String Catalog: key, language and the variation path.
///
/// Valid shapes: plain; `plural`; `device`; `device` + `plural` (device → plural);
/// `substitution` + `plural` (a `%#@name@` substitution's plural forms).
public struct CatalogUnitPath: Sendable, Hashable, Codable, CustomStringConvertible {
  public var key: String
  public var language: String
  /// The substitution name (`%#@name@` → `name`).
  public var substitution: String?
  /// The device variation (`iphone`, `ipad`, `mac`, `applewatch`, `applevision`, `appletv`, `other`…).
  public var device: String?
  public var plural: PluralCategory?

  public init(
    key: String, language: String, substitution: String? = nil, device: String? = nil,
    plural: PluralCategory? = nil
  ) {
    self.key = key
    self.language = language
    self.substitution = substitution
    self.device = device
    self.plural = plural
  }

  /// The object member names from the catalog's root to the `stringUnit` object.
  var memberNames: [String] {
    var names = ["strings", key, "localizations", language]
    if let substitution {
      names += ["substitutions", substitution, "variations", "plural", (plural ?? .other).rawValue]
    } else {
      if let device { names += ["variations", "device", device] }
      if let plural { names += ["variations", "plural", plural.rawValue] }
    }
    return names + ["stringUnit"]
  }

  /// `key [language] substitution device plural`, for messages.
  public var description: String {
    var text = "\"\(key)\" [\(language)]"
    if let substitution { text += " substitution \"\(substitution)\"" }
    if let device { text += " device \(device)" }
    if let plural { text += " \(plural.rawValue)" }
    return text
  }
}

/// One `stringUnit` of a String Catalog: its state and value, and where they are in the file.
///
/// Positions are stored in 32 bits (a catalog is read only below `maxBytes`): a 35 MB catalog has
/// 200,000 units, all alive while it is open, and full-width positions made each unit 152 bytes
/// instead of 120.
public struct CatalogUnit: Sendable, Hashable {
  public var path: CatalogUnitPath
  /// The state; nil when the unit has none or an unknown one (a diagnostic says so).
  public var state: TranslationState?
  /// The value: a range of the catalog's text when its literal has no escape (see `EntryText`).
  var valueText: EntryText
  private var storedLine: UInt32
  private var storedColumn: UInt32
  private var valueLiteral: CompactRange
  private var stateLiteral: CompactRange
  private var storedKeyOrdinal: UInt32

  /// The largest catalog whose positions fit a unit.
  static let maxBytes = Int(UInt32.max - 1)

  init(
    path: CatalogUnitPath, state: TranslationState?, value: EntryText, line: Int, column: Int,
    valueRange: Range<Int>, stateRange: Range<Int>?, keyOrdinal: Int
  ) {
    self.path = path
    self.state = state
    valueText = value
    storedLine = UInt32(line)
    storedColumn = UInt32(column)
    valueLiteral = CompactRange(valueRange)
    stateLiteral = CompactRange(stateRange)
    storedKeyOrdinal = UInt32(keyOrdinal)
  }

  /// The decoded value.
  public var value: String {
    get { valueText.string }
    set { valueText = EntryText(newValue) }
  }

  public static func == (a: CatalogUnit, b: CatalogUnit) -> Bool {
    a.path == b.path && a.state == b.state && a.valueText.isEqual(to: b.valueText) && a.storedLine == b.storedLine
      && a.storedColumn == b.storedColumn && a.valueLiteral == b.valueLiteral && a.stateLiteral == b.stateLiteral
      && a.storedKeyOrdinal == b.storedKeyOrdinal
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(state)
    hasher.combine(value)
    hasher.combine(storedLine)
    hasher.combine(storedColumn)
    hasher.combine(valueLiteral)
    hasher.combine(stateLiteral)
    hasher.combine(storedKeyOrdinal)
  }

  /// 1-based line and column of the value string.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(newValue) }
  }
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(newValue) }
  }
  /// Byte range of the value literal (quotes included).
  var valueRange: Range<Int> {
    get { valueLiteral.range ?? 0..<0 }
    set { valueLiteral = CompactRange(newValue) }
  }
  /// Byte range of the state literal, when present.
  var stateRange: Range<Int>? {
    get { stateLiteral.range }
    set { stateLiteral = CompactRange(newValue) }
  }
  /// The position in the catalog's `keys` of the key's first occurrence.
  var keyOrdinal: Int {
    get { Int(storedKeyOrdinal) }
    set { storedKeyOrdinal = UInt32(newValue) }
  }
}

/// One key of a String Catalog with its key-level fields.
public struct CatalogKey: Sendable, Hashable {
  public var key: String
  /// The developer comment, if any.
  public var comment: String?
  /// `extractionState` as written (`manual`, `stale`, `extracted_with_value`, `migrated`…).
  public var extractionState: String?
  /// False when the key is marked `shouldTranslate: false`.
  public var shouldTranslate: Bool
  /// Languages with a localization object, in file order.
  public var languages: [String]
  /// 1-based line and column of the key string.
  public var line: Int
  public var column: Int
  /// The position in the catalog's `keys` of this key's first occurrence (itself unless the
  /// key appears twice).
  var ordinal: Int

  /// Whether the key's values ask for translation (`Entry.isTranslatable`): not when marked
  /// `shouldTranslate: false`, nor when stale (no longer in the source code).
  var asksForTranslation: Bool { shouldTranslate && extractionState != "stale" }
}

/// A `%#@name@` substitution of one key and language.
public struct CatalogSubstitution: Sendable, Hashable {
  public var key: String
  public var language: String
  public var name: String
  /// `argNum`: which argument of the format the substitution consumes.
  public var argumentNumber: Int?
  /// `formatSpecifier` as written (`lld`, `@`…).
  public var formatSpecifier: String?
  public var line: Int
}
