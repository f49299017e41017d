/// One localized value as read from a table file.
///
/// Plural forms are entries too: `plural` names the category and `key` the family key
/// (`"%d files##{one}"` has key `%d files`, `plural` `.one`; a `.stringsdict` form also names its `variable`).
public struct Entry: Sendable, Hashable {
  // The stored fields are ordered widest first, and positions kept in 32 bits: a review of a
  // large bundle holds millions of entries (several copies of some), and declaration order is
  // layout order. 96 bytes a value instead of 120.

  /// The logical key (the family key for plural forms, the dotted path for JSON tables).
  public var key: String
  /// The decoded value.
  public var value: String
  /// The translator comment attached to the entry, without comment markers, if any.
  public var comment: String?
  /// The `.stringsdict` variable this form belongs to.
  public var variable: String?
  /// The String Catalog device variation (`iphone`, `ipad`, `mac`, `other`…), if any.
  public var device: String?
  private var storedLine: UInt32
  private var storedColumn: UInt32
  /// The plural category when this entry is one form of a plural family.
  public var plural: PluralCategory?
  /// The review state of a String Catalog unit; nil for formats without one.
  public var state: TranslationState?
  /// False for a String Catalog key that asks for no translation (`shouldTranslate: false`, or
  /// `extractionState: stale`: no longer in the source code): it is never a finding.
  public var isTranslatable: Bool

  public init(
    key: String, value: String, comment: String? = nil, plural: PluralCategory? = nil,
    variable: String? = nil, line: Int, column: Int = 1, state: TranslationState? = nil,
    device: String? = nil, isTranslatable: Bool = true
  ) {
    self.key = key
    self.value = value
    self.comment = comment
    self.variable = variable
    self.device = device
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
    self.plural = plural
    self.state = state
    self.isTranslatable = isTranslatable
  }

  /// 1-based line of the key in the file (past 4,294,967,295 lines, that number).
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }
  /// 1-based column of the key in the file.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(clamping: newValue) }
  }
}

/// The forms of one plural key (one `.strings` `KEY##{cat}` group or one `.stringsdict` variable).
public struct PluralFamily: Sendable, Hashable {
  public var key: String
  /// The `.stringsdict` variable (`%#@count@` → `count`); nil for `.strings` families.
  public var variable: String?
  /// The `NSStringLocalizedFormatKey` of a `.stringsdict` entry.
  public var formatKey: String?
  /// The `NSStringFormatValueTypeKey` (`d`, `ld`, `@`…).
  public var valueType: String?
  /// Value per category, in the order found.
  public var forms: [PluralCategory: String]
  /// Line of the first form.
  public var line: Int
  /// The String Catalog device variation the forms belong to (device → plural), if any.
  public var device: String?
  /// The String Catalog substitution's `argNum`, if given.
  public var argumentNumber: Int?

  public init(
    key: String, variable: String? = nil, formatKey: String? = nil, valueType: String? = nil,
    forms: [PluralCategory: String] = [:], line: Int, device: String? = nil, argumentNumber: Int? = nil
  ) {
    self.key = key
    self.variable = variable
    self.formatKey = formatKey
    self.valueType = valueType
    self.forms = forms
    self.line = line
    self.device = device
    self.argumentNumber = argumentNumber
  }
}
