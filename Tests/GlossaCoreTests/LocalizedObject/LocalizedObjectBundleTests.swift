import Foundation
import Testing

@testable import GlossaCore

/// Localized-object JSON files as bundles: one table per language, like String Catalogs.
@Suite("Localized-object files in bundles", .timeLimit(.minutes(10)))
struct LocalizedObjectBundleTests {
  static let content = """
    {
      "greeting": {"en": "Hello", "en-GB": "Good day", "de": "Hallo"},
      "farewell": {
        "en": "Goodbye",
        "de": "Tschüss"
      },
      "revision": 3
    }
    """

  static func write(_ files: [String: String], in directory: TemporaryDirectory) throws {
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  @Test("a file given directly is one table per language sharing its path; en is the source")
  func direct() throws {
    let directory = TemporaryDirectory()
    try Self.write(["content.json": Self.content], in: directory)
    let bundle = try LocalizationBundle.load(directory.url.appendingPathComponent("content.json").path)
    #expect(bundle.languages == ["en", "de", "en-GB"])
    #expect(bundle.developmentLanguage == "en")
    #expect(bundle.tableNames == ["content"])
    #expect(bundle.tables.allSatisfy { $0.path == "content.json" && $0.format == .json })
    #expect(bundle.isMultiLanguage(table: "content") && !bundle.isCatalog(table: "content"))
    #expect(bundle.table(language: "en-GB", name: "content")?.entries.map(\.key) == ["greeting"])
    let sourced = try LocalizationBundle.load(
      directory.url.appendingPathComponent("content.json").path, options: BundleLoadOptions(sourceLanguage: "de"))
    #expect(sourced.developmentLanguage == "de")
  }

  @Test("an edit reaches every language's view; the file is written once with one confined change")
  func editAndSave() throws {
    let directory = TemporaryDirectory()
    try Self.write(["content.json": Self.content], in: directory)
    let url = directory.url.appendingPathComponent("content.json")
    var bundle = try LocalizationBundle.load(url.path)
    try bundle.setValue("Au revoir", forKey: "farewell", language: "fr", table: "content")
    try bundle.setValue("Hi", forKey: "greeting", language: "en", table: "content")
    #expect(bundle.languages == ["en", "de", "en-GB", "fr"])
    for table in bundle.tables {
      #expect(table.isModified)
      #expect(table.document.serialized() == bundle.tables[0].document.serialized())
    }
    #expect(try bundle.save().written == ["content.json"])
    #expect(!bundle.hasUnsavedChanges)
    let expected = Self.content.replacingOccurrences(of: "\"en\": \"Hello\"", with: "\"en\": \"Hi\"")
      .replacingOccurrences(of: "\"de\": \"Tschüss\"\n", with: "\"de\": \"Tschüss\",\n    \"fr\": \"Au revoir\"\n")
    #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == expected)
    try bundle.removeValue(forKey: "greeting", language: "en-GB", table: "content")
    #expect(bundle.table(language: "en-GB", name: "content")?.entries.isEmpty == true)
  }

  @Test("in a folder beside .lproj tables: loaded by base name; other JSON is skipped and renames nothing")
  func inFolder() throws {
    let directory = TemporaryDirectory()
    try Self.write(
      [
        "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "App/en.lproj/json.strings": "{\"t\": \"T\"}",
        "content/announcements.json": Self.content,
        "package.json": "{\"name\": \"app\", \"version\": \"1.0\"}",
        "App/Assets.xcassets/Contents.json": "{\"info\": {\"en\": \"x\"}}",
      ], in: directory)
    let bundle = try LocalizationBundle.load(directory.url.path)
    #expect(bundle.tableNames == ["Localizable", "announcements", "json"])
    #expect(bundle.languages == ["en", "de", "en-GB"])
    #expect(bundle.table(language: "de", name: "announcements")?.path == "content/announcements.json")
    #expect(bundle.table(language: "en", name: "json")?.format == .json)
  }

  @Test("a folder whose only JSON is not localized objects says why, with line and column")
  func notLocalized() throws {
    let directory = TemporaryDirectory()
    try Self.write(["data/config.json": "{\n  \"title\": \"Trails\"\n}"], in: directory)
    #expect(
      thrownMessage { try LocalizationBundle.load(directory.url.path) }
        == "\(directory.url.path): not a bundle: found no .lproj folders with tables, no .xcstrings catalogs and no localized-object .json files (not localized objects: data/config.json:2:3: 'title' is a string outside any localized object (an object whose keys are all locale codes and whose values are all strings))"
    )
    let file = directory.url.appendingPathComponent("data/config.json").path
    #expect(
      thrownMessage { try LocalizationBundle.load(file) }
        == "\(file): cannot tell the file's language: it is not in a <language>.lproj folder and not a localized-object JSON file (2:3: 'title' is a string outside any localized object (an object whose keys are all locale codes and whose values are all strings))"
    )
    // With --lang it is one language's JSON table, as before.
    let table = try LocalizationBundle.load(file, options: BundleLoadOptions(language: "fr"))
    #expect(table.languages == ["fr"])
    #expect(table.tables.first?.entries.map(\.key) == ["title"])
  }

  @Test("inside a zip: loads, and an edit rewrites the archive once")
  func zip() throws {
    let directory = TemporaryDirectory()
    try Self.write(["bundle/content.json": Self.content], in: directory)
    let zip = directory.url.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: directory.url.appendingPathComponent("bundle"), to: zip)
    var bundle = try LocalizationBundle.load(zip.path)
    #expect(bundle.languages == ["en", "de", "en-GB"])
    #expect(bundle.tables.allSatisfy { $0.path == "Resources/content.json" })
    try bundle.setValue("Grüß Gott", forKey: "greeting", language: "de-AT", table: "content")
    #expect(try bundle.save().written == ["Resources/content.json"])
    let reloaded = try LocalizationBundle.load(zip.path)
    #expect(reloaded.table(language: "de-AT", name: "content")?.entries.map(\.value) == ["Grüß Gott"])
  }

  @Test("a regional language lacking a key its base language has is not missing; lacking it in both is")
  func regionalFallback() throws {
    let directory = TemporaryDirectory()
    try Self.write(
      [
        "content.json": """
        {
          "a": {"en": "A", "en-GB": "A!", "de": "A", "de-AT": "A"},
          "b": {"en": "B", "de": "B"},
          "c": {"en": "C", "de-AT": "C"},
          "e": {"en": "E"}
        }
        """,
        "more.json": "{\"d\": {\"en\": \"D\", \"de\": \"D\"}}",
      ], in: directory)
    let bundle = try LocalizationBundle.load(directory.url.path)
    let missing = try Checker().findings(in: bundle).filter { $0.kind == .missingKey }
      .map { "\($0.language ?? "") \($0.table ?? "") \($0.key ?? "-") \($0.file ?? "")" }
    // en-GB reads b, c and e from en, de-AT reads b from de, and both read the whole `more`
    // table from their base; de lacks c and e, and de-AT lacks e where its base lacks it too.
    #expect(
      missing.sorted() == ["de content c content.json", "de content e content.json", "de-AT content e content.json"])
    #expect(Checker().findings(for: "b", language: "en-GB", table: "content", in: bundle).isEmpty)
  }
}
