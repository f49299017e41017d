import GlossaCore
import Testing

@Suite(.timeLimit(.minutes(10))) struct PluralRuleSetTests {
  private func categories(_ locale: String, _ numbers: [String]) -> [PluralCategory?] {
    let ruleSet = PluralRules.ruleSet(forLocale: locale)
    return numbers.map { ruleSet.category(for: $0) }
  }

  @Test func russian() {
    #expect(PluralRules.ruleSet(forLocale: "ru").categories == [.one, .few, .many, .other])
    #expect(
      categories("ru", ["1", "2", "5", "11", "21", "1.5", "22", "111", "0"]) == [
        .one, .few, .many, .many, .one, .other, .few, .many, .many,
      ])
  }

  @Test func polish() {
    #expect(
      categories("pl", ["1", "2", "5", "12", "22", "21", "0", "1.5"]) == [
        .one, .few, .many, .many, .few, .many, .many, .other,
      ])
  }

  @Test func arabic() {
    #expect(
      categories("ar", ["0", "1", "2", "3", "11", "100", "103", "0.5"]) == [
        .zero, .one, .two, .few, .many, .other, .few, .other,
      ])
  }

  @Test func french() {
    #expect(
      categories("fr", ["0", "1", "2", "1000000", "1c6", "1.5", "2000000", "1000001"]) == [
        .one, .one, .other, .many, .many, .one, .many, .other,
      ])
    let fr = PluralRules.ruleSet(forLocale: "fr")
    #expect(fr.coversSmallIntegers(.one))
    #expect(fr.coversSmallIntegers(.other))
    #expect(!fr.coversSmallIntegers(.many))
    for locale in ["es", "it", "pt", "ca"] {
      #expect(!PluralRules.ruleSet(forLocale: locale).coversSmallIntegers(.many), "\(locale)")
    }
    #expect(PluralRules.ruleSet(forLocale: "ru").coversSmallIntegers(.many))
    #expect(!PluralRules.ruleSet(forLocale: "ru").coversSmallIntegers(.other))  // decimals only
    #expect(!fr.coversSmallIntegers(.two))  // not a French category at all
  }

  @Test func japaneseHasOnlyOther() {
    let ja = PluralRules.ruleSet(forLocale: "ja")
    #expect(ja.categories == [.other])
    #expect(categories("ja", ["0", "1", "2", "1.5", "1c6"]) == [.other, .other, .other, .other, .other])
  }

  @Test func portugalDiffersFromBrazil() {
    #expect(categories("pt-PT", ["0", "1", "1.5"]) == [.other, .one, .other])
    #expect(categories("pt-BR", ["0", "1", "1.5"]) == [.one, .one, .one])
    #expect(PluralRules.ruleSet(forLocale: "pt_PT").language == "pt-PT")
    #expect(PluralRules.ruleSet(forLocale: "pt-BR").language == "pt")
  }

  @Test func samplesAndExamples() {
    let ru = PluralRules.ruleSet(forLocale: "ru")
    #expect(ru.integerSamples(.one) == "1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …")
    #expect(ru.decimalSamples(.one) == nil)
    #expect(ru.decimalSamples(.other) == "0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …")
    #expect(ru.integerSamples(.two) == nil)
    #expect(ru.examples(.one, limit: 3) == ["1", "21", "31"])
    #expect(ru.examples(.few, limit: 4) == ["2", "3", "4", "22"])
    #expect(ru.examples(.other, limit: 2) == ["0.0", "0.7"])
    #expect(ru.examples(.zero, limit: 3) == [])
    #expect(ru.examples(.one, limit: 0) == [])
    for example in ru.examples(.many, limit: 10) { #expect(ru.category(for: example) == .many) }
  }

  @Test func notANumberIsNil() {
    #expect(PluralRules.ruleSet(forLocale: "en").category(for: "abc") == nil)
    #expect(PluralRules.ruleSet(forLocale: "en").category(for: "1.") == nil)
  }

  @Test func handMadeRuleSetAddsOtherAndOrders() throws {
    let set = PluralRuleSet(
      language: "xx",
      rules: [
        try PluralRule(category: .few, expression: "n = 3"), try PluralRule(category: .one, expression: "n = 1"),
      ])
    #expect(set.categories == [.one, .few, .other])
    #expect(set.category(for: "3") == .few)
    #expect(set.category(for: "4") == .other)
  }
}
