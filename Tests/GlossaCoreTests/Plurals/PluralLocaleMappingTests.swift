import GlossaCore
import Testing

@Suite(.timeLimit(.minutes(10))) struct PluralLocaleMappingTests {
  @Test(arguments: [
    ("ru", "ru"), ("RU", "ru"), ("en_GB", "en"), ("en-US", "en"), ("zh-Hans", "zh"), ("zh-Hant", "zh"),
    ("zh-Hant-HK", "zh"), ("zh_Hant_TW", "zh"), ("pt-PT", "pt-PT"), ("pt_pt", "pt-PT"), ("pt-BR", "pt"),
    ("pt", "pt"), ("pt-Latn-PT", "pt-PT"), ("es-419", "es"), ("es-MX", "es"), ("sr-Latn", "sr"),
    ("sr_Cyrl_RS", "sr"), ("nb", "nb"), ("no", "no"), ("iw", "he"), ("in", "id"), ("fil", "fil"),
  ])
  func mapsLikeApple(code: String, cldr: String) {
    let (ruleSet, diagnostic) = PluralRules.resolve(localeCode: code)
    #expect(ruleSet.language == cldr)
    #expect(diagnostic == nil)
    #expect(PluralRules.cldrID(forLocale: code) == cldr)
  }

  @Test(arguments: ["Base", "xx", "", "zz-ZZ", "en--US", "en US", "qaa"])
  func unknownLocaleAssumesOnlyOther(code: String) throws {
    let (ruleSet, diagnostic) = PluralRules.resolve(localeCode: code)
    #expect(ruleSet.categories == [.other])
    #expect(ruleSet.category(for: "1") == .other)
    let found = try #require(diagnostic)
    #expect(found.kind == .unknownLocale)
    #expect(found.message == "CLDR has no plural rules for locale '\(code)'; only the 'other' category is assumed")
    #expect(PluralRules.ruleSet(forLocale: code).categories == [.other])
  }

  @Test func cachedLookupIsStableAcrossThreads() async {
    let results = await withTaskGroup(of: [PluralCategory].self) { group in
      for _ in 0..<8 { group.addTask { PluralRules.ruleSet(forLocale: "pl").categories } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    #expect(results.allSatisfy { $0 == [.one, .few, .many, .other] })
  }
}
