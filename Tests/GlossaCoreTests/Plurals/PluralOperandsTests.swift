import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PluralOperandsTests {
  /// (text, i, fraction digits, e) as CLDR defines them.
  @Test(arguments: [
    ("5", "5", "", 0), ("1.50", "1", "50", 0), ("-3", "3", "", 0), ("1c6", "1000000", "", 6),
    ("1.2e3", "1200", "", 3), ("1.0000001c6", "1000000", "1", 6), ("1.20c1", "12", "0", 1),
    ("007.10", "7", "10", 0), ("0", "0", "", 0), ("+2.5", "2", "5", 0),
    ("12345678901234567890123", "12345678901234567890123", "", 0),
  ])
  func readsOperands(text: String, integer: String, fraction: String, exponent: Int) throws {
    let operands = try #require(PluralOperands(text))
    #expect(operands.integerPart == integer)
    #expect(operands.fractionPart == fraction)
    #expect(operands.visibleFractionDigitCount == fraction.count)
    #expect(operands.exponent == exponent)
  }

  @Test(arguments: ["", "abc", "1.", ".5", "1..2", "--1", "1e", "1c-3", "1 ", " 1", "1,5", "0x10", "1e99999", "٣"])
  func rejectsNonNumbers(text: String) {
    #expect(PluralOperands(text) == nil)
  }

  @Test func derivedOperands() throws {
    let operands = try #require(PluralOperands("1.230"))
    #expect(operands.value(of: .n) == PluralValue(integer: [1], fraction: [2, 3, 0]))
    #expect(operands.value(of: .v) == PluralValue(3))
    #expect(operands.value(of: .w) == PluralValue(2))
    #expect(operands.value(of: .f) == PluralValue(230))
    #expect(operands.value(of: .t) == PluralValue(23))
    #expect(operands.value(of: .e) == PluralValue(0))
    #expect(PluralOperands(7).integerPart == "7")
  }

  @Test func hugeIntegersReduceExactly() throws {
    let condition = try PluralCondition(parsing: "i % 100 = 21 and i != 21")
    #expect(condition.matches(try #require(PluralOperands("98765432109876543210987654321"))))
    #expect(!condition.matches(try #require(PluralOperands("98765432109876543210987654322"))))
  }
}
