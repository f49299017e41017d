import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("StringCatalogDocument reading", .timeLimit(.minutes(10)))
struct StringCatalogDocumentTests {
  @Test("the fixture reads into keys, units and substitutions and writes back byte for byte")
  func fixture() {
    let document = CatalogFixtures.document()
    #expect(document.diagnostics.isEmpty)
    #expect(document.sourceLanguage == "en")
    #expect(document.version == "1.0")
    #expect(document.keys.map(\.key) == ["", "%lld items", "App Name", "followers %lld", "Hello", "Tap to open"])
    #expect(document.languages == ["en", "de", "fr", "ja", "pl"])
    #expect(document.key("App Name")?.shouldTranslate == false)
    #expect(document.key("Hello")?.comment == "Greeting")
    #expect(document.key("followers %lld")?.extractionState == "manual")
    let hello = document.unit(at: CatalogUnitPath(key: "Hello", language: "ja"))
    #expect(hello?.value == "こんにちは \"友\"\n")
    #expect(hello?.state == .new)
    #expect(document.unit(at: CatalogUnitPath(key: "Hello", language: "fr"))?.state == .stale)
    let many = CatalogUnitPath(key: "%lld items", language: "pl", plural: .few)
    #expect(document.unit(at: many)?.value == "%lld elementy")
    let device = CatalogUnitPath(key: "Tap to open", language: "en", device: "iphone", plural: .one)
    #expect(document.unit(at: device)?.value == "Tap once")
    #expect(
      document.unit(at: CatalogUnitPath(key: "Tap to open", language: "de", device: "mac"))?.value
        == "Klicken zum Öffnen")
    let form = CatalogUnitPath(key: "followers %lld", language: "de", substitution: "count", plural: .other)
    #expect(document.unit(at: form)?.value == "%arg Follower")
    #expect(
      document.substitutions(of: "followers %lld", language: "de").map {
        "\($0.name) \($0.argumentNumber ?? 0) \($0.formatSpecifier ?? "")"
      } == ["count 1 @"])
    #expect(CatalogFixtures.text(document) == CatalogFixtures.catalog)
  }

  @Test("units carry the line and column of their value string")
  func positions() throws {
    let document = CatalogFixtures.document()
    let unit = try #require(document.unit(at: CatalogUnitPath(key: "Hello", language: "de")))
    let lines = CatalogFixtures.catalog.components(separatedBy: "\n")
    #expect(lines[unit.line - 1].contains("\"Hallo\""))
    let prefix = lines[unit.line - 1].prefix(unit.column - 1)
    #expect(prefix.hasSuffix("\"value\" : "))
  }

  @Test("the per-language view projects entries with state, device, substitution and translatability")
  func view() {
    let document = CatalogFixtures.document()
    let views = StringCatalogView.views(of: document, fallbackLanguage: "en")
    #expect(views.map(\.language) == ["en", "de", "fr", "ja", "pl"])
    #expect(views.map(\.carriesDiagnostics) == [true, false, false, false, false])
    let en = views[0]
    // The source language reads a key without a unit as its own text.
    #expect(en.entries.first { $0.key == "App Name" }.map { "\($0.value) \($0.isTranslatable)" } == "App Name false")
    #expect(en.entries.first { $0.key == "" }?.value == "")
    let tap = en.entries.filter { $0.key == "Tap to open" }.map {
      "\($0.device ?? "-") \($0.plural?.rawValue ?? "-") \($0.value)"
    }
    #expect(
      tap == ["iphone one Tap once", "iphone other Tap %lld times", "mac - Click to open", "other - Tap to open"])
    let de = views[1]
    #expect(
      de.entries.first { $0.key == "Hello" }.map { "\($0.value) \($0.comment ?? "") \($0.state?.rawValue ?? "")" }
        == "Hallo Greeting translated")
    let family = de.pluralFamilies.first { $0.key == "followers %lld" }
    #expect(family?.variable == "count")
    #expect(family?.valueType == "@")
    #expect(family?.argumentNumber == 1)
    #expect(family?.forms == [.one: "%arg Follower", .other: "%arg Follower"])
    #expect(de.entries.first { $0.key == "followers %lld" && $0.plural == nil }?.state == .needsReview)
    let devices = en.pluralFamilies.filter { $0.key == "Tap to open" }
    #expect(devices.map { "\($0.device ?? "-") \($0.forms.count)" } == ["iphone 2"])
    // A language without units for a key has no entry for it.
    #expect(!views[2].entries.contains { $0.key == "%lld items" })
    #expect(views[0].serialized() == Data(CatalogFixtures.catalog.utf8))
  }

  @Test("TableFormat knows .xcstrings and parses it as the source-language view")
  func format() {
    #expect(TableFormat.forFileName("Localizable.xcstrings") == .xcstrings)
    #expect(TableFormat.forFileName("A.XCSTRINGS") == .xcstrings)
    let document = TableFormat.xcstrings.parse(Data(CatalogFixtures.catalog.utf8), file: "L.xcstrings")
    #expect((document as? StringCatalogView)?.language == "en")
    let empty = StringCatalogDocument(data: TableFormat.xcstrings.emptyFileData, file: "new.xcstrings")
    #expect(empty.diagnostics.isEmpty)
    #expect(empty.keys.isEmpty)
  }

  @Test("every .xcstrings in the corpus round-trips byte for byte and reads without diagnostics", .corpus)
  func corpus() throws {
    let files = try Corpus.files(endingWith: ".xcstrings")
    #expect(!files.isEmpty)
    for url in files {
      let data = try Data(contentsOf: url)
      let document = StringCatalogDocument(data: data, file: Corpus.relative(url))
      #expect(document.serialized() == data, "\(Corpus.relative(url)) changed on write-back")
      #expect(document.diagnostics.isEmpty, "\(document.diagnostics.prefix(3))")
      // Foundation's JSON reader as an independent count of keys and string units.
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let strings = object?["strings"] as? [String: Any] ?? [:]
      #expect(document.keys.count == strings.count)
      #expect(document.units.count == Self.countUnits(object as Any))
      for view in StringCatalogView.views(of: document, fallbackLanguage: "en") {
        #expect(view.serialized() == data)
      }
    }
  }

  static func countUnits(_ value: Any) -> Int {
    if let object = value as? [String: Any] {
      return object.reduce(0) { total, member in
        total + (member.key == "stringUnit" ? 1 : countUnits(member.value))
      }
    }
    if let array = value as? [Any] { return array.reduce(0) { $0 + countUnits($1) } }
    return 0
  }
}
