import Foundation
import Testing

@testable import GlossaCore

/// A localized object from `(language, value)` pairs in file order.
private func object(_ pairs: KeyValuePairs<String, String>) -> LocalizedObject {
  LocalizedObject(
    key: "colour",
    values: pairs.enumerated().map { LocalizedValue(language: $1.key, value: $1.value, line: $0 + 2, column: 3) },
    line: 1, column: 1)
}

private func tag(_ text: String) -> LanguageTag { LanguageTag(text)! }

/// Resolves with the requested language, the device's preferences and a specificity.
private func resolve(
  _ object: LocalizedObject, requested: String? = nil, device: [String], _ specificity: ResolutionSpecificity,
  defaultLanguage: String? = nil, defaultValue: String? = nil
) -> Resolution {
  LocalizedObjectResolver(
    requestedLanguage: requested.map(tag), preferredLanguages: device.map(tag), specificity: specificity,
    defaultLanguage: defaultLanguage.map(tag), defaultValue: defaultValue
  ).resolve(object, file: "colour.json")
}

/// `language:rule:outcome` per step.
private func chain(_ r: Resolution) -> [String] {
  r.steps.map { step in
    let outcome: String
    switch step.outcome {
    case .found(let value): outcome = "=\(value)"
    case .noLanguage: outcome = "absent"
    case .noTable: outcome = "no-table"
    case .noKey: outcome = "no-key"
    }
    return "\(step.language):\(step.rule.rawValue):\(outcome)"
  }
}

/// Each behaviour the localized-object seed describes, with our own data.
@Suite("LocalizedObjectResolver", .timeLimit(.minutes(10)))
struct LocalizedObjectResolverTests {
  let greetings = object(["en": "Hi", "en-GB": "Cheers", "en-US": "Hey there", "fr": "Salut"])

  @Test func aRegionalDeviceLanguageGetsItsRegionalValue() {
    let r = resolve(greetings, device: ["en-GB"], .default)
    #expect(r.value == "Cheers")
    #expect(r.from == .localizedObject(file: "colour.json", language: "en-GB"))
    #expect(chain(r) == ["en-GB:exact:=Cheers"])
  }

  @Test func exactNeedsLanguageAndRegionToMatch() {
    let spelling = object(["en-GB": "The flavour", "en": "The flavor"])
    // A device in English with a region the object lacks (en-AU) finds nothing at `exact`…
    let australian = resolve(spelling, device: ["en-AU"], .exact)
    #expect(australian.from == .nothing)
    #expect(australian.value == "")
    #expect(chain(australian) == ["en-AU:exact:absent"])
    // …while British English matches exactly, and a region-less `en` matches `en` exactly.
    #expect(resolve(spelling, device: ["en-GB"], .exact).value == "The flavour")
    #expect(resolve(spelling, device: ["en"], .exact).value == "The flavor")
  }

  @Test func languageTriesTheRootLanguageThenOtherRegions() {
    let rootOnly = object(["en": "The flavor"])
    let british = resolve(rootOnly, device: ["en-GB"], .language)
    #expect(british.value == "The flavor")
    #expect(chain(british) == ["en-GB:exact:absent", "en:language-only:=The flavor"])
    let otherRegion = resolve(object(["fr": "Le goût", "en-US": "The flavor"]), device: ["en-GB"], .language)
    #expect(otherRegion.value == "The flavor")
    #expect(chain(otherRegion) == ["en-GB:exact:absent", "en:language-only:absent", "en-US:other-region:=The flavor"])
    let script = resolve(object(["zh-Hant": "味道", "zh-Hans": "味道 (简)"]), device: ["zh-Hant-TW"], .language)
    #expect(chain(script) == ["zh-Hant-TW:exact:absent", "zh-Hant:language-only:=味道"])
    // The language's forms only: another language is never tried at this specificity.
    let none = resolve(object(["fr": "Le goût"]), device: ["en-GB", "fr"], .language)
    #expect(none.from == .nothing)
    #expect(chain(none) == ["en-GB:exact:absent", "en:language-only:absent"])
  }

  @Test func preferredWalksEveryPreferenceInOrder() {
    let frenchOnly = object(["fr": "La saveur"])
    // Device set to French then English: the French value.
    #expect(resolve(frenchOnly, device: ["fr", "en"], .preferred).value == "La saveur")
    // Asked for German on a device preferring Swiss French then English: German fails, the
    // preference list is walked, and fr-CH falls back to fr.
    let walked = resolve(frenchOnly, requested: "de", device: ["fr-CH", "en"], .preferred)
    #expect(walked.value == "La saveur")
    #expect(chain(walked) == ["de:exact:absent", "fr-CH:exact:absent", "fr:language-only:=La saveur"])
    #expect(walked.steps.last?.preferred == "fr-CH")
    // Nothing in any preferred language: no value, and no default step at this specificity.
    let none = resolve(object(["ja": "味"]), device: ["fr", "en"], .preferred, defaultLanguage: "ja")
    #expect(none.from == .nothing)
    #expect(chain(none) == ["fr:exact:absent", "en:exact:absent"])
  }

  @Test func aRequestedLanguageOverridesTheDeviceButKeepsTheSpecificity() {
    let two = object(["en": "The flavor", "fr": "La saveur"])
    let asked = resolve(two, requested: "fr", device: ["en"], .preferred)
    #expect(asked.value == "La saveur")
    #expect(chain(asked) == ["fr:exact:=La saveur"])
    #expect(resolve(two, requested: "fr-CA", device: ["en"], .exact).from == .nothing)
    #expect(resolve(two, requested: "fr-CA", device: ["en"], .language).value == "La saveur")
    // At `exact` and `language` only the requested language counts, not the device's.
    #expect(resolve(two, requested: "de", device: ["en"], .language).from == .nothing)
  }

  @Test func aDefaultValueReplacesNoValue() {
    let r = resolve(object(["en": "The flavor"]), requested: "fr", device: ["en"], .language, defaultValue: "Unknown?")
    #expect(r.value == "Unknown?")
    #expect(r.from == .defaultValue)
    #expect(chain(r) == ["fr:exact:absent"])
  }

  @Test func defaultSpecificityFallsBackToTheDefaultLanguageThenAnyValue() {
    let asian = object(["ja": "味", "ko": "맛", "en": "Taste"])
    let english = resolve(asian, device: ["fr-CA"], .default, defaultLanguage: "en")
    #expect(english.value == "Taste")
    #expect(chain(english) == ["fr-CA:exact:absent", "fr:language-only:absent", "en:default-language:=Taste"])
    #expect(english.steps.last?.preferred == nil)
    let any = resolve(object(["ja": "味", "ko": "맛"]), device: ["fr"], .default, defaultLanguage: "en")
    #expect(any.value == "味")
    #expect(chain(any) == ["fr:exact:absent", "en:default-language:absent", "ja:any-language:=味"])
    let noDefaultLanguage = resolve(object(["ko": "맛"]), device: ["fr"], .default)
    #expect(chain(noDefaultLanguage) == ["fr:exact:absent", "ko:any-language:=맛"])
  }

  @Test func eachLanguageIsTriedOnce() {
    let r = resolve(
      object(["de": "Geschmack"]), requested: "en-GB", device: ["en", "en-GB", "de"], .default,
      defaultLanguage: "en")
    #expect(chain(r) == ["en-GB:exact:absent", "en:language-only:absent", "de:exact:=Geschmack"])
    let spelled = resolve(object(["pt_BR": "sabor"]), device: ["pt-br"], .exact)
    #expect(spelled.from == .localizedObject(file: "colour.json", language: "pt_BR"))
  }

  @Test func resolveAllCoversTheDocumentInFileOrder() {
    let document = LocalizedObjectDocument(
      data: Data(#"{"b": {"en": "B", "de": "Be"}, "a": {"de": "A"}}"#.utf8), file: "x.json")
    let all = LocalizedObjectResolver(preferredLanguages: [tag("en")], specificity: .default).resolveAll(document)
    #expect(all.map(\.key) == ["b", "a"])
    #expect(all.map(\.value) == ["B", "A"])
  }
}
