import Foundation

/// One category's CLDR rule: its condition (parsed once) and its sample lists.
public struct PluralRule: Sendable, Hashable {
  public var category: PluralCategory
  /// The condition as CLDR writes it; empty for the catch-all `other`.
  public var expression: String
  public var condition: PluralCondition
  /// The `@integer` sample list (`1, 21, 31, …`), if CLDR gives one.
  public var integerSamples: String?
  /// The `@decimal` sample list (`0.0~1.5, 10.0, …`), if CLDR gives one.
  public var decimalSamples: String?

  /// Parses `expression` for `category`.
  ///
  /// - Throws: `PluralRuleSyntaxError` when the expression does not follow the CLDR syntax.
  public init(
    category: PluralCategory, expression: String, integerSamples: String? = nil, decimalSamples: String? = nil
  ) throws {
    let trimmed = expression.trimmingCharacters(in: .whitespaces)
    self.category = category
    self.expression = trimmed
    self.condition = try PluralCondition(parsing: trimmed)
    self.integerSamples = integerSamples
    self.decimalSamples = decimalSamples
  }
}
