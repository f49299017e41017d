import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PluralConditionTests {
  private func matches(_ expression: String, _ number: String) throws -> Bool {
    try PluralCondition(parsing: expression).matches(try #require(PluralOperands(number)))
  }

  @Test func andBindsTighterThanOr() throws {
    // true or (false and false) → true; (true or false) and false would be false.
    #expect(try matches("n = 1 or n = 2 and n = 3", "1"))
    #expect(try !matches("n = 2 and n = 3 or n = 4", "2"))
  }

  @Test func rangesListsAndModulo() throws {
    #expect(try matches("n % 100 = 3..10,15", "215"))
    #expect(try matches("n % 100 = 3..10,15", "1003"))
    #expect(try !matches("n % 100 = 3..10,15", "11"))
    #expect(try !matches("n % 10 = 1", "1.5"))  // modulo keeps the fraction
    #expect(try matches("n % 10 = 1", "11.0"))  // 11.0 is the whole number 11
  }

  @Test func wordOperatorsAndWithin() throws {
    #expect(try matches("n is 2", "2"))
    #expect(try matches("n is not 2", "3"))
    #expect(try matches("n in 2..4", "3"))
    #expect(try !matches("n in 2..4", "2.5"))
    #expect(try matches("n within 2..4", "2.5"))
    #expect(try !matches("n within 2..4", "4.5"))
    #expect(try matches("n not in 2..4", "2.5"))
    #expect(try matches("n not within 2..4", "4.1"))
    #expect(try matches("n mod 10 in 1", "21"))
  }

  @Test func visibleFractionDigitsAndExponent() throws {
    #expect(try matches("i = 1 and v = 0", "1"))
    #expect(try !matches("i = 1 and v = 0", "1.0"))
    #expect(try matches("c = 6", "1c6"))
    #expect(try matches("e != 0..5", "1.1c6"))
    #expect(try matches("t = 5 and f = 50 and w = 1", "0.50"))
  }

  @Test func emptyConditionAlwaysMatches() throws {
    #expect(try matches("", "12.5"))
    #expect(try matches("   ", "0"))
  }

  @Test(arguments: [
    ("n = ", 5, "expected a number, found the end of the rule"),
    ("n == 1", 4, "expected a number, found '='"),
    ("x = 1", 1, "expected an operand (n i v w f t e c), found 'x'"),
    ("n = 1 and", 10, "expected an operand (n i v w f t e c), found the end of the rule"),
    ("n = 1 xor n = 2", 7, "expected 'and', 'or' or the end of the rule, found 'xor'"),
    ("n = 5..2", 8, "expected a range whose end is not below its start, found '2'"),
    ("n % 0 = 1", 5, "expected a modulus greater than 0, found '0'"),
    ("n = 1 @integer 1", 7, "unexpected character '@'"),
    ("n 1", 3, "expected '=', '!=', 'is', 'in', 'not in' or 'within', found '1'"),
    ("n not = 1", 7, "expected 'in' or 'within', found '='"),
    ("n = 99999999999999999999", 5, "number is too large (the limit is 1000000000000000)"),
  ])
  func malformedExpressionsThrow(expression: String, column: Int, message: String) {
    #expect {
      _ = try PluralCondition(parsing: expression)
    } throws: { error in
      guard let error = error as? PluralRuleSyntaxError else { return false }
      return error.column == column && error.message == message && error.expression == expression
    }
  }

  @Test func malformedRuleThrowsThroughPluralRule() {
    #expect(throws: PluralRuleSyntaxError.self) { try PluralRule(category: .one, expression: "i = 1 and") }
  }
}
