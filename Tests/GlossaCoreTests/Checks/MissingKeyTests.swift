import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct MissingKeyTests {
  @Test func reportsEachKeyAbsentFromATranslation() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"cancel\" = \"Cancel\";\n\"save\" = \"Save\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
    ])
    let found = CheckFixtures.findings(.missingKey, in: bundle)
    #expect(found.map(\.key) == ["cancel", "save"])
    #expect(found.allSatisfy { $0.language == "de" && $0.severity == .error })
    #expect(found.first?.file == "de.lproj/Localizable.strings")
    #expect(found.first?.message.contains("en.lproj/Localizable.strings:2") == true)
  }

  @Test func pluralFamilyCountsAsOneKey() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"%d files##{one}\" = \"%d file\";\n\"%d files##{other}\" = \"%d files\";\n",
      "de.lproj/Localizable.strings": "\"other\" = \"x\";\n",
    ])
    let found = CheckFixtures.findings(.missingKey, in: bundle)
    #expect(found.map(\.key) == ["%d files"])
    #expect(found.first?.category == nil)
  }

  @Test func aMissingTableIsOneFinding() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "en.lproj/Menu.strings": "\"file\" = \"File\";\n\"edit\" = \"Edit\";\n",
      "en.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
      "fr.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
    ])
    let found = CheckFixtures.findings(.missingKey, in: bundle)
    #expect(found.map(\.table) == ["InfoPlist", "Menu"])
    #expect(found.map(\.key) == [nil, nil])
    #expect(found.map(\.severity) == [.warning, .error])
    #expect(found.last?.file == "fr.lproj/Menu.strings")
    #expect(found.last?.message == "The Menu table is missing in fr: its 2 keys show in en.")
  }

  @Test func stringsAndStringsdictFormOneTable() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
    ])
    let found = CheckFixtures.findings(.missingKey, in: bundle)
    #expect(found.map(\.key) == ["files"])
    #expect(found.first?.file == "de.lproj/Localizable.stringsdict")
  }

  @Test func aSourceKeyInBothFilesIsNamedAtItsStringsdictEntry() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"files\" = \"files\";\n",
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
    ])
    let found = CheckFixtures.findings(.missingKey, in: bundle)
    #expect(found.map(\.key) == ["files"])
    #expect(found.first?.file == "de.lproj/Localizable.stringsdict")
    #expect(
      found.first?.message
        == "Key “files” is missing in de (en.lproj/Localizable.stringsdict:16 has it; it is a plural family).")
  }

  @Test func completeTranslationsAndTheSourceItselfHaveNone() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "Base.lproj/Main.strings": "\"title\" = \"Title\";\n",
    ])
    #expect(CheckFixtures.findings(.missingKey, in: bundle).isEmpty)
  }
}

@Suite("missing-key with an undecodable translation", .timeLimit(.minutes(10)))
struct MissingKeyUndecodableTests {
  @Test func undecodableFileReportsOnlyTheEncodingError() throws {
    let dir = TemporaryDirectory()
    let en = dir.url.appendingPathComponent("en.lproj")
    let es = dir.url.appendingPathComponent("es.lproj")
    try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: es, withIntermediateDirectories: true)
    try Data("\"a\" = \"Location\";\n".utf8).write(to: en.appendingPathComponent("InfoPlist.strings"))
    try Data([0x22, 0x61, 0x22, 0x3D, 0x22, 0x75, 0x62, 0x69, 0x63, 0x61, 0x63, 0x69, 0xF3, 0x6E, 0x22, 0x3B])
      .write(to: es.appendingPathComponent("InfoPlist.strings"))
    let bundle = try LocalizationBundle.load(dir.url.path)
    let kinds = try Checker().findings(in: bundle).map(\.kind)
    #expect(kinds.contains(.encodingError))
    #expect(!kinds.contains(.missingKey))
  }
}
