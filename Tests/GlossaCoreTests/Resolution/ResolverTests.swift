import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// A read-only table built from key/value pairs, for resolution tests.
private struct FixedTable: TableDocument {
  var entries: [Entry]
  var diagnostics: [Diagnostic] { [] }
  func serialized() -> Data { Data() }
  mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws { throw GlossaError.invalidEdit("fixed", problem: .notACatalog) }
  mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    throw GlossaError.invalidEdit("fixed", problem: .notACatalog)
  }
}

/// A bundle with `Localizable` tables: language → key → value.
private func bundle(_ name: String, development: String = "en", _ tables: [String: [String: String]])
  -> LocalizationBundle
{
  let localeTables = tables.sorted { $0.key < $1.key }.map { language, values in
    let entries = values.sorted { $0.key < $1.key }.enumerated().map { index, pair in
      Entry(key: pair.key, value: pair.value, line: index + 1)
    }
    return LocaleTable(
      language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings",
      format: .strings, document: FixedTable(entries: entries))
  }
  return LocalizationBundle(
    name: name, storage: .directory(URL(fileURLWithPath: "/\(name)")), tables: localeTables,
    developmentLanguage: development)
}

private func tags(_ list: String...) -> [LanguageTag] { list.compactMap(LanguageTag.init) }

/// Step summaries: `source:language:rule:outcome`.
private func chain(_ resolution: Resolution) -> [String] {
  resolution.steps.map { step in
    let outcome: String
    switch step.outcome {
    case .found(let value): outcome = "=\(value)"
    case .noTable: outcome = "no-table"
    case .noKey: outcome = "no-key"
    case .noLanguage: outcome = "no-language"
    }
    return "\(step.source):\(step.language):\(step.rule.rawValue):\(outcome)"
  }
}

@Suite("Resolver", .timeLimit(.minutes(10)))
struct ResolverTests {
  let local = bundle(
    "local",
    [
      "en": ["title": "Title", "only.en": "English only"],
      "de": ["title": "Titel"],
      "de-CH": ["title": "Titel (CH)"],
      "fr": ["title": "Titre", "only.fr": "Français seulement"],
      "zh-Hant": ["title": "標題"],
    ])

  @Test func exactRegionMatchWins() {
    let r = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("de-CH"))
      .resolve("title")
    #expect(r.value == "Titel (CH)")
    #expect(r.from == .bundle(source: "local", language: "de-CH", table: "Localizable"))
    #expect(chain(r) == ["local:de-CH:exact:=Titel (CH)"])
  }

  @Test func regionFallsBackToLanguage() {
    let r = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("de-AT"))
      .resolve("title")
    #expect(r.value == "Titel")
    #expect(chain(r) == ["local:de:language-only:=Titel"])
    let zh = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("zh_Hant_HK"))
      .resolve("title")
    #expect(zh.value == "標題")
    #expect(chain(zh) == ["local:zh-Hant:language-only:=標題"])
  }

  @Test func languageOnlyFindsOtherRegion() {
    let b = bundle("b", ["en": ["k": "color"], "pt-BR": ["k": "cor"]])
    let r = Resolver(sources: [.init(label: "local", bundle: b)], preferredLanguages: tags("pt-PT"))
      .resolve("k")
    #expect(r.value == "cor")
    #expect(chain(r) == ["local:pt-BR:other-region:=cor"])
  }

  @Test func preferenceOrderIsFollowed() {
    let r = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("it", "fr-CA", "de"))
      .resolve("only.fr")
    #expect(r.value == "Français seulement")
    #expect(chain(r) == ["local:fr:language-only:=Français seulement"])
    let missing = Resolver(
      sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("de-AT", "fr")
    )
    .resolve("only.fr")
    #expect(
      chain(missing) == [
        "local:de:language-only:no-key", "local:de-CH:other-region:no-key", "local:fr:exact:=Français seulement",
      ])
  }

  @Test func developmentLanguageIsLastBundleStep() {
    let r = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("de", "fr"))
      .resolve("only.en")
    #expect(r.value == "English only")
    #expect(chain(r).last == "local:en:development-language:=English only")
    #expect(r.steps.last?.preferred == nil)
  }

  @Test func defaultThenKey() {
    let withDefault = Resolver(
      sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("ja"), defaultValue: "Fallback"
    )
    .resolve("nowhere")
    #expect(withDefault.value == "Fallback")
    #expect(withDefault.from == .defaultValue)
    #expect(chain(withDefault) == ["local:en:development-language:no-key"])
    let bare = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("ja"))
      .resolve("nowhere")
    #expect(bare.value == "nowhere")
    #expect(bare.from == .key)
  }

  @Test func remoteBeforeLocal() {
    let remote = bundle("remote", ["en": ["title": "Title v2"], "de": ["other": "x"]])
    let resolver = Resolver(
      sources: [.init(label: "remote", bundle: remote), .init(label: "local", bundle: local)],
      preferredLanguages: tags("de-AT"))
    let r = resolver.resolve("title")
    // The remote bundle's own chain ends with its development language before the local bundle is asked.
    #expect(r.value == "Title v2")
    #expect(chain(r) == ["remote:de:language-only:no-key", "remote:en:development-language:=Title v2"])
    let both = Resolver(
      sources: [.init(label: "remote", bundle: remote), .init(label: "local", bundle: local)],
      preferredLanguages: tags("de-AT", "fr"))
    let onlyLocal = both.resolve("only.fr")
    #expect(onlyLocal.value == "Français seulement")
    #expect(onlyLocal.from == .bundle(source: "local", language: "fr", table: "Localizable"))
    #expect(
      chain(onlyLocal) == [
        "remote:de:language-only:no-key", "remote:en:development-language:no-key",
        "local:de:language-only:no-key", "local:de-CH:other-region:no-key", "local:fr:exact:=Français seulement",
      ])
  }

  @Test func specificityLimitsTheChain() {
    let sources = [ResolutionSource(label: "local", bundle: local)]
    let exact = Resolver(sources: sources, preferredLanguages: tags("de-AT", "fr"), specificity: .exact)
      .resolve("title")
    #expect(exact.value == "title")
    #expect(exact.steps.isEmpty)
    let exactHit = Resolver(sources: sources, preferredLanguages: tags("de-CH"), specificity: .exact)
      .resolve("title")
    #expect(exactHit.value == "Titel (CH)")
    let language = Resolver(sources: sources, preferredLanguages: tags("de-AT", "fr"), specificity: .language)
      .resolve("only.fr")
    #expect(language.value == "only.fr")
    #expect(chain(language) == ["local:de:language-only:no-key", "local:de-CH:other-region:no-key"])
    let preferred = Resolver(sources: sources, preferredLanguages: tags("de-AT", "fr"), specificity: .preferred)
      .resolve("only.fr")
    #expect(preferred.value == "Français seulement")
    // `preferred` stops after the user's languages; `default` (the default) adds the development language.
    let noDevelopment = Resolver(sources: sources, preferredLanguages: tags("fr"), specificity: .preferred)
      .resolve("only.en")
    #expect(noDevelopment.from == .key)
    #expect(chain(noDevelopment) == ["local:fr:exact:no-key"])
    let withDevelopment = Resolver(sources: sources, preferredLanguages: tags("fr"), specificity: .default)
      .resolve("only.en")
    #expect(withDevelopment.value == "English only")
    #expect(chain(withDevelopment) == ["local:fr:exact:no-key", "local:en:development-language:=English only"])
  }

  /// `chain()` lists the tables `resolve` consults for a key no table holds, for every
  /// preference and specificity, without looking a key up.
  @Test func chainIsWhatResolvingAMissingKeyConsults() {
    let remote = bundle("remote", ["en": ["title": "Title v2"], "de": ["other": "x"], "pt-BR": ["a": "b"]])
    let sources = [ResolutionSource(label: "remote", bundle: remote), ResolutionSource(label: "local", bundle: local)]
    let preferences = [["de-AT"], ["de-CH", "fr"], ["zh-Hant-HK"], ["pt"], ["ja"], ["en"], []]
    for wanted in preferences {
      for specificity in [ResolutionSpecificity.exact, .language, .preferred, .default] {
        let resolver = Resolver(
          sources: sources, preferredLanguages: wanted.compactMap(LanguageTag.init), specificity: specificity)
        let consulted = resolver.resolve("\u{0}nowhere").steps.filter { $0.outcome != .noTable }
        let listed = resolver.chain()
        #expect(listed.map(\.source) == consulted.map(\.source), "\(wanted) \(specificity)")
        #expect(listed.map(\.language) == consulted.map(\.language), "\(wanted) \(specificity)")
      }
    }
    // Not vacuous: the remote's German and the local German chain are both listed.
    let german = Resolver(sources: sources, preferredLanguages: tags("de-AT"))
    #expect(
      german.chain().map { "\($0.source):\($0.language)" } == [
        "remote:de", "remote:en", "local:de", "local:de-CH", "local:en",
      ])
  }

  @Test func resolveAllCoversEveryKey() {
    let all = Resolver(sources: [.init(label: "local", bundle: local)], preferredLanguages: tags("fr"))
      .resolveAll()
    #expect(all.map(\.key) == ["only.en", "only.fr", "title"])
    #expect(all.map(\.value) == ["English only", "Français seulement", "Titre"])
  }

  @Test func languageTags() {
    #expect(LanguageTag("de-AT")?.withoutRegion?.description == "de")
    #expect(LanguageTag("zh-Hant-HK")?.withoutRegion?.description == "zh-Hant")
    #expect(LanguageTag("es-419")?.withoutRegion?.description == "es")
    #expect(LanguageTag("zh-Hant")?.withoutRegion == nil)
    #expect(LanguageTag("pt_BR") == LanguageTag("pt-br"))
    #expect(LanguageTag("") == nil)
    #expect(LanguageTag("de--AT") == nil)
    #expect(LanguageTag("de AT") == nil)
  }
}

@Suite("Resolver with .stringsdict tables", .timeLimit(.minutes(10)))
struct ResolverStringsdictTests {
  @Test func pluralFamilyInStringsdictResolvesToItsOtherForm() throws {
    let root = Corpus.packageRoot.appendingPathComponent("SampleBundles/local").path
    let local = try LocalizationBundle.load(root)
    let resolver = Resolver(
      sources: [.init(label: "local", bundle: local)], preferredLanguages: [LanguageTag("pl")!],
      specificity: .preferred, table: "Localizable", defaultValue: nil)
    let result = resolver.resolve("hikes.week")
    #expect(result.value == "%d wędrówki w tym tygodniu")
  }
}
