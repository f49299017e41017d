import Foundation
import Testing

@testable import GlossaCore

/// `writePseudoLanguage` over every kind of bundle that can hold another language: the result
/// keeps each source file's layout, its placeholders and plural families, and lints clean apart
/// from the overlong values the growth is meant to reveal.
@Suite("pseudo-localization: a pseudo language written into a bundle", .serialized, .timeLimit(.minutes(10)))
struct PseudoLanguageTests {
  /// A private copy of the sample bundles (the bundle matrix's), removed afterwards.
  typealias Workspace = BundleMatrixTests.Workspace

  let pseudo = Pseudolocalization.standard

  /// The findings about `language` after a save, read from disk again.
  func findings(_ argument: String, language: String) throws -> [Finding] {
    let bundle = try LocalizationBundle.open(argument)
    return try Checker().findings(in: bundle).filter { $0.language == language }
  }

  @Test func aDirectoryGetsAnLprojLikeTheSourceWithEveryValuePseudoLocalized() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var bundle = try LocalizationBundle.open(workspace.path("local"))
    let report = try bundle.writePseudoLanguage("en-XA", using: pseudo, replacing: false)
    #expect(report.source == "en")
    #expect(report.created.count == 4)
    _ = try bundle.save()

    let reopened = try LocalizationBundle.open(workspace.path("local"))
    var source = reopened
    try source.loadAll()
    let english = source.tables.filter { $0.language == "en" }
    let pseudoTables = source.tables.filter { $0.language == "en-XA" }
    #expect(pseudoTables.map(\.name) == english.map(\.name))
    for (original, copy) in zip(english, pseudoTables) {
      #expect(copy.path == original.path.replacingOccurrences(of: "en.lproj", with: "en-XA.lproj"))
      // Same keys, plural forms and comments in the same order; every value transformed and
      // its specifiers unchanged.
      #expect(copy.entries.map(\.key) == original.entries.map(\.key))
      #expect(copy.entries.map(\.plural) == original.entries.map(\.plural))
      #expect(copy.entries.map(\.comment) == original.entries.map(\.comment))
      for (a, b) in zip(original.entries, copy.entries) {
        #expect(b.value == pseudo.transform(a.value))
        #expect(FormatSignature(b.value).specifiers.map(\.text) == FormatSignature(a.value).specifiers.map(\.text))
        #expect(BrokenReference.references(in: b.value) == BrokenReference.references(in: a.value))
      }
      #expect(copy.document.pluralFamilies.map(\.key) == original.document.pluralFamilies.map(\.key))
    }
    // Only the overlong findings the growth reveals (with max-length limits of 8–20 columns,
    // 40 % fits every sample value but none of them at 300 %).
    #expect(try findings(workspace.path("local"), language: "en-XA").isEmpty)
    var grown = try LocalizationBundle.open(workspace.path("local"))
    _ = try grown.writePseudoLanguage("en-XA", using: Pseudolocalization(expansion: 300), replacing: true)
    _ = try grown.save()
    let found = try findings(workspace.path("local"), language: "en-XA")
    #expect(!found.isEmpty)
    #expect(Set(found.map(\.kind)) == [.overlong])
  }

  @Test func aLanguageThatExistsIsWrittenAgainOnlyWhenAsked() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var bundle = try LocalizationBundle.open(workspace.path("local"))
    let name = bundle.name
    #expect(
      thrownError { try bundle.writePseudoLanguage("fr", using: pseudo, replacing: false) }
        == .pseudoLanguage(bundle: name, language: "fr", problem: .exists(source: "en")))
    #expect(
      thrownError { try bundle.writePseudoLanguage("en", using: pseudo, replacing: true) }
        == .pseudoLanguage(bundle: name, language: "en", problem: .isTheSource))
    #expect(bundle.hasUnsavedChanges == false)
    let file = workspace.path("local/Resources/fr.lproj/Localizable.strings")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    _ = try bundle.writePseudoLanguage("fr", using: pseudo, replacing: true)
    _ = try bundle.save()
    let after = try String(contentsOfFile: file, encoding: .utf8)
    #expect(Data(after.utf8) != before)
    #expect(after.contains("\"login.title\" = \"[Šîĝñ îñ~]\";"))
  }

  @Test func aSingleTableFileAndADownloadAreRefused() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    var file = try LocalizationBundle.open(workspace.path("local/Resources/en.lproj/Localizable.strings"))
    let name = file.name
    #expect(
      thrownError { try file.writePseudoLanguage("en-XA", using: pseudo, replacing: false) }
        == .pseudoLanguage(bundle: name, language: "en-XA", problem: .singleTableFile))
  }

  @Test func aZipGetsTheLanguageAndEveryOtherEntryKeepsItsBytes() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let zip = URL(fileURLWithPath: workspace.path("remote.zip"))
    let before = Dictionary(uniqueKeysWithValues: try BundleArchive.readFiles(at: zip).map { ($0.path, $0.data) })
    var bundle = try LocalizationBundle.open(zip.path)
    _ = try bundle.writePseudoLanguage("en-XA", using: pseudo, replacing: false)
    _ = try bundle.save()
    let after = Dictionary(uniqueKeysWithValues: try BundleArchive.readFiles(at: zip).map { ($0.path, $0.data) })
    for (path, data) in before { #expect(after[path] == data, "\(path)") }
    let added = Set(after.keys).subtracting(before.keys).sorted()
    #expect(added.allSatisfy { $0.hasPrefix("Resources/en-XA.lproj/") })
    #expect(added.contains("Resources/en-XA.lproj/Localizable.strings"))
  }

  @Test func aStringCatalogGetsTheLanguageForEveryUnitAndKeyOnlyKey() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("catalog/Localizable.xcstrings")
    var bundle = try LocalizationBundle.open(path)
    let catalog = try #require(bundle.catalog(table: "Localizable"))
    let sourceUnits = catalog.units.filter { unit in
      unit.path.language == "en"
        && catalog.key(unit.path.key).map { $0.shouldTranslate && $0.extractionState != "stale" } == true
    }
    _ = try bundle.writePseudoLanguage("en-XA", using: pseudo, replacing: false)
    _ = try bundle.save()
    let saved = try #require(try LocalizationBundle.open(path).catalog(table: "Localizable"))
    for unit in sourceUnits {
      var target = unit.path
      target.language = "en-XA"
      let written = try #require(saved.unit(at: target), "\(target)")
      #expect(written.value == pseudo.transform(unit.value))
      #expect(written.state == .translated)
    }
    // Device variations and plural forms keep their shape, and a key without an English unit
    // shows its key pseudo-localized. What remains are overlong device values (limit 12).
    let found = try findings(path, language: "en-XA")
    #expect(found.allSatisfy { $0.kind == .overlong }, "\(found.map(\.message))")
    #expect(!found.contains { $0.kind == .missingKey })
  }

  @Test func aLocalizedObjectFileGetsTheLanguageInEveryObject() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let path = workspace.path("content/announcements.json")
    var bundle = try LocalizationBundle.open(path)
    try bundle.loadAll()
    let english = bundle.tables.filter { $0.language == "en" }.flatMap(\.entries)
    _ = try bundle.writePseudoLanguage("en-XA", using: pseudo, replacing: false)
    _ = try bundle.save()
    var reopened = try LocalizationBundle.open(path)
    try reopened.loadAll()
    let written = reopened.tables.filter { $0.language == "en-XA" }.flatMap(\.entries)
    #expect(written.map(\.key) == english.map(\.key))
    #expect(written.map(\.value) == english.map { pseudo.transform($0.value) })
  }

  @Test func theBatchSetterMatchesOneSetPerValueByteForByte() throws {
    // Quoted, unquoted, escaped and shorthand entries, CRLF line endings, a duplicate key.
    let text =
      "/* c */\r\n\"a\" = \"x \\\"q\\\"\";\r\nb = plain;\r\n\"c\";\r\n\"a\" = 'single';\r\n\"d\" = \"\\U2026\";\r\n"
    let data = Data(text.utf8)
    let document = StringsDocument(data: data, file: "t.strings")
    var batch = document
    try batch.setValues { "<\($0.value)>" }
    // Each literal as `setValue` writes it: quotes and escapes kept, a bare word quoted once it
    // needs quotes, the shorthand given a value, the line endings untouched.
    let expected =
      "/* c */\r\n\"a\" = \"<x \\\"q\\\">\";\r\nb = \"<plain>\";\r\n\"c\" = \"<c>\";\r\n"
      + "\"a\" = '<single>';\r\n\"d\" = \"<\\U2026>\";\r\n"
    #expect(String(decoding: batch.serialized(), as: UTF8.self) == expected)
    var one = document
    for key in ["b", "c", "d"] {
      let value = try #require(document.entries.last { $0.key == key }?.value)
      try one.setValue("<\(value)>", forKey: key, plural: nil, variable: nil, comment: nil)
    }
    let oneText = String(decoding: one.serialized(), as: UTF8.self)
    for line in expected.components(separatedBy: "\r\n")
    where line.hasPrefix("b") || line.hasPrefix("\"c") || line.hasPrefix("\"d") {
      #expect(oneText.contains(line + "\r\n"))
    }
    let reread = StringsDocument(data: batch.serialized(), file: "t.strings")
    #expect(reread.diagnostics.filter { $0.kind != .duplicateKey }.isEmpty)
    #expect(reread.entries.map(\.value) == document.entries.map { "<\($0.value)>" })
    // Nothing to change writes nothing.
    var unchanged = document
    try unchanged.setValues { _ in nil }
    #expect(unchanged.serialized() == data)
  }
}
