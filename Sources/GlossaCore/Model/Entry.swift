/// One localized value as read from a table file.
///
/// Plural forms are entries too: `plural` names the category and `key` the family key
/// (`"%d files##{one}"` has key `%d files`, `plural` `.one`; a `.stringsdict` form also names its `variable`).
public struct Entry: Sendable, Hashable {
  /// The logical key (the family key for plural forms, the dotted path for JSON tables).
  public var key: String
  /// The decoded value.
  public var value: String
  /// The translator comment attached to the entry, without comment markers, if any.
  public var comment: String?
  /// The plural category when this entry is one form of a plural family.
  public var plural: PluralCategory?
  /// The `.stringsdict` variable this form belongs to.
  public var variable: String?
  /// 1-based line of the key in the file.
  public var line: Int
  /// 1-based column of the key in the file.
  public var column: Int
  /// The review state of a String Catalog unit; nil for formats without one.
  public var state: TranslationState?
  /// The String Catalog device variation (`iphone`, `ipad`, `mac`, `other`…), if any.
  public var device: String?
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
    self.plural = plural
    self.variable = variable
    self.line = line
    self.column = column
    self.state = state
    self.device = device
    self.isTranslatable = isTranslatable
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
