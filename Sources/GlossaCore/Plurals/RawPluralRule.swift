/// One category's rule as stored in the generated CLDR table (text, not yet parsed).
struct RawPluralRule: Sendable {
  var category: PluralCategory
  var condition: String
  var integerSamples: String?
  var decimalSamples: String?

  init(_ category: PluralCategory, _ condition: String, _ integerSamples: String?, _ decimalSamples: String?) {
    self.category = category
    self.condition = condition
    self.integerSamples = integerSamples
    self.decimalSamples = decimalSamples
  }
}

/// One CLDR locale's rules as stored in the generated table.
struct RawPluralLocale: Sendable {
  /// The CLDR locale id (`pt`, `pt-PT`).
  var id: String
  var rules: [RawPluralRule]

  init(_ id: String, _ rules: [RawPluralRule]) {
    self.id = id
    self.rules = rules
  }
}
