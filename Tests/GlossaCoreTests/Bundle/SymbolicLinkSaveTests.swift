import Foundation
import Testing

@testable import GlossaCore

/// The symbolic-link rule (docs/formats.md): reads follow links; a save writes the file a link
/// points to when it is inside the bundle, keeps the link, and refuses a link that leaves it.
@Suite("Symbolic links in saves", .timeLimit(.minutes(10)))
struct SymbolicLinkSaveTests {
  let temp: URL
  let root: URL
  let fm = FileManager.default

  init() throws {
    temp = try ArchiveFixtures.makeTempDirectory()
    root = temp.appendingPathComponent("App")
    let lines = (1...54).map { "\"key\($0)\" = \"Value \($0)\";" }.joined(separator: "\n") + "\n"
    try ArchiveFixtures.writeTree(
      [
        "en.lproj/Localizable.strings": Data(lines.utf8),
        "de.lproj/Localizable.strings": Data("\"key1\" = \"Wert 1\";\n".utf8),
      ], at: root)
  }

  func cleanUp() { try? fm.removeItem(at: temp) }

  func isLink(_ url: URL) -> Bool {
    (try? fm.destinationOfSymbolicLink(atPath: url.path)) != nil
  }

  @Test("a language folder linked to another is listed and edits the file it points to")
  func linkedLanguageFolder() throws {
    defer { cleanUp() }
    try fm.createSymbolicLink(atPath: root.appendingPathComponent("en-GB.lproj").path, withDestinationPath: "en.lproj")
    var bundle = try LocalizationBundle.open(root.path)
    #expect(bundle.languages.contains("en-GB"))
    try bundle.setValue("Colour", forKey: "newkey", language: "en-GB", table: "Localizable")
    let report = try bundle.save()
    #expect(report.written == ["en-GB.lproj/Localizable.strings"])
    let text = try String(contentsOf: root.appendingPathComponent("en.lproj/Localizable.strings"), encoding: .utf8)
    #expect(text.split(separator: "\n").count == 55)  // the 54 lines kept, one added
    #expect(text.hasSuffix("\"newkey\" = \"Colour\";\n"))
    #expect(isLink(root.appendingPathComponent("en-GB.lproj")))
  }

  @Test("a linked table file inside the bundle keeps its link; the target is edited")
  func linkedTableInside() throws {
    defer { cleanUp() }
    let shared = root.appendingPathComponent("Shared/de.strings")
    try ArchiveFixtures.writeTree(["Shared/de.strings": Data("\"key1\" = \"Alt\";\n".utf8)], at: root)
    let table = root.appendingPathComponent("de.lproj/Localizable.strings")
    try fm.removeItem(at: table)
    try fm.createSymbolicLink(atPath: table.path, withDestinationPath: "../Shared/de.strings")
    var bundle = try LocalizationBundle.open(root.path)
    try bundle.setValue("Neu", forKey: "key1", language: "de", table: "Localizable")
    try bundle.save()
    #expect(isLink(table))
    #expect(try String(contentsOf: shared, encoding: .utf8) == "\"key1\" = \"Neu\";\n")
  }

  @Test("a link that leaves the bundle is neither read nor written through")
  func linkLeavingBundle() throws {
    defer { cleanUp() }
    let outside = temp.appendingPathComponent("outside.strings")
    try Data("\"key1\" = \"Draußen\";\n".utf8).write(to: outside)
    let table = root.appendingPathComponent("de.lproj/Localizable.strings")
    try fm.removeItem(at: table)
    try fm.createSymbolicLink(atPath: table.path, withDestinationPath: outside.path)
    var bundle = try LocalizationBundle.open(root.path)
    try bundle.load(languages: ["de"])
    #expect(bundle.value(at: ValueAddress(language: "de", table: "Localizable", key: "key1")) == nil)
    #expect(
      bundle.diagnostics.contains { $0.kind == .unreadableFile && $0.file.hasSuffix("de.lproj/Localizable.strings") })
    // An edit of that language would create the file, but the save will not write through the link.
    try bundle.setValue("Neu", forKey: "key1", language: "de", table: "Localizable")
    #expect(throws: GlossaError.self) { try bundle.save() }
    #expect(try String(contentsOf: outside, encoding: .utf8) == "\"key1\" = \"Draußen\";\n")
    #expect(isLink(table))
  }

  @Test("two languages that are one file through a link cannot both be saved")
  func sameFileTwice() throws {
    defer { cleanUp() }
    try fm.createSymbolicLink(atPath: root.appendingPathComponent("en-GB.lproj").path, withDestinationPath: "en.lproj")
    let before = try Data(contentsOf: root.appendingPathComponent("en.lproj/Localizable.strings"))
    var bundle = try LocalizationBundle.open(root.path)
    try bundle.setValue("A", forKey: "key1", language: "en", table: "Localizable")
    try bundle.setValue("B", forKey: "key2", language: "en-GB", table: "Localizable")
    #expect(throws: GlossaError.self) { try bundle.save() }
    do { try bundle.save() } catch let error as GlossaError {
      #expect(error.message.contains("is the same file as"))
    }
    #expect(try Data(contentsOf: root.appendingPathComponent("en.lproj/Localizable.strings")) == before)
  }

  @Test("a link cycle in the bundle ends the listing")
  func cycle() throws {
    defer { cleanUp() }
    try fm.createSymbolicLink(atPath: root.appendingPathComponent("en.lproj/loop").path, withDestinationPath: "..")
    let bundle = try LocalizationBundle.open(root.path)
    #expect(bundle.languages.sorted() == ["de", "en"])
  }
}

/// `setValue` reads the edited bytes back and refuses an edit a reader would not see.
@Suite("Set reads back", .timeLimit(.minutes(10)))
struct SetReadBackTests {
  @Test(
    "an edit after an unterminated comment or literal at the end of the file is refused",
    arguments: ["\"a\" = \"b\";\n/* open comment\n", "\"a\" = \"b\";\n\"c\" = \"unterminated\n"])
  func unterminatedTail(tail: String) throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let file = temp.appendingPathComponent("App/de.lproj/Localizable.strings")
    try ArchiveFixtures.writeTree(
      [
        "App/de.lproj/Localizable.strings": Data(tail.utf8),
        "App/en.lproj/Localizable.strings": Data("\"a\" = \"A\";\n".utf8),
      ],
      at: temp)
    var bundle = try LocalizationBundle.open(temp.appendingPathComponent("App").path)
    do {
      try bundle.setValue("v", forKey: "newkey", language: "de", table: "Localizable")
      Issue.record("the edit should have been refused")
    } catch let error as GlossaError {
      #expect(error.message.contains("de.lproj/Localizable.strings: setting “newkey” would not read back (line "))
      #expect(error.message.hasSuffix("fix the unterminated literal or comment first (nothing was changed)"))
    }
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == tail)
  }

  @Test("an ordinary edit reads back and is saved")
  func ordinary() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(
      ["App/de.lproj/Localizable.strings": Data("\"a\" = \"b\"; /* done */\n".utf8)], at: temp)
    var bundle = try LocalizationBundle.open(temp.appendingPathComponent("App").path)
    try bundle.setValue("v\"q", forKey: "newkey", language: "de", table: "Localizable")
    #expect(try bundle.save().written == ["de.lproj/Localizable.strings"])
  }
}
