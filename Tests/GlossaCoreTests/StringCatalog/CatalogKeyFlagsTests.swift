import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `should-not-translate` and `stale-key`: the String Catalog key flags other checks pass over.
@Suite("Catalog key flags", .timeLimit(.minutes(10)))
struct CatalogKeyFlagsTests {
  static func findings(_ kind: FindingKind, _ text: String) throws -> [String] {
    let directory = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(text, in: directory)
    return try Checker().findings(in: bundle).filter { $0.kind == kind }.map {
      "\($0.language ?? "") \($0.key ?? "") \($0.severity.rawValue)"
    }
  }

  @Test("a key marked shouldTranslate: false with translations is reported per translated language")
  func shouldNotTranslate() throws {
    let text = CatalogFixtures.catalog(
      key: "Brand",
      localizations:
        #"{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Trailmate" } }, "de" : { "stringUnit" : { "state" : "translated", "value" : "Wanderfreund" } }, "ar" : { "stringUnit" : { "state" : "translated", "value" : "رفيق المسار" } } }"#,
      extra: "\n      \"shouldTranslate\" : false,")
    #expect(try Self.findings(.shouldNotTranslate, text) == ["ar Brand warning", "de Brand warning"])
    // Only the source: nothing to report; without the flag: nothing either.
    let alone = CatalogFixtures.catalog(
      key: "Brand", localizations: #"{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Trailmate" } } }"#,
      extra: "\n      \"shouldTranslate\" : false,")
    #expect(try Self.findings(.shouldNotTranslate, alone).isEmpty)
    #expect(
      try Self.findings(.shouldNotTranslate, text.replacingOccurrences(of: "\"shouldTranslate\" : false,", with: ""))
        .isEmpty)
    let silenced = text.replacingOccurrences(
      of: "\"shouldTranslate\" : false,",
      with: "\"comment\" : \"glossa-ignore: should-not-translate\",\n      \"shouldTranslate\" : false,")
    #expect(try Self.findings(.shouldNotTranslate, silenced).isEmpty)
  }

  @Test("a stale key is reported once, in the development language")
  func staleKey() throws {
    let text = CatalogFixtures.catalog(
      key: "Old banner",
      localizations:
        #"{ "en" : { "stringUnit" : { "state" : "translated", "value" : "Old banner" } }, "ja" : { "stringUnit" : { "state" : "translated", "value" : "古いバナー" } } }"#,
      extra: "\n      \"extractionState\" : \"stale\",")
    #expect(try Self.findings(.staleKey, text) == ["en Old banner info"])
    #expect(try Self.findings(.staleKey, text.replacingOccurrences(of: "\"stale\"", with: "\"manual\"")).isEmpty)
  }
}
