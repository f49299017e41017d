/// The cardinal plural rules of one language: which category each number selects.
public struct PluralRuleSet: Sendable, Hashable {
  /// The CLDR locale id whose rules these are (`ru`, `pt-PT`), or the code as given when CLDR has none.
  public let language: String
  /// The categories in CLDR order; always ends with `.other`.
  public let categories: [PluralCategory]
  /// The rules in CLDR order, `other` last.
  public let rules: [PluralRule]
  /// Categories that some whole number 0...999 selects.
  private let smallIntegerCategories: Set<PluralCategory>
  /// The first `keptExamples` examples of each category, worked out once: finding messages
  /// quote them, once per finding.
  private let leadingExamples: [PluralCategory: [String]]
  private static let keptExamples = 3

  /// A rule set from parsed rules; an `other` rule is added when missing and order is made canonical.
  public init(language: String, rules: [PluralRule]) {
    var byCategory: [PluralCategory: PluralRule] = [:]
    for rule in rules where byCategory[rule.category] == nil { byCategory[rule.category] = rule }
    if byCategory[.other] == nil {
      byCategory[.other] = PluralRule(uncheckedOther: ())
    }
    let ordered = byCategory.keys.sorted().compactMap { byCategory[$0] }
    self.language = language
    self.rules = ordered
    self.categories = ordered.map(\.category)
    var covered = Set<PluralCategory>()
    for value in 0...999 {
      covered.insert(Self.select(PluralOperands(value), in: ordered))
      if covered.count == ordered.count { break }
    }
    self.smallIntegerCategories = covered
    var leading: [PluralCategory: [String]] = [:]
    for rule in ordered { leading[rule.category] = Self.examples(of: rule, limit: Self.keptExamples) }
    self.leadingExamples = leading
  }

  /// A rule set with only the `other` category.
  public static func otherOnly(language: String) -> PluralRuleSet {
    PluralRuleSet(language: language, rules: [])
  }

  /// The category the number selects: the first rule (in CLDR order) that matches, else `other`.
  public func category(for operands: PluralOperands) -> PluralCategory {
    Self.select(operands, in: rules)
  }

  /// The category of the number written as `number` (`5`, `1.50`, `1c6`); nil when it is not a number.
  public func category(for number: String) -> PluralCategory? {
    PluralOperands(number).map { category(for: $0) }
  }

  /// The rule for `category`, if the language has that category.
  public func rule(_ category: PluralCategory) -> PluralRule? {
    rules.first { $0.category == category }
  }

  /// CLDR's `@integer` sample list for `category` (`1, 21, 31, …`).
  public func integerSamples(_ category: PluralCategory) -> String? {
    rule(category)?.integerSamples
  }

  /// CLDR's `@decimal` sample list for `category` (`0.0~1.5, 10.0, …`).
  public func decimalSamples(_ category: PluralCategory) -> String? {
    rule(category)?.decimalSamples
  }

  /// Up to `limit` concrete numbers that select `category`, integers first, for display.
  public func examples(_ category: PluralCategory, limit: Int) -> [String] {
    guard limit > 0, let rule = rule(category) else { return [] }
    // Examples come in a fixed order, so fewer are a prefix of more.
    if limit <= Self.keptExamples { return Array((leadingExamples[category] ?? []).prefix(limit)) }
    return Self.examples(of: rule, limit: limit)
  }

  /// Up to `limit` (at least 1) numbers from `rule`'s samples, integers first, without repeats.
  private static func examples(of rule: PluralRule, limit: Int) -> [String] {
    var result: [String] = []
    for list in [rule.integerSamples, rule.decimalSamples].compactMap({ $0 }) {
      for sample in PluralSamples.expand(list, fullRangeLimit: 0) where !result.contains(sample) {
        guard result.count < limit else { return result }
        result.append(sample)
      }
    }
    return result
  }

  /// True when some whole number 0...999 selects `category`.
  ///
  /// False for categories reached only by decimals or large numbers, such as French `many`
  /// (1000000, 1c6…); a translation missing such a form is a smaller problem.
  public func coversSmallIntegers(_ category: PluralCategory) -> Bool {
    smallIntegerCategories.contains(category)
  }

  private static func select(_ operands: PluralOperands, in rules: [PluralRule]) -> PluralCategory {
    for rule in rules where rule.category != .other && rule.condition.matches(operands) {
      return rule.category
    }
    return .other
  }
}

extension PluralRule {
  /// The catch-all `other` rule with an empty condition (cannot fail to parse).
  init(uncheckedOther: Void) {
    self.category = .other
    self.expression = ""
    self.condition = PluralCondition(alternatives: [])
    self.integerSamples = nil
    self.decimalSamples = nil
  }
}

extension PluralCondition {
  init(alternatives: [[PluralRelation]]) { self.alternatives = alternatives }
}
