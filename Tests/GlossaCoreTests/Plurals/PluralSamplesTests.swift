import Testing

@testable import GlossaCore

/// Every CLDR sample number evaluates to the category it is listed under, for every language.
@Suite(.timeLimit(.minutes(10))) struct PluralSamplesTests {
  @Test func expandsIntegerDecimalAndCompactSamples() {
    #expect(PluralSamples.expand("0, 2~5, 100, …") == ["0", "2", "3", "4", "5", "100"])
    #expect(PluralSamples.expand("0.00~0.03, 1c6") == ["0.00", "0.01", "0.02", "0.03", "1c6"])
    #expect(PluralSamples.expand("1.8~2.1") == ["1.8", "1.9", "2.0", "2.1"])
    #expect(PluralSamples.expand("100~300", fullRangeLimit: 50) == ["100", "200", "300"])
    #expect(PluralSamples.expand("0.0~1.5", fullRangeLimit: 0) == ["0.0", "0.7", "1.5"])
  }

  @Test(arguments: PluralRules.cldrLocales)
  func everySampleSelectsItsCategory(locale: String) throws {
    let ruleSet = PluralRules.ruleSet(forLocale: locale)
    #expect(ruleSet.language == locale)
    let raw = try #require(PluralRules.table.first { $0.id == locale })
    // Every CLDR rule parsed (none dropped), in CLDR order.
    #expect(ruleSet.categories == raw.rules.map(\.category))
    var checked = 0
    for rule in ruleSet.rules {
      let integers = PluralSamples.expand(rule.integerSamples ?? "")
      let decimals = PluralSamples.expand(rule.decimalSamples ?? "")
      for sample in integers + decimals {
        let operands = try #require(PluralOperands(sample), "\(locale): sample '\(sample)' does not parse")
        let got = ruleSet.category(for: operands)
        #expect(
          got == rule.category, "\(locale): \(sample) [\(operands)] gave \(got), CLDR lists it under \(rule.category)")
        checked += 1
      }
      for sample in integers where !sample.contains("c") {
        #expect(PluralOperands(sample)?.visibleFractionDigitCount == 0, "\(locale): integer sample \(sample)")
      }
      for sample in decimals where !sample.contains("c") {
        #expect(PluralOperands(sample)?.visibleFractionDigitCount ?? 0 > 0, "\(locale): decimal sample \(sample)")
      }
    }
    #expect(checked >= ruleSet.categories.count)
  }

  @Test func tableHoldsAllCLDRLocales() {
    #expect(PluralRules.cldrLocales.count == 219)
    #expect(Set(PluralRules.cldrLocales).count == PluralRules.cldrLocales.count)
    #expect(PluralRules.cldrReleaseVersion == "47")
  }
}
