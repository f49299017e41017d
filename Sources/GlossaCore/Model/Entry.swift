import Foundation

/// One localized value as read from a table file.
///
/// Plural forms are entries too: `plural` names the category and `key` the family key
/// (`"%d files##{one}"` has key `%d files`, `plural` `.one`; a `.stringsdict` form also names its `variable`).
public struct Entry: Sendable, Hashable {
  // Declaration order is layout order, and a review of a large bundle holds millions of
  // entries. The key, value and comment are ranges of one byte array: for a `.strings` entry
  // mostly its file's decoded text, shared by every entry read from it, so reading a file makes
  // no string per key, value or comment; an entry with a text of its own (an edited value, an
  // escaped literal, an entry built from strings) holds its three texts in one array of its
  // own. 48 bytes and no allocation per entry read from a file (80 bytes plus a key string
  // before that, 96 with a string per value and comment, 120 before that).

  /// The bytes the three texts are ranges of (well-formed UTF-8, each range on scalar boundaries).
  private var bytes: [UInt8]
  private var keyStart: UInt32
  private var keyCount: UInt32
  private var valueStart: UInt32
  private var valueCount: UInt32
  private var commentStart: UInt32
  /// `UInt32.max` when there is no comment.
  private var commentCount: UInt32
  private var storedLine: UInt32
  /// The column in the low 24 bits; above them the plural category (3 bits, 0 for none), the
  /// state (3 bits, 0 for none), `isTranslatable` and `ownsBytes`: four fields in the bytes a
  /// column took, which brings an entry from 56 bytes to 48.
  private var packed: UInt32
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
      key: EntryText(key), valueText: EntryText(value), commentText: comment.map(EntryText.init), plural: plural,
      variable: variable, line: line, column: column, state: state, device: device, isTranslatable: isTranslatable)
  }

  /// An entry whose texts are ranges of `text` (a file's decoded text, well-formed UTF-8 below
  /// 4 GB, each range on scalar boundaries): what a reader makes, sharing the text.
  init(
    text: [UInt8], key: Range<Int>, value: Range<Int>, comment: Range<Int>?, plural: PluralCategory?, line: Int,
    column: Int, variable: String? = nil, state: TranslationState? = nil, device: String? = nil,
    isTranslatable: Bool = true
  ) {
    bytes = text
    keyStart = UInt32(key.lowerBound)
    keyCount = UInt32(key.count)
    valueStart = UInt32(value.lowerBound)
    valueCount = UInt32(value.count)
    commentStart = UInt32(comment?.lowerBound ?? 0)
    commentCount = comment.map { UInt32($0.count) } ?? .max
    storedLine = UInt32(clamping: line)
    packed = Self.pack(column: column, plural: plural, state: state, isTranslatable: isTranslatable)
    rare = RareFields.make(variable: variable, device: device)
  }

  /// An entry whose texts are ranges of a buffer a reader fills with the texts it had to make
  /// (escaped literals, joined comments), shared by the entries it made so: one array per file
  /// rather than one per such entry. The entry has no bytes until `adopt(_:)` hands it the
  /// finished buffer. It counts as having bytes of its own: they are not its file's text.
  init(
    sideKey key: Range<Int>, value: Range<Int>, comment: Range<Int>?, plural: PluralCategory?, line: Int,
    column: Int
  ) {
    self.init(text: [], key: key, value: value, comment: comment, plural: plural, line: line, column: column)
    ownsBytes = true
  }

  /// An entry of no text that refers to nothing: what a slot an entry was moved out of holds.
  static let nothing = Entry(text: [], key: 0..<0, value: 0..<0, comment: nil, plural: nil, line: 0, column: 0)

  /// Gives an entry made without its bytes (`init(sideKey:…)`, or an entry a String Catalog's
  /// reader gathered) the finished buffer its ranges are of.
  mutating func adopt(_ side: [UInt8]) {
    bytes = side
  }

  /// An entry of these texts, with bytes of its own holding them.
  init(
    key: EntryText, valueText: EntryText, commentText: EntryText?, plural: PluralCategory?, variable: String? = nil,
    line: Int, column: Int, state: TranslationState? = nil, device: String? = nil, isTranslatable: Bool = true
  ) {
    bytes = []
    keyStart = 0
    keyCount = 0
    valueStart = 0
    valueCount = 0
    commentStart = 0
    commentCount = .max
    storedLine = UInt32(clamping: line)
    packed = Self.pack(column: column, plural: plural, state: state, isTranslatable: isTranslatable)
    rare = RareFields.make(variable: variable, device: device)
    own(key: key, value: valueText, comment: commentText)
  }

  /// Gives this entry bytes of its own holding these texts.
  private mutating func own(key: EntryText, value: EntryText, comment: EntryText?) {
    let (k, v, c) = (key.utf8Count, value.utf8Count, comment?.utf8Count ?? 0)
    var own: [UInt8] = []
    own.reserveCapacity(k + v + c)
    key.withUTF8 { own.append(contentsOf: $0) }
    value.withUTF8 { own.append(contentsOf: $0) }
    comment?.withUTF8 { own.append(contentsOf: $0) }
    bytes = own
    (keyStart, keyCount) = (0, UInt32(k))
    (valueStart, valueCount) = (UInt32(k), UInt32(v))
    (commentStart, commentCount) = comment == nil ? (0, .max) : (UInt32(k + v), UInt32(c))
    ownsBytes = true
  }

  /// This entry with bytes of its own, not ranges of the text it was read from (nor of the
  /// buffer its file's escaped texts share): for an entry
  /// kept apart from its file's other entries (an added value, a record's device variation or
  /// state), which would otherwise keep that whole text alive.
  var detached: Entry {
    // Bytes of its own that hold its texts alone (not a file's buffer of escaped texts).
    if ownsBytes && bytes.count == Int(keyCount) + Int(valueCount) + (commentCount == .max ? 0 : Int(commentCount)) {
      return self
    }
    var entry = self
    entry.own(key: keyText, value: valueText, comment: commentText)
    return entry
  }

  /// True when this entry's texts are ranges of bytes others share (its file's text), false
  /// when they are bytes of its own.
  var sharesText: Bool { !ownsBytes }

  /// The key's text (see `EntryText`): a range of the bytes this entry shares.
  public var keyText: EntryText { EntryText(slice: Int(keyStart)..<Int(keyStart + keyCount), of: bytes) }
  /// The value's text.
  public var valueText: EntryText { EntryText(slice: Int(valueStart)..<Int(valueStart + valueCount), of: bytes) }
  /// The comment's text, if any.
  /// True when the entry has a comment (without making its text).
  public var hasComment: Bool { commentCount != .max }

  public var commentText: EntryText? {
    commentCount == .max ? nil : EntryText(slice: Int(commentStart)..<Int(commentStart + commentCount), of: bytes)
  }

  // The closures here capture locals, not `self`: capturing `self` copies the entry (a retain
  // and release of its bytes and box) on every call.

  private func string(_ start: UInt32, _ count: UInt32) -> String {
    let range = Int(start)..<Int(start + count)
    return bytes.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
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

  /// The logical key (the family key for plural forms, the dotted path for JSON tables).
  public var key: String {
    get { string(keyStart, keyCount) }
    set { own(key: EntryText(newValue), value: valueText, comment: commentText) }
  }

  /// The decoded value.
  public var value: String {
    get { string(valueStart, valueCount) }
    set { own(key: keyText, value: EntryText(newValue), comment: commentText) }
  }

  /// The translator comment attached to the entry, without comment markers, if any.
  public var comment: String? {
    get { commentCount == .max ? nil : string(commentStart, commentCount) }
    set { own(key: keyText, value: valueText, comment: newValue.map(EntryText.init)) }
  }

  /// True when this entry's key is `key` (as strings compare), from the bytes when they tell:
  /// what a search of a file's entries for one key compares, without a string per entry.
  @inline(__always)
  public func hasKey(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { Self.key(in: bytes, keyStart, keyCount, is: $0) }
  }

  /// Whether the key at `start` (`count` bytes) of `bytes` is `wanted`, as strings compare:
  /// from the bytes when they tell, else as strings.
  private static func key(in bytes: [UInt8], _ start: UInt32, _ count: UInt32, is wanted: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let range = Int(start)..<Int(start + count)
    let answer = bytes.withUnsafeBufferPointer { EntryText.compare(UnsafeBufferPointer(rebasing: $0[range]), wanted) }
    return answer ?? (String(decoding: bytes[range], as: UTF8.self) == String(decoding: wanted, as: UTF8.self))
  }

  /// True when the key, value and comment are the same bytes as `other`'s (not merely
  /// canonically equivalent ones): at once for two copies of one entry, without a string.
  func hasSameTexts(as other: Entry) -> Bool {
    guard keyCount == other.keyCount, valueCount == other.valueCount, commentCount == other.commentCount else {
      return false
    }
    let (a, b) = (bytes, other.bytes)
    return a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in
        func same(_ i: UInt32, _ j: UInt32, _ count: UInt32) -> Bool {
          guard count > 0, count != .max else { return true }
          if x.baseAddress == y.baseAddress && i == j { return true }
          return memcmp(x.baseAddress! + Int(i), y.baseAddress! + Int(j), Int(count)) == 0
        }
        return same(keyStart, other.keyStart, keyCount) && same(valueStart, other.valueStart, valueCount)
          && same(commentStart, other.commentStart, commentCount)
      }
    }
  }

  public static func == (a: Entry, b: Entry) -> Bool {
    a.storedLine == b.storedLine && a.packed & ~Self.ownsBytesBit == b.packed & ~Self.ownsBytesBit
      && a.variable == b.variable
      && a.device == b.device && a.keyText.isEqual(to: b.keyText) && a.valueText.isEqual(to: b.valueText)
      && (a.commentText.map { x in b.commentText.map { x.isEqual(to: $0) } ?? false } ?? (b.commentText == nil))
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
    hasher.combine(comment)
    hasher.combine(variable)
    hasher.combine(device)
    hasher.combine(storedLine)
    // The column, category, state and `isTranslatable`.
    hasher.combine(packed & ~Self.ownsBytesBit)
  }

  /// 1-based line of the key in the file (past 4,294,967,295 lines, that number).
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }
  /// 1-based column of the key in the file (past 16,777,215 columns, that number).
  public var column: Int {
    get { Int(packed & Self.columnMask) }
    set { packed = packed & ~Self.columnMask | Self.clampedColumn(newValue) }
  }

  /// The plural category when this entry is one form of a plural family.
  public var plural: PluralCategory? {
    get { Self.plural(code: packed >> 24 & 7) }
    set { packed = packed & ~(7 << 24) | Self.code(newValue) << 24 }
  }

  /// The review state of a String Catalog unit; nil for formats without one.
  public var state: TranslationState? {
    get { Self.state(code: packed >> 27 & 7) }
    set { packed = packed & ~(7 << 27) | Self.code(newValue) << 27 }
  }

  /// False for a String Catalog key that asks for no translation (`shouldTranslate: false`, or
  /// `extractionState: stale`: no longer in the source code): it is never a finding.
  public var isTranslatable: Bool {
    get { packed & Self.translatableBit != 0 }
    set { packed = newValue ? packed | Self.translatableBit : packed & ~Self.translatableBit }
  }

  /// True when `bytes` hold this entry's texts alone, not a file's text.
  private var ownsBytes: Bool {
    get { packed & Self.ownsBytesBit != 0 }
    set { packed = newValue ? packed | Self.ownsBytesBit : packed & ~Self.ownsBytesBit }
  }

  private static let columnMask: UInt32 = 0xFF_FFFF
  /// The largest column an entry keeps; a larger one reads as this.
  static let maxColumn = Int(columnMask)
  private static let translatableBit: UInt32 = 1 << 30
  private static let ownsBytesBit: UInt32 = 1 << 31

  private static func clampedColumn(_ column: Int) -> UInt32 { UInt32(min(max(column, 0), Int(columnMask))) }

  private static func pack(column: Int, plural: PluralCategory?, state: TranslationState?, isTranslatable: Bool)
    -> UInt32
  {
    clampedColumn(column) | code(plural) << 24 | code(state) << 27 | (isTranslatable ? translatableBit : 0)
  }

  private static func code(_ plural: PluralCategory?) -> UInt32 {
    switch plural {
    case nil: 0
    case .zero: 1
    case .one: 2
    case .two: 3
    case .few: 4
    case .many: 5
    case .other: 6
    }
  }

  private static func plural(code: UInt32) -> PluralCategory? {
    switch code {
    case 1: .zero
    case 2: .one
    case 3: .two
    case 4: .few
    case 5: .many
    case 6: .other
    default: nil
    }
  }

  private static func code(_ state: TranslationState?) -> UInt32 {
    switch state {
    case nil: 0
    case .new: 1
    case .translated: 2
    case .needsReview: 3
    case .stale: 4
    }
  }

  private static func state(code: UInt32) -> TranslationState? {
    switch code {
    case 1: .new
    case 2: .translated
    case 3: .needsReview
    case 4: .stale
    default: nil
    }
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

extension Entry {
  /// Whether the key of the entry at `entry` is `wanted` (UTF-8 bytes of a string), read
  /// through the pointer: calling a method on an entry held in memory copies it first (a
  /// retain and release of its bytes and box), which a search of a 20,000-entry file per
  /// edit paid per entry; reading its fields does not.
  /// Calls `body` with the value's UTF-8 bytes of the entry at `entry`, in place: without
  /// copying the entry.
  static func withValue<R>(at entry: UnsafePointer<Entry>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let start = Int(entry.pointee.valueStart)
    let end = start + Int(entry.pointee.valueCount)
    return entry.pointee.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  static func key(at entry: UnsafePointer<Entry>, is wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    key(in: entry.pointee.bytes, entry.pointee.keyStart, entry.pointee.keyCount, is: wanted)
  }

  /// Whether the entries at `a` and `b` are identical (see `isIdentical(to:)`), read through the
  /// pointers: at once, without copying either, for two copies of one entry.
  static func identical(_ a: UnsafePointer<Entry>, _ b: UnsafePointer<Entry>) -> Bool {
    // Fields are read one by one: binding `a.pointee` would copy the entry.
    guard a.pointee.storedLine == b.pointee.storedLine,
      a.pointee.packed & ~ownsBytesBit == b.pointee.packed & ~ownsBytesBit,
      a.pointee.keyStart == b.pointee.keyStart, a.pointee.keyCount == b.pointee.keyCount,
      a.pointee.valueStart == b.pointee.valueStart, a.pointee.valueCount == b.pointee.valueCount,
      a.pointee.commentStart == b.pointee.commentStart, a.pointee.commentCount == b.pointee.commentCount,
      a.pointee.rare === b.pointee.rare, sameBytes(a, b)
    else { return a.pointee.isIdentical(to: b.pointee) }
    return true
  }

  /// True when the entries at `a` and `b` are ranges of the same array (not merely equal bytes).
  static func sameBytes(_ a: UnsafePointer<Entry>, _ b: UnsafePointer<Entry>) -> Bool {
    a.pointee.bytes.withUnsafeBufferPointer { x in
      b.pointee.bytes.withUnsafeBufferPointer { x.baseAddress == $0.baseAddress }
    }
  }
}

extension Array where Element == Entry {
  /// The position of the last entry of `key` that `accepts` also takes (the one a reader
  /// keeps: the last occurrence wins). Entries are compared in place from their key bytes:
  /// none is copied and no string is made per entry (a search of a 20,000-entry file per edit).
  public func lastIndex(ofKey key: String, where accepts: (Entry) -> Bool = { _ in true }) -> Int? {
    index(ofKey: key, among: indices.reversed(), where: accepts)
  }

  /// The position of the first entry of `key` that `accepts` also takes (compared as `lastIndex`).
  public func firstIndex(ofKey key: String, where accepts: (Entry) -> Bool = { _ in true }) -> Int? {
    index(ofKey: key, among: indices, where: accepts)
  }

  /// The first of `positions` holding an entry of `key` that `accepts` also takes.
  private func index(ofKey key: String, among positions: some Sequence<Int>, where accepts: (Entry) -> Bool) -> Int? {
    var key = key
    return key.withUTF8 { wanted in
      withUnsafeBufferPointer { entries in
        guard let base = entries.baseAddress else { return nil }
        return positions.first { Entry.key(at: base + $0, is: wanted) && accepts(entries[$0]) }
      }
    }
  }

  /// The positions of the entries of `key`, in file order (compared as `lastIndex`).
  public func indices(ofKey key: String) -> [Int] {
    var key = key
    return key.withUTF8 { wanted in
      withUnsafeBufferPointer { entries in
        guard let base = entries.baseAddress else { return [] }
        return entries.indices.filter { Entry.key(at: base + $0, is: wanted) }
      }
    }
  }

  /// The entries of `key` that `accepts` also takes, in file order (compared as `lastIndex`).
  public func entries(ofKey key: String, where accepts: (Entry) -> Bool = { _ in true }) -> [Entry] {
    indices(ofKey: key).map { self[$0] }.filter(accepts)
  }
}

extension Entry: CustomStringConvertible, CustomDebugStringConvertible {
  /// The fields, not the bytes: an entry read from a file shares the whole file's text, which
  /// a reflected description would print.
  public var description: String {
    var parts = ["key: \(key.debugDescription)", "value: \(value.debugDescription)"]
    if let comment { parts.append("comment: \(comment.debugDescription)") }
    if let plural { parts.append("plural: \(plural.rawValue)") }
    if let variable { parts.append("variable: \(variable.debugDescription)") }
    if let device { parts.append("device: \(device.debugDescription)") }
    if let state { parts.append("state: \(state.rawValue)") }
    if !isTranslatable { parts.append("isTranslatable: false") }
    parts.append("line: \(line)")
    parts.append("column: \(column)")
    return "Entry(" + parts.joined(separator: ", ") + ")"
  }

  public var debugDescription: String { description }
}
