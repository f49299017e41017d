import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// The localized-object samples and the sample String Catalog keep what SampleBundles/README.md says.
@Suite("Sample content and catalog", .timeLimit(.minutes(10)))
struct SampleContentTests {
  static let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")

  static func read(_ path: String) throws -> Data {
    try Data(contentsOf: samples.appendingPathComponent(path))
  }

  @Test func announcementsAreLocalizedObjectsWithAPlantedMissingLanguage() throws {
    let data = try Self.read("content/announcements.json")
    let document = try LocalizedObjectDocument.read(data, file: "announcements.json")
    #expect(document.diagnostics.isEmpty)
    #expect(document.objects.map(\.key) == ["banner.trail-closed", "banner.offline-maps", "footer"])
    #expect(document.languages == ["en", "en-GB", "de", "fr", "pl", "ja", "en-US"])
    let japanese = try #require(document.tables().first { $0.language == "ja" })
    #expect(japanese.entries.map(\.key) == ["banner.trail-closed", "footer"])
    #expect(document.serialized() == data)
  }

  @Test func checksRunOnTheLanguageViews() throws {
    let document = try LocalizedObjectDocument.read(
      try Self.read("content/announcements.json"), file: "announcements.json")
    let bundle = LocalizationBundle(
      name: "content", storage: .directory(Self.samples.appendingPathComponent("content")),
      tables: document.localeTables(name: "announcements", path: "announcements.json"), developmentLanguage: "en")
    let missing = try Checker().findings(in: bundle).filter { $0.kind == .missingKey }
    // en-GB and en-US lack keys that en has: they read en's values, so only ja's gap is missing.
    #expect(missing.map { "\($0.language ?? "") \($0.key ?? "")" } == ["ja banner.offline-maps"])
  }

  @Test func messageOfTheDayIsOneWholeFileObject() throws {
    let document = try LocalizedObjectDocument.read(try Self.read("content/motd.json"), file: "motd.json")
    #expect(document.isWholeFile)
    #expect(document.object(forKey: "")?.languages == ["en", "en-GB", "de", "fr"])
  }

  @Test func catalogIsWrittenAsXcodeWritesCatalogs() throws {
    let data = try Self.read("catalog/Localizable.xcstrings")
    let text = String(decoding: data, as: UTF8.self)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["sourceLanguage"] as? String == "en")
    #expect(root["version"] as? String == "1.0")
    let strings = try #require(root["strings"] as? [String: Any])
    #expect(strings.count == 9)
    #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"))
    #expect(text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}"))
    #expect(text.contains("    \"trail.new\" : {\n\n    },\n"))
    #expect(!text.contains("\": "))
    // Keys appear sorted, as Xcode sorts them.
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("    \"") && !$0.hasPrefix("     ") }
      .map { String($0.dropFirst(5).prefix { $0 != "\"" }) }
    #expect(keys == keys.sorted())
    #expect(keys.count == 9)
  }
}
