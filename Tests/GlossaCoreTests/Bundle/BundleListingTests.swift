import Foundation
import Testing

@testable import GlossaCore

@Suite struct BundleListingTests {
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
      let listing = try BundleListing.open(argument)
      #expect(listing.isPartial)
      #expect(listing.languages == full.languages)
      #expect(listing.skeleton.developmentLanguage == "de")
      #expect(listing.skeleton.tables.isEmpty)
      #expect(listing.skeleton.infoPlist?.values["CFBundleVersion"] == "7")
      #expect(listing.firstLanguages(showing: "pt-BR") == ["de", "pt", "pt-BR"])
      var partial = try listing.bundle(with: ["de", "fr"])
      #expect(partial.languages == ["de", "fr"])
      #expect(partial.tables.map(\.path).count == 3)
      partial.insert(try listing.tables(of: Set(listing.languages).subtracting(["de", "fr"])))
      #expect(partial.tables.map(\.path) == full.tables.map(\.path))
      #expect(partial.tables.map(\.name) == full.tables.map(\.name))
      #expect(partial.tables.map(\.entries) == full.tables.map(\.entries))
      #expect(partial.developmentLanguage == full.developmentLanguage)
      #expect(partial.diagnostics == full.diagnostics)
    }
  }

  @Test func aSingleFileIsNotListedAndTheSourceLanguageIsChecked() throws {
    let (directory, _, root) = try Self.arguments()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try BundleListing.open(directory + "/Resources/de.lproj/Localizable.strings").isPartial == false)
    let listing = try BundleListing.open(directory, options: BundleLoadOptions(sourceLanguage: "PT_br"))
    #expect(listing.skeleton.developmentLanguage == "pt-BR")
    #expect(listing.languages.first == "pt-BR")
    #expect(throws: GlossaError.self) { try BundleListing.open(directory, options: BundleLoadOptions(sourceLanguage: "xx")) }
    #expect(throws: GlossaError.self) { try BundleListing.open(root.appendingPathComponent("missing").path) }
  }

  @Test func aBundleWithAStringCatalogIsReadWhole() throws {
    let root = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    var files = Self.files
    files["Resources/Localizable.xcstrings"] = Data(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8)
    try ArchiveFixtures.writeTree(files, at: root.appendingPathComponent("bundle"))
    let listing = try BundleListing.open(root.appendingPathComponent("bundle").path)
    #expect(listing.isPartial == false)
    #expect(try listing.loadAll().tables.contains { $0.format == .xcstrings })
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
    let listing = try BundleListing.open(zip)
    #expect(try listing.tables(of: ["de"]).count == 2)
    do {
      _ = try listing.tables(of: ["fr"])
      Issue.record("reading a damaged entry succeeded")
    } catch let error as GlossaError {
      #expect("\(error)".contains("fr.lproj/Localizable.strings"))
    }
  }
}
