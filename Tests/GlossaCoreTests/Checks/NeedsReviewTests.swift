import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct NeedsReviewTests {
  static func findings(_ localizations: String) throws -> [Finding] {
    let directory = TemporaryDirectory()
    let text = CatalogFixtures.catalog(key: "Save %lld", localizations: localizations)
    return try Checker().findings(in: try CatalogFixtures.bundle(text, in: directory)).filter {
      $0.kind == .needsReview
    }
  }

  @Test func needsReviewUnitIsAWarning() throws {
    let found = try Self.findings(
      #"{ "de" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld sichern" } } }"#)
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.language == "de")
    #expect(found.first?.line == 5)
    #expect(
      found.first?.message
        == "The value “%lld sichern” is marked needs_review: someone asked for another look, or the source text changed; check it and mark it reviewed."
    )
  }

  @Test func staleFormsNameTheirCategoryAndDevice() throws {
    let found = try Self.findings(
      #"""
      { "de" : { "variations" : { "device" : { "mac" : { "variations" : { "plural" : {
        "one" : { "stringUnit" : { "state" : "stale", "value" : "%lld Datei" } },
        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } } } } } }
      """#)
    #expect(found.map(\.category) == [.one])
    #expect(found.first?.message.hasPrefix("The “one” form (device mac) “%lld Datei” is marked stale") == true)
  }

  @Test func translatedAndNewUnitsAreNotFindings() throws {
    let found = try Self.findings(
      #"{ "de" : { "stringUnit" : { "state" : "translated", "value" : "a" } }, "fr" : { "stringUnit" : { "state" : "new", "value" : "b" } } }"#
    )
    #expect(found.isEmpty)
  }

  @Test func sourceLanguageUnitsAreCheckedToo() throws {
    let found = try Self.findings(#"{ "en" : { "stringUnit" : { "state" : "needs_review", "value" : "Save %lld" } } }"#)
    #expect(found.map(\.language) == ["en"])
  }
}
