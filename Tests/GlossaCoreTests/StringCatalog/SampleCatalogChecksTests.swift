import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `SampleBundles/catalog/Localizable.xcstrings` round-trips and yields exactly the findings
/// SampleBundles/README.md plants in it.
@Suite("Sample String Catalog", .timeLimit(.minutes(10)))
struct SampleCatalogChecksTests {
  static let url = Corpus.packageRoot.appendingPathComponent("SampleBundles/catalog/Localizable.xcstrings")

  @Test func roundTripsAndReportsThePlantedFindings() throws {
    let data = try Data(contentsOf: Self.url)
    #expect(StringCatalogDocument(data: data, file: "c").serialized() == data)
    let bundle = try LocalizationBundle.load(Self.url.path)
    #expect(bundle.languages == ["en", "ar", "de", "fr", "ja", "pl"])
    let found = try Checker().findings(in: bundle).map {
      "\($0.kind.rawValue) \($0.severity.rawValue) \($0.language ?? "") \($0.key ?? "") \($0.category?.rawValue ?? "-")"
    }
    #expect(
      Set(found) == [
        "missing-key error ar trail.new -", "missing-key error de trail.new -", "missing-key error fr trail.new -",
        "missing-key error ja trail.new -", "missing-key error pl trail.new -", "missing-key error ja settings.title -",
        "overlong error de button.start -", "needs-review warning de map.offline -",
        "needs-review warning fr map.offline -",
        "format-mismatch error fr stats.summary one", "format-mismatch error fr stats.summary many",
        "format-mismatch error fr stats.summary other", "plural-extra warning ja hikes.count one",
        "plural-gap error pl hikes.count many",
      ])
    #expect(!found.contains { $0.contains("app.name") })
  }
}
