import Foundation
import Testing

@testable import GlossaCore

@Suite("String Catalogs in bundles", .timeLimit(.minutes(10)))
struct CatalogBundleTests {
  static func write(_ files: [String: String], in directory: TemporaryDirectory) throws {
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  @Test("a catalog given directly is one table per language, the source language first")
  func direct() throws {
    let directory = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(in: directory)
    #expect(bundle.languages == ["en", "de", "fr", "ja", "pl"])
    #expect(bundle.developmentLanguage == "en")
    #expect(bundle.tableNames == ["Localizable"])
    #expect(bundle.tables.allSatisfy { $0.path == "Localizable.xcstrings" && $0.format == .xcstrings })
    #expect(bundle.table(language: "de", name: "Localizable")?.entries.contains { $0.value == "Hallo" } == true)
  }

  @Test("a catalog anywhere in a project folder loads beside .lproj tables; the folder's names stay plain")
  func inFolder() throws {
    let directory = TemporaryDirectory()
    try Self.write(
      [
        "App/Resources/Localizable.xcstrings": CatalogFixtures.catalog,
        "App/Resources/en.lproj/InfoPlist.strings": "\"CFBundleName\" = \"App\";\n",
        "App/Resources/de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"App\";\n",
      ], in: directory)
    let bundle = try LocalizationBundle.load(directory.url.path)
    #expect(bundle.tableNames == ["InfoPlist", "Localizable"])
    #expect(bundle.table(language: "ja", name: "Localizable")?.path == "App/Resources/Localizable.xcstrings")
    #expect(bundle.developmentLanguage == "en")
    // InfoPlist is missing in fr, ja, pl: one table finding each, pointing at the .lproj file.
    let tableFindings = try Checker().findings(in: bundle).filter { $0.kind == .missingKey && $0.key == nil }
    #expect(tableFindings.map { $0.language ?? "" } == ["fr", "ja", "pl"])
  }

  @Test("an edit through one language's view reaches every view and the file is written once, atomically")
  func editAndSave() throws {
    let directory = TemporaryDirectory()
    var bundle = try CatalogFixtures.bundle(in: directory)
    try bundle.setValue("Hallo Welt", forKey: "Hello", language: "de", table: "Localizable")
    try bundle.setCatalogValue(
      "Appuyez", at: CatalogUnitPath(key: "Tap to open", language: "fr", device: "iphone"), table: "Localizable")
    try bundle.setCatalogState(.translated, at: CatalogUnitPath(key: "Hello", language: "fr"), table: "Localizable")
    try bundle.setValue("Hola", forKey: "Hello", language: "es", table: "Localizable")
    #expect(bundle.languages == ["en", "de", "es", "fr", "ja", "pl"])
    #expect(bundle.tables.allSatisfy { $0.isModified })
    let catalogs = Set(bundle.tables.map { $0.document.serialized() })
    #expect(catalogs.count == 1)
    #expect(bundle.table(language: "ja", name: "Localizable")?.document.serialized() == catalogs.first)
    let written = try bundle.save().written
    #expect(written == ["Localizable.xcstrings"])
    #expect(!bundle.hasUnsavedChanges)
    let reloaded = try LocalizationBundle.load(directory.url.appendingPathComponent("Localizable.xcstrings").path)
    let catalog = try #require(reloaded.catalog(table: "Localizable"))
    #expect(catalog.unit(at: CatalogUnitPath(key: "Hello", language: "de"))?.value == "Hallo Welt")
    #expect(catalog.unit(at: CatalogUnitPath(key: "Hello", language: "fr"))?.state == .translated)
    #expect(catalog.unit(at: CatalogUnitPath(key: "Hello", language: "es"))?.value == "Hola")
    #expect(catalog.unit(at: CatalogUnitPath(key: "Tap to open", language: "fr", device: "iphone"))?.value == "Appuyez")
    #expect(catalog.diagnostics.isEmpty)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["Localizable.xcstrings"])
  }

  @Test("plural forms and substitution forms edit through the TableDocument API; removal too")
  func tableDocumentAPI() throws {
    let directory = TemporaryDirectory()
    var bundle = try CatalogFixtures.bundle(in: directory)
    try bundle.setValue("%lld elementów", forKey: "%lld items", language: "pl", table: "Localizable", plural: .many)
    try bundle.setValue(
      "%arg Abonnent", forKey: "followers %lld", language: "de", table: "Localizable", plural: .one, variable: "count")
    try bundle.removeValue(forKey: "Hello", language: "ja", table: "Localizable")
    let pl = try #require(bundle.table(language: "pl", name: "Localizable"))
    #expect(pl.document.pluralFamilies.first { $0.key == "%lld items" }?.forms[.many] == "%lld elementów")
    #expect(
      bundle.value(
        at: ValueAddress(language: "de", table: "Localizable", key: "followers %lld", plural: .one, variable: "count"))
        == "%arg Abonnent")
    #expect(bundle.table(language: "ja", name: "Localizable")?.entries.contains { $0.key == "Hello" } == false)
    #expect(try Checker().findings(in: bundle).filter { $0.kind == .pluralGap && $0.language == "pl" }.isEmpty)
  }

  @Test("a catalog inside a zip loads and saves back into the archive")
  func zip() throws {
    let directory = TemporaryDirectory()
    try Self.write(
      ["Resources/Localizable.xcstrings": CatalogFixtures.catalog, "Resources/Info.plist": Self.infoPlist],
      in: directory)
    let zip = directory.url.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: directory.url, to: zip)
    var bundle = try LocalizationBundle.load(zip.path)
    #expect(bundle.languages == ["en", "de", "fr", "ja", "pl"])
    try bundle.setValue("Servus", forKey: "Hello", language: "de", table: "Localizable")
    try bundle.save()
    let reloaded = try LocalizationBundle.load(zip.path)
    #expect(
      reloaded.catalog(table: "Localizable")?.unit(at: CatalogUnitPath(key: "Hello", language: "de"))?.value == "Servus"
    )
  }

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>CFBundleIdentifier</key><string>com.example.strings</string>
      <key>CFBundleVersion</key><string>1</string>
      <key>CFBundleShortVersionString</key><string>1.0</string>
      <key>CFBundlePackageType</key><string>BNDL</string>
    </dict>
    </plist>
    """
}
