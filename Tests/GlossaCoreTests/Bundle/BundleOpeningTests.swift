import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct BundleOpeningTests {
  static let files: [String: Data] = [
    "Resources/Info.plist": Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>de</string>
      <key>CFBundleIdentifier</key><string>com.example</string>
      <key>CFBundleVersion</key><string>7</string>
      <key>CFBundleShortVersionString</key><string>1.0</string>
      </dict></plist>
      """.utf8),
    "Resources/de.lproj/Localizable.strings": Data("\"a\" = \"A de\";\n\"b\" = \"B de\";\n".utf8),
    "Resources/de.lproj/Localizable.stringsdict": Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>n</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
      <key>NSStringFormatValueTypeKey</key><string>d</string>
      <key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict>
      </dict></dict></plist>
      """.utf8),
    "Resources/en.lproj/Localizable.strings": Data("\"a\" = \"A en\";\n".utf8),
    "Resources/fr.lproj/Localizable.strings": Data("\"a\" = \"A fr\";\n\"b\" = \"B fr\";\n".utf8),
    "Resources/pt.lproj/Localizable.strings": Data("\"a\" = \"A pt\";\n".utf8),
    "Resources/pt-BR.lproj/Localizable.strings": Data("\"a\" = \"A br\";\n".utf8),
  ]

  /// The bundle as a directory and as a zip of it.
  static func arguments() throws -> (directory: String, zip: String, cleanup: URL) {
    let root = try ArchiveFixtures.makeTempDirectory()
    let tree = root.appendingPathComponent("bundle")
    try ArchiveFixtures.writeTree(files, at: tree)
    let zip = root.appendingPathComponent("bundle.zip")
    _ = try BundleArchive.pack(directory: tree, to: zip)
    return (tree.path, zip.path, root)
  }

  @Test func readsLanguagesOnDemandAndAddsUpToTheFullLoad() throws {
    let (directory, zip, root) = try Self.arguments()
    defer { try? FileManager.default.removeItem(at: root) }
    for argument in [directory, zip] {
      let full = try LocalizationBundle.load(argument)
      #expect(full.isFullyLoaded)
      var opened = try LocalizationBundle.open(argument)
      #expect(!opened.isFullyLoaded)
      #expect(opened.languages == full.languages)
      #expect(opened.unloadedLanguages == full.languages)
      #expect(opened.developmentLanguage == "de")
      #expect(opened.tables.isEmpty)
      #expect(opened.infoPlist?.values["CFBundleVersion"] == "7")
      #expect(opened.firstLanguages(showing: "pt-BR") == ["de", "pt", "pt-BR"])
      try opened.load(languages: ["de", "fr"])
      #expect(opened.languages == full.languages)
      #expect(opened.tables.map(\.path).count == 3)
      #expect(opened.unloadedLanguages == full.languages.filter { $0 != "de" && $0 != "fr" })
      let rest = try opened.read(languages: Set(opened.unloadedLanguages))
      #expect(!opened.isFullyLoaded)
      opened.insert(rest)
      #expect(opened.isFullyLoaded)
      #expect(opened.tables.map(\.path) == full.tables.map(\.path))
      #expect(opened.tables.map(\.name) == full.tables.map(\.name))
      #expect(opened.tables.map(\.entries) == full.tables.map(\.entries))
      #expect(opened.developmentLanguage == full.developmentLanguage)
      #expect(opened.diagnostics == full.diagnostics)
      // Reading a language again adds nothing: the tables read first (and their edits) stand.
      opened.insert(try full.read(languages: ["fr"]))
      #expect(opened.tables.count == full.tables.count)
    }
  }

  @Test func theSourceOfAnArgumentIsDecidedOnce() throws {
    let (directory, zip, root) = try Self.arguments()
    defer { try? FileManager.default.removeItem(at: root) }
    let table = directory + "/Resources/de.lproj/Localizable.strings"
    #expect(try BundleSource.of(directory) == .directory(URL(fileURLWithPath: directory)))
    #expect(try BundleSource.of(zip) == .zip(URL(fileURLWithPath: zip)))
    #expect(try BundleSource.of(table) == .tableFile(URL(fileURLWithPath: table), language: "de"))
    #expect(try BundleSource.of("http://127.0.0.1:9/b.zip") == .remote(URL(string: "http://127.0.0.1:9/b.zip")!))
    #expect(throws: GlossaError.notFound(root.path + "/missing")) { try BundleSource.of(root.path + "/missing") }
    let loose = root.appendingPathComponent("loose.strings")
    try Data("\"a\" = \"b\";\n".utf8).write(to: loose)
    #expect(throws: GlossaError.unknownLanguage(loose.path, reason: nil)) { try BundleSource.of(loose.path) }
    #expect(try BundleSource.of(loose.path, language: "fr") == .tableFile(loose, language: "fr"))
  }

  @Test func aSingleFileIsOneListedTableAndTheSourceLanguageIsChecked() throws {
    let (directory, _, root) = try Self.arguments()
    defer { try? FileManager.default.removeItem(at: root) }
    var single = try LocalizationBundle.open(directory + "/Resources/de.lproj/Localizable.strings")
    #expect(single.unloadedLanguages == ["de"])
    try single.loadAll()
    #expect(single.tables.count == 1)
    let opened = try LocalizationBundle.open(directory, options: BundleLoadOptions(sourceLanguage: "PT_br"))
    #expect(opened.developmentLanguage == "pt-BR")
    #expect(opened.languages.first == "pt-BR")
    #expect(throws: GlossaError.self) {
      try LocalizationBundle.open(directory, options: BundleLoadOptions(sourceLanguage: "xx"))
    }
    #expect(throws: GlossaError.self) { try LocalizationBundle.open(root.appendingPathComponent("missing").path) }
  }

  @Test func aStringCatalogIsReadAtOpenAndTablesBesideItOnDemand() throws {
    let root = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    var files = Self.files
    files["Resources/Localizable.xcstrings"] = Data(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8)
    try ArchiveFixtures.writeTree(files, at: root.appendingPathComponent("bundle"))
    var opened = try LocalizationBundle.open(root.appendingPathComponent("bundle").path)
    #expect(opened.tables.contains { $0.format == .xcstrings })
    #expect(!opened.isFullyLoaded)
    try opened.loadAll()
    #expect(opened.tables.contains { $0.format == .strings })
  }

  @Test func aDamagedEntryIsReportedWhenItsLanguageIsRead() throws {
    let (_, zip, root) = try Self.arguments()
    defer { try? FileManager.default.removeItem(at: root) }
    // Flip a byte inside fr's compressed data: the listing opens, reading fr fails by name.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
    let name = Data("Resources/fr.lproj/Localizable.strings".utf8)
    guard let header = bytes.range(of: name) else {
      Issue.record("entry name not found")
      return
    }
    bytes[header.upperBound + 2] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: zip))
    var opened = try LocalizationBundle.open(zip)
    try opened.load(languages: ["de"])
    #expect(opened.tables.count == 2)
    do {
      try opened.load(languages: ["fr"])
      Issue.record("reading a damaged entry succeeded")
    } catch let error as GlossaError {
      #expect("\(error)".contains("fr.lproj/Localizable.strings"))
    }
  }
}
