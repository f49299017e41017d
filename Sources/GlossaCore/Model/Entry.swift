/// One localized value as read from a table file.
///
/// Plural forms are entries too: `plural` names the category and `key` the family key
/// (`"%d files##{one}"` has key `%d files`, `plural` `.one`; a `.stringsdict` form also names its `variable`).
public struct Entry: Sendable, Hashable {
  // Declaration order is layout order, and a review of a large bundle holds millions of
  // entries: the one-byte fields and the 32-bit positions fill the bytes after the value's
  // 17-byte text, and the two fields few entries have share one optional box. 80 bytes a value
  // (96 with a `String` per value and comment, before that 120). The value and comment of a
  // `.strings` entry are ranges of its file's text, not strings of their own (see `EntryText`).

  /// The logical key (the family key for plural forms, the dotted path for JSON tables).
  public var key: String
  /// The value's text: for a `.strings` entry, mostly a range of its file's text.
  var valueText: EntryText
  /// The plural category when this entry is one form of a plural family.
  public var plural: PluralCategory?
  /// The review state of a String Catalog unit; nil for formats without one.
  public var state: TranslationState?
  /// False for a String Catalog key that asks for no translation (`shouldTranslate: false`, or
  /// `extractionState: stale`: no longer in the source code): it is never a finding.
  public var isTranslatable: Bool
  private var storedLine: UInt32
  private var storedColumn: UInt32
  /// The comment's text, if any.
  var commentText: EntryText?
  /// The `.stringsdict` variable and the String Catalog device, when either is set.
  private var rare: RareFields?

  /// What few entries have, kept out of line.
  private final class RareFields: Sendable {
    let variable: String?
    let device: String?

    init(variable: String?, device: String?) {
      self.variable = variable
      self.device = device
    }

    static func make(variable: String?, device: String?) -> RareFields? {
      variable == nil && device == nil ? nil : RareFields(variable: variable, device: device)
    }
  }

  public init(
    key: String, value: String, comment: String? = nil, plural: PluralCategory? = nil,
    variable: String? = nil, line: Int, column: Int = 1, state: TranslationState? = nil,
    device: String? = nil, isTranslatable: Bool = true
  ) {
    self.init(
      key: key, valueText: EntryText(value), commentText: comment.map(EntryText.init), plural: plural,
      variable: variable, line: line, column: column, state: state, device: device, isTranslatable: isTranslatable)
  }

  /// An entry whose value (and comment) are given as texts: ranges of a file's text, or strings.
  init(
    key: String, valueText: EntryText, commentText: EntryText?, plural: PluralCategory?, variable: String? = nil,
    line: Int, column: Int, state: TranslationState? = nil, device: String? = nil, isTranslatable: Bool = true
  ) {
    self.key = key
    self.valueText = valueText
    self.plural = plural
    self.state = state
    self.isTranslatable = isTranslatable
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
    self.commentText = commentText
    rare = RareFields.make(variable: variable, device: device)
  }

  /// This entry with a value and comment of their own, not ranges of the text it was read from:
  /// for an entry kept apart from its file's other entries (an added value, a record's device
  /// variation or state), which would otherwise keep that whole text alive.
  var detached: Entry {
    var entry = self
    entry.valueText = EntryText(valueText.string)
    entry.commentText = commentText.map { EntryText($0.string) }
    return entry
  }

  /// The `.stringsdict` variable this form belongs to.
  public var variable: String? {
    get { rare?.variable }
    set { rare = RareFields.make(variable: newValue, device: rare?.device) }
  }

  /// The String Catalog device variation (`iphone`, `ipad`, `mac`, `other`…), if any.
  public var device: String? {
    get { rare?.device }
    set { rare = RareFields.make(variable: rare?.variable, device: newValue) }
  }

  /// The decoded value.
  public var value: String {
    get { valueText.string }
    set { valueText = EntryText(newValue) }
  }

  /// The translator comment attached to the entry, without comment markers, if any.
  public var comment: String? {
    get { commentText?.string }
    set { commentText = newValue.map(EntryText.init) }
  }

  public static func == (a: Entry, b: Entry) -> Bool {
    a.key == b.key && a.storedLine == b.storedLine && a.storedColumn == b.storedColumn && a.plural == b.plural
      && a.state == b.state && a.isTranslatable == b.isTranslatable && a.variable == b.variable
      && a.device == b.device && a.valueText.isEqual(to: b.valueText)
      && (a.commentText.map { x in b.commentText.map { x.isEqual(to: $0) } ?? false } ?? (b.commentText == nil))
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
    hasher.combine(comment)
    hasher.combine(variable)
    hasher.combine(device)
    hasher.combine(storedLine)
    hasher.combine(storedColumn)
    hasher.combine(plural)
    hasher.combine(state)
    hasher.combine(isTranslatable)
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
