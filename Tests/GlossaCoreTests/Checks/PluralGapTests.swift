import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PluralGapTests {
  private func strings(_ key: String, _ forms: [PluralCategory: String]) -> String {
    forms.keys.sorted().map { "\"\(key)##{\($0.rawValue)}\" = \"\(forms[$0] ?? "")\";\n" }.joined()
  }

  @Test func completeRussianPolishAndArabicFamiliesAreFine() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": strings("n", [.one: "%d file", .other: "%d files"]),
      "ru.lproj/Localizable.strings": strings("n", [.one: "%d", .few: "%d", .many: "%d", .other: "%d"]),
      "pl.lproj/Localizable.strings": strings("n", [.one: "%d", .few: "%d", .many: "%d", .other: "%d"]),
      "ar.lproj/Localizable.strings": strings(
        "n", [.zero: "%d", .one: "%d", .two: "%d", .few: "%d", .many: "%d", .other: "%d"]),
    ])
    #expect(CheckFixtures.findings(.pluralGap, in: bundle).isEmpty)
  }

  @Test func incompleteFamiliesReportEachMissingCategory() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": strings("n", [.one: "%d file", .other: "%d files"]),
      "ru.lproj/Localizable.strings": strings("n", [.one: "%d", .other: "%d"]),
      "pl.lproj/Localizable.strings": strings("n", [.one: "%d", .few: "%d", .other: "%d"]),
      "ar.lproj/Localizable.strings": strings("n", [.one: "%d", .other: "%d"]),
    ])
    let found = CheckFixtures.findings(.pluralGap, in: bundle)
    #expect(found.filter { $0.language == "ru" }.map(\.category) == [.few, .many])
    #expect(found.filter { $0.language == "pl" }.map(\.category) == [.many])
    #expect(found.filter { $0.language == "ar" }.map(\.category) == [.zero, .two, .few, .many])
    #expect(found.allSatisfy { $0.severity == .error && $0.key == "n" })
  }

  @Test func frenchManyIsAWarningThatSaysWhy() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": strings("n", [.one: "%d file", .other: "%d files"]),
      "fr.lproj/Localizable.strings": strings("n", [.one: "%d fichier", .other: "%d fichiers"]),
    ])
    let found = CheckFixtures.findings(.pluralGap, in: bundle)
    #expect(found.map(\.category) == [.many])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("only covers large numbers or decimals") == true)
  }

  @Test func stringsdictVariablesAreChecked() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
      "uk.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d файл"), ("many", "%d файлів"), ("other", "%d файлу")]),
    ])
    let found = CheckFixtures.findings(.pluralGap, in: bundle)
    #expect(found.map(\.category) == [.few])
    #expect(found.first?.message.contains("variable “count”") == true)
  }

  @Test func aKeyInBothFilesIsReportedAtItsStringsdictEntry() {
    let bundle = CheckFixtures.placeholderBesidePlural([
      "en": [("one", "%d file"), ("other", "%d files")],
      "ru": [("one", "%d файл"), ("other", "%d файлов")],
    ])
    let stringsdict = String(
      decoding: bundle.tables.first { $0.path == "ru.lproj/Localizable.stringsdict" }?
        .document.serialized() ?? Data(), as: UTF8.self)
    #expect(
      stringsdict.components(separatedBy: "\n")[CheckFixtures.stringsdictLine - 1] == "        <string>%d файл</string>"
    )
    let found = CheckFixtures.findings(.pluralGap, in: bundle)
    #expect(found.map(\.category) == [.few, .many])
    #expect(found.map(\.file) == ["ru.lproj/Localizable.stringsdict", "ru.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [16, 16])
  }
}
