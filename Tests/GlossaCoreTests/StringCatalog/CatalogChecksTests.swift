import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("Checks on String Catalogs", .timeLimit(.minutes(10)))
struct CatalogChecksTests {
  static func findings(_ kind: FindingKind, _ text: String = CatalogFixtures.catalog) throws -> [Finding] {
    let directory = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(text, in: directory)
    return try Checker().findings(in: bundle).filter { $0.kind == kind }
  }

  @Test("a Polish plural variation without “many” is a plural gap")
  func polishMany() throws {
    let found = try Self.findings(.pluralGap).filter { $0.language == "pl" }
    #expect(found.map { "\($0.key ?? "") \($0.category?.rawValue ?? "")" } == ["%lld items many"])
    #expect(found.first?.file == "Localizable.xcstrings")
    #expect(found.first?.severity == .error)
  }

  @Test("a Japanese plural variation with “one” has a superfluous form")
  func japaneseOne() throws {
    let found = try Self.findings(.pluralExtra)
    #expect(
      found.map { "\($0.language ?? "") \($0.key ?? "") \($0.category?.rawValue ?? "")" } == ["ja %lld items one"])
  }

  @Test("a substitution whose formatSpecifier differs from the source's is a format mismatch")
  func substitutionSpecifier() throws {
    let found = try Self.findings(.formatMismatch)
    #expect(
      found.map(\.message) == [
        "Substitution “count” formats its argument as %@ but the source uses %lld (object where the source takes integer)."
      ])
    #expect(found.first?.language == "de")
    #expect(found.first?.key == "followers %lld")
    let argument = CatalogFixtures.catalog.replacingOccurrences(
      of: "\"argNum\" : 1,\n              \"formatSpecifier\" : \"@\"",
      with: "\"argNum\" : 2,\n              \"formatSpecifier\" : \"ld\"")
    #expect(
      try Self.findings(.formatMismatch, argument).map(\.message) == [
        "Substitution “count” takes argument 2 but the source's takes argument 1."
      ])
  }

  @Test("substitution forms and device variations are held against the source")
  func formsAndDevices() throws {
    let text = CatalogFixtures.catalog
      .replacingOccurrences(
        of: "\"%arg Follower\"\n                    }\n                  },\n                  \"other\"",
        with: "\"%d Follower\"\n                    }\n                  },\n                  \"other\""
      )
      .replacingOccurrences(of: "\"Klicken zum Öffnen\"", with: "\"Klicken %@\"")
    let found =
      try Self.findings(.formatMismatch).map(\.message)
      + (try Self.findings(.formatMismatch, text)).map(\.message)
    #expect(found.contains { $0.hasPrefix("The “one” form has") })
    #expect(
      found.contains {
        $0.hasPrefix("The translation (device mac) has 1 argument") || $0.hasPrefix("The translation (device mac) has")
      })
  }

  @Test("needs_review and stale units are findings; translated and new ones are not")
  func needsReview() throws {
    let found = try Self.findings(.needsReview)
    #expect(found.map { "\($0.language ?? "") \($0.key ?? "")" } == ["de followers %lld", "fr Hello"])
    #expect(found.map(\.severity) == [.warning, .warning])
    #expect(found[1].message.contains("marked stale"))
  }

  @Test("a key marked shouldTranslate: false is never a finding, in any language")
  func shouldTranslateFalse() throws {
    let text = CatalogFixtures.catalog(
      key: "Brand %@",
      localizations:
        #"{ "de" : { "stringUnit" : { "state" : "needs_review", "value" : "" } }, "fr" : { "stringUnit" : { "state" : "new", "value" : "Marque %d %d" } } }"#,
      extra: "\n      \"shouldTranslate\" : false,")
    let directory = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(text, in: directory)
    #expect(bundle.languages == ["en", "de", "fr"])
    // Only `should-not-translate`, whose subject the flag is, reports it.
    #expect(
      try Checker().findings(in: bundle).filter { $0.key == "Brand %@" && $0.kind != .shouldNotTranslate }.isEmpty)
    #expect(Checker().findings(for: "Brand %@", language: "de", table: "Localizable", in: bundle).isEmpty)
    // Without the flag the same catalog has findings.
    let translatable = text.replacingOccurrences(of: "\"shouldTranslate\" : false,", with: "")
    let plain = try CatalogFixtures.bundle(translatable, in: directory)
    let kinds = Set(try Checker().findings(in: plain).filter { $0.key == "Brand %@" }.map(\.kind))
    #expect(kinds.isSuperset(of: [.needsReview, .emptyValue, .formatMismatch]))
    #expect(try Self.findings(.missingKey).allSatisfy { $0.key != "App Name" })
  }

  @Test("a key whose extractionState is stale (gone from the code) asks for no translation work")
  func staleKey() throws {
    let stale = CatalogFixtures.catalog(
      key: "Old banner %@",
      localizations:
        #"{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Old banner %@" } }, "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Vieille %d" } }, "de" : { "stringUnit" : { "state" : "translated", "value" : "Neu" } } }"#,
      extra: "\n      \"extractionState\" : \"stale\",")
    let directory = TemporaryDirectory()
    // A second key gives the catalog ja, where the stale key has no unit.
    let withOther = stale.replacingOccurrences(
      of: "  \"strings\" : {\n",
      with:
        "  \"strings\" : {\n    \"Kept\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Kept\" } }, \"ja\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"保持\" } } } },\n"
    )
    let loaded = try CatalogFixtures.bundle(withOther, in: directory)
    #expect(loaded.languages == ["en", "de", "fr", "ja"])
    // Only `stale-key`, whose subject the state is, reports it.
    let findings = try Checker().findings(in: loaded)
    #expect(!findings.contains { $0.key == "Old banner %@" && $0.kind != .staleKey })
    #expect(Checker().findings(for: "Old banner %@", language: "ja", table: "Localizable", in: loaded).isEmpty)
    // The same key while still extracted: missing in ja, needs review and a format mismatch in fr.
    let live = try CatalogFixtures.bundle(
      withOther.replacingOccurrences(of: "\"stale\"", with: "\"manual\""), in: directory)
    let kinds = Set(
      try Checker().findings(in: live).filter { $0.key == "Old banner %@" }.map {
        "\($0.language ?? "") \($0.kind.rawValue)"
      })
    #expect(kinds.isSuperset(of: ["ja missing-key", "fr needs-review", "fr format-mismatch"]))
  }

  @Test("missing-key: no unit for a translatable key in a language the catalog has")
  func missingKey() throws {
    let found = try Self.findings(.missingKey)
    #expect(found.contains { $0.language == "de" && $0.key == "%lld items" })
    #expect(!found.contains { $0.language == "de" && $0.key == "Hello" })
    #expect(!found.contains { $0.language == "en" })
    #expect(found.allSatisfy { $0.file == "Localizable.xcstrings" })
  }

  @Test("the real catalog checks without parse errors and reports its needs_review units", .corpus)
  func corpus() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let bundle = try LocalizationBundle.load(url.path)
    #expect(bundle.developmentLanguage == "en")
    #expect(bundle.languages.count == 19)
    let findings = try Checker().findings(in: bundle)
    #expect(!findings.contains { $0.kind == .parseError })
    let document = try #require(bundle.catalog(table: "Localizable"))
    // Keys marked shouldTranslate: false or extractionState stale ask for no work.
    let flagged = document.units.filter { unit in
      let key = document.key(unit.path.key)
      return unit.state?.needsAttention == true && key?.shouldTranslate != false && key?.extractionState != "stale"
    }
    #expect(
      document.units.contains {
        $0.state?.needsAttention == true && document.key($0.path.key)?.extractionState == "stale"
      })
    #expect(findings.filter { $0.kind == .needsReview }.count == flagged.count)
  }
}
