import GlossaCore

/// A value the detail pane can select and edit: one side's value, or one plural form of it.
public struct DetailField: Sendable, Hashable {
  public var side: Side
  /// The plural category, for plural families.
  public var category: PluralCategory?
  public init(side: Side, category: PluralCategory? = nil) {
    self.side = side
    self.category = category
  }
}

extension AppState {
  /// The editable fields of the selected row: per side, its value or each of its plural forms.
  public var detailFields: [DetailField] {
    guard let row = selectedRow else { return [] }
    let sides: [Side] = remote == nil ? [.local] : [.local, .remote]
    var fields: [DetailField] = []
    for side in sides {
      if row.isPlural {
        for category in pluralCategories(of: row, side: side) {
          fields.append(DetailField(side: side, category: category))
        }
      } else {
        fields.append(DetailField(side: side))
      }
    }
    return fields
  }

  /// The forms a plural family has on one side in the current language.
  public func pluralForms(of row: KeyRow, side: Side, language: String? = nil) -> [PluralCategory: String] {
    guard side == .local || remote != nil else { return [:] }
    let language = language ?? self.language
    var forms: [PluralCategory: String] = [:]
    let files = bundle(side).tables.filter { $0.language == language && $0.name == table }
    for entry in files.flatMap(\.entries) where entry.key == row.key {
      if let category = entry.plural, row.variable == nil || entry.variable == row.variable {
        forms[category] = entry.value
      }
    }
    return forms
  }

  /// The categories to show for a plural row: those CLDR requires for the language plus any
  /// present, in CLDR order.
  public func pluralCategories(of row: KeyRow, side: Side) -> [PluralCategory] {
    var categories = Set(plurals.categories(language)?.map(\.category) ?? [])
    categories.formUnion(pluralForms(of: row, side: side).keys)
    if categories.isEmpty {
      categories.formUnion(pluralForms(of: row, side: .local, language: local.developmentLanguage).keys)
    }
    if categories.isEmpty { categories.insert(.other) }
    return categories.sorted()
  }

  /// The address of a field of the selected row.
  func address(of field: DetailField, row: KeyRow) -> ValueAddress {
    ValueAddress(
      language: language, table: table, key: row.key, plural: field.category,
      variable: field.category == nil ? nil : row.variable)
  }

  /// The explicit `max-length: N` of a comment, if it has one.
  public static func maxLength(in comment: String?) -> Int? {
    guard let comment else { return nil }
    let lower = comment.lowercased()
    guard let range = lower.range(of: "max-length:") else { return nil }
    let digits = lower[range.upperBound...].drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
