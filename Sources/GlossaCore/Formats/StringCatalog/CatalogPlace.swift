/// Where one entry of a String Catalog language's view has its texts in the language's buffer,
/// and the unit fields it takes, read while the unit is at hand (`CatalogGathering`,
/// `CatalogProjection`): 40 bytes, in 32-bit fields as an entry keeps them (every language's
/// places are alive together while a catalog is read: 200,000 for the 36 MB catalog, which
/// full-width fields made 8 MB more of the lint's peak).
struct CatalogPlace: Sendable {
  private var keyStart: UInt32
  private var keyCount: UInt32
  private var valueStart: UInt32
  private var valueCount: UInt32
  private var commentStart: UInt32
  /// `UInt32.max` when there is no comment.
  private var commentCount: UInt32
  /// The unit (a position in the units of the reader that gathered it; see
  /// `CatalogGathering.Part`), or -1 for a source-language key without one.
  let unit: Int32
  private var storedLine: UInt32
  private var storedColumn: UInt32
  let plural: PluralCategory?
  let state: TranslationState?
  /// Whether the key asks for translation (see `Entry.isTranslatable`).
  let translatable: Bool
  /// Whether the unit has a substitution or device (read from the unit when the entry is made).
  let hasRareFields: Bool

  init(
    key: Range<Int>, value: Range<Int>, comment: Range<Int>?, unit: Int, line: Int, column: Int,
    plural: PluralCategory?, state: TranslationState?, translatable: Bool, hasRareFields: Bool
  ) {
    keyStart = UInt32(key.lowerBound)
    keyCount = UInt32(key.count)
    valueStart = UInt32(value.lowerBound)
    valueCount = UInt32(value.count)
    commentStart = UInt32(comment?.lowerBound ?? 0)
    commentCount = comment.map { UInt32($0.count) } ?? .max
    self.unit = Int32(unit)
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
    self.plural = plural
    self.state = state
    self.translatable = translatable
    self.hasRareFields = hasRareFields
  }

  var key: Range<Int> { Int(keyStart)..<Int(keyStart) + Int(keyCount) }
  var value: Range<Int> { Int(valueStart)..<Int(valueStart) + Int(valueCount) }
  var comment: Range<Int>? {
    commentCount == .max ? nil : Int(commentStart)..<Int(commentStart) + Int(commentCount)
  }
  var line: Int { Int(storedLine) }
  var column: Int { Int(storedColumn) }
}
