import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("Bundle loading and saving", .timeLimit(.minutes(10)))
struct LocalizationBundleTests {
  func write(_ files: [String: String], in dir: TemporaryDirectory) throws {
    for (path, text) in files {
      let url = dir.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>CFBundleDevelopmentRegion</key><string>de</string>
    <key>CFBundleIdentifier</key><string>x.y</string>
    <key>CFBundleVersion</key><string>1</string>
    <key>CFBundleShortVersionString</key><string>1.0</string>
    <key>CFBundlePackageType</key><string>BNDL</string>
    </dict></plist>
    """

  @Test func resourcesLayoutWithInfoPlist() throws {
    let dir = TemporaryDirectory()
    try write(
      [
        "Resources/Info.plist": Self.plist,
        "Resources/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        "Resources/en.lproj/Localizable.strings": "\"a\" = \"a\";\n",
        "Resources/en.lproj/Localizable.stringsdict": LocalizationBundleTests.emptyStringsdict,
        "Resources/pt-BR.lproj/json.strings": "{\"a\": {\"b\": \"c\"}}\n",
        "Resources/.hidden.lproj/X.strings": "\"a\" = \"a\";\n",
        "Resources/en.lproj/notes.txt": "not a table",
      ], in: dir)
    let bundle = try LocalizationBundle.load(dir.url.path)
    #expect(bundle.developmentLanguage == "de", "CFBundleDevelopmentRegion wins over en")
    #expect(bundle.languages == ["de", "en", "pt-BR"])
    #expect(bundle.tableNames == ["Localizable", "json"])
    #expect(
      bundle.tables.map(\.path) == [
        "Resources/de.lproj/Localizable.strings", "Resources/en.lproj/Localizable.strings",
        "Resources/en.lproj/Localizable.stringsdict", "Resources/pt-BR.lproj/json.strings",
      ])
    #expect(bundle.infoPlistPath == "Resources/Info.plist")
    #expect(bundle.diagnostics.isEmpty)
    #expect(bundle.table(language: "pt-BR", name: "json")?.entries.first?.key == "a.b")
  }

  static let emptyStringsdict = String(decoding: TableFormat.stringsdict.emptyFileData, as: UTF8.self)

  @Test func developmentLanguageFallbacks() throws {
    let dir = TemporaryDirectory()
    try write(["fr.lproj/A.strings": "", "en.lproj/A.strings": "", "Base.lproj/A.strings": ""], in: dir)
    #expect(try LocalizationBundle.load(dir.url.path).developmentLanguage == "en")
    #expect(try LocalizationBundle.load(dir.url.path, options: .init(sourceLanguage: "fr")).developmentLanguage == "fr")
    #expect(
      try LocalizationBundle.load(dir.url.path).diagnostics.isEmpty, "no Info.plist is expected without Resources/")
  }

  @Test func missingInfoPlistInResourcesLayoutIsReported() throws {
    let dir = TemporaryDirectory()
    try write(["Resources/en.lproj/A.strings": "\"a\" = \"b\";\n"], in: dir)
    let bundle = try LocalizationBundle.load(dir.url.path)
    #expect(bundle.diagnostics.map(\.kind) == [.invalidInfoPlist])
  }

  @Test func tablesInSeveralPlacesGetPrefixedNames() throws {
    let dir = TemporaryDirectory()
    try write(
      [
        "App/en.lproj/Localizable.strings": "", "Widget/en.lproj/Localizable.strings": "",
        "Widget/de.lproj/Localizable.strings": "",
      ], in: dir)
    #expect(try LocalizationBundle.load(dir.url.path).tableNames == ["App/Localizable", "Widget/Localizable"])
  }

  @Test func notABundle() throws {
    let dir = TemporaryDirectory()
    try write(["readme.txt": "hi"], in: dir)
    #expect(
      thrownMessage {
        try LocalizationBundle.load(dir.url.path)
      }
        == "\(dir.url.path): not a bundle: found no .lproj folders with .strings, .stringsdict or .json tables, no .xcstrings catalogs and no localized-object .json files"
    )
    #expect(
      thrownMessage {
        try LocalizationBundle.load(dir.url.path + "/readme.txt")
      }
        == "\(dir.url.path)/readme.txt: not a bundle: expected a directory, a .zip, or a .strings, .stringsdict, .json or .xcstrings file"
    )
  }

  @Test func singleFileTakesItsLanguageFromTheFolderOrOption() throws {
    let dir = TemporaryDirectory()
    try write(["ru.lproj/Main.strings": "\"a\" = \"б\";\n", "loose.json": "{\"k\": \"v\"}"], in: dir)
    let file = try LocalizationBundle.load(dir.url.path + "/ru.lproj/Main.strings")
    #expect(file.languages == ["ru"])
    #expect(file.tables.first?.name == "Main")
    let loose = try LocalizationBundle.load(dir.url.path + "/loose.json", options: .init(language: "ja"))
    #expect(loose.tables.first?.entries.first?.value == "v")
    #expect(loose.languages == ["ja"])
  }

  @Test func editAndSaveWritesOnlyModifiedTables() throws {
    let dir = TemporaryDirectory()
    try write(
      [
        "en.lproj/Localizable.strings": "/* Greeting */\n\"hello\" = \"Hello\";\n",
        "de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";\n",
      ], in: dir)
    var bundle = try LocalizationBundle.load(dir.url.path)
    try bundle.setValue("Servus", forKey: "hello", language: "de", table: "Localizable")
    try bundle.setValue("Bonjour", forKey: "hello", language: "fr", table: "Localizable")
    #expect(bundle.hasUnsavedChanges)
    let written = try bundle.save().written
    #expect(written == ["de.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
    #expect(!bundle.hasUnsavedChanges)
    #expect(
      try String(contentsOf: dir.url.appendingPathComponent("de.lproj/Localizable.strings"), encoding: .utf8)
        == "\"hello\" = \"Servus\";\n")
    #expect(
      try String(contentsOf: dir.url.appendingPathComponent("fr.lproj/Localizable.strings"), encoding: .utf8)
        == "\"hello\" = \"Bonjour\";\n")
    #expect(throws: GlossaError.self) { try bundle.setValue("x", forKey: "k", language: "de", table: "Nope") }
  }

  @Test func failedWriteLeavesTheOldFile() throws {
    let dir = TemporaryDirectory()
    try write(["en.lproj/A.strings": "\"a\" = \"1\";\n"], in: dir)
    var bundle = try LocalizationBundle.load(dir.url.path)
    try bundle.setValue("2", forKey: "a", language: "en", table: "A")
    let folder = dir.url.appendingPathComponent("en.lproj")
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
    if getuid() == 0 { return }  // root ignores directory permissions; nothing to observe
    #expect(throws: GlossaError.self) { try bundle.save() }
    #expect(try String(contentsOf: folder.appendingPathComponent("A.strings"), encoding: .utf8) == "\"a\" = \"1\";\n")
  }

  @Test func sampleRemoteZipMatchesItsSourceFolder() throws {
    let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")
    let zipped = try LocalizationBundle.load(samples.appendingPathComponent("remote.zip").path)
    let folder = try LocalizationBundle.load(samples.appendingPathComponent("remote").path)
    #expect(zipped.tables.map(\.path) == folder.tables.map(\.path))
    for (a, b) in zip(zipped.tables, folder.tables) {
      #expect(a.document.serialized() == b.document.serialized(), "\(a.path): remote.zip is stale; re-pack it")
    }
    #expect(zipped.infoPlist?.bundleVersion == "12")
  }

  @Test func sampleBundlesRoundTrip() throws {
    let samples = Corpus.packageRoot.appendingPathComponent("SampleBundles")
    for name in ["local", "remote"] {
      let bundle = try LocalizationBundle.load(samples.appendingPathComponent(name).path)
      #expect(bundle.languages.count >= (name == "local" ? 8 : 4))
      for table in bundle.tables {
        let original = try Data(contentsOf: samples.appendingPathComponent(name).appendingPathComponent(table.path))
        #expect(table.document.serialized() == original, "\(table.path)")
      }
    }
  }
}
