/// A CLDR plural operand: `n i v w f t e` (`c` is read as `e`).
public enum PluralOperand: String, Sendable, Hashable, CaseIterable {
  /// Absolute value of the number.
  case n
  /// Integer digits.
  case i
  /// Number of visible fraction digits, with trailing zeros.
  case v
  /// Number of visible fraction digits, without trailing zeros.
  case w
  /// Visible fraction digits as an integer, with trailing zeros.
  case f
  /// Visible fraction digits as an integer, without trailing zeros.
  case t
  /// Compact decimal exponent (`c` is a synonym).
  case e
}

/// One relation of a plural condition, such as `i % 10 = 2..4` or `n within 0..2`.
public struct PluralRelation: Sendable, Hashable {
  /// How the operand is compared with the ranges.
  public enum Comparison: Sendable, Hashable {
    /// `=`, `in`, `is`: a whole number inside one of the ranges.
    case integerIn
    /// `within`: any value between the bounds of one of the ranges.
    case within
  }

  public var operand: PluralOperand
  /// The `%` modulus, if any.
  public var modulus: UInt64?
  public var comparison: Comparison
  /// True for `!=`, `not in`, `is not`, `not within`.
  public var negated: Bool
  /// The range list; single values are one-element ranges.
  public var ranges: [ClosedRange<UInt64>]

  /// Whether `operands` satisfy the relation.
  public func matches(_ operands: PluralOperands) -> Bool {
    var value = operands.value(of: operand)
    if let modulus { value = value.remainder(dividingBy: modulus) }
    let hit: Bool
    switch comparison {
    case .integerIn: hit = ranges.contains { value.isInteger(in: $0) }
    case .within: hit = ranges.contains { value.isWithin($0) }
    }
    return hit != negated
  }
}

/// A parsed plural condition: relations joined by `and`, groups joined by `or` (`and` binds tighter).
///
/// The empty condition (as in CLDR's `other` rules) always matches.
public struct PluralCondition: Sendable, Hashable {
  /// Groups joined by `or`; the relations inside a group are joined by `and`.
  public var alternatives: [[PluralRelation]]

  /// Parses a CLDR condition such as `v = 0 and i % 10 = 1 and i % 100 != 11`.
  ///
  /// - Throws: `PluralRuleSyntaxError` naming the column and what was expected.
  public init(parsing expression: String) throws {
    var parser = PluralConditionParser(expression)
    self.alternatives = try parser.parseCondition()
  }

  /// Whether `operands` satisfy the condition.
  public func matches(_ operands: PluralOperands) -> Bool {
    if alternatives.isEmpty { return true }
    return alternatives.contains { group in group.allSatisfy { $0.matches(operands) } }
  }
}

/// A plural rule expression that does not follow the CLDR syntax.
public struct PluralRuleSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The expression as given.
  public var expression: String
  /// 1-based column (in characters) where the problem starts.
  public var column: Int
  /// What was expected and what was found.
  public var message: String

  /// `plural rule 'EXPR', column N: MESSAGE`.
  public var description: String {
    "plural rule '\(expression)', column \(column): \(message)"
  }
}
