import Foundation
import Testing

@testable import GlossaCore

/// A plural form is written to the family the app reads. Real apps (DuckDuckGo's iOS browser
/// among them) keep some keys in both files of a table: a placeholder line in the `.strings`
/// (`"number.of.tabs" = "number.of.tabs";`) and the real family in the `.stringsdict`. Apple's
/// lookup takes the `.stringsdict` family, so an edit of a form must land there, never as a
/// `KEY##{cat}` line appended to the `.strings`.
@Suite("Plural edits land in the family the app reads", .timeLimit(.minutes(10)))
struct PluralEditTargetTests {
  static let placeholderStrings = """
    /* Title of the tab switcher */
    "tabs.title" = "Onglets";

    /* Number of open tabs */
    "number.of.tabs" = "number.of.tabs";

    """

  static func stringsdict(_ forms: [(String, String)], format: String = "%#@tabs@ ouverts") -> String {
    let pairs = forms.map { "\t\t\t<key>\($0.0)</key>\n\t\t\t<string>\($0.1)</string>\n" }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>number.of.tabs</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>\(format)</string>
      \t\t<key>tabs</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>ld</string>
      \(pairs)\t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """
  }

  /// en and fr with the key in both files; fr's family lacks `many`.
  static func bundle(frStringsdict: Bool = true) throws -> (TemporaryDirectory, [String: Data]) {
    var files = [
      "en.lproj/Localizable.strings": placeholderStrings.replacingOccurrences(of: "Onglets", with: "Tabs"),
      "en.lproj/Localizable.stringsdict": stringsdict(
        [("one", "%ld tab"), ("other", "%ld tabs")], format: "%#@tabs@ open"),
      "fr.lproj/Localizable.strings": placeholderStrings,
    ]
    if frStringsdict {
      files["fr.lproj/Localizable.stringsdict"] = stringsdict([("one", "%ld onglet"), ("other", "%ld onglets")])
    }
    let directory = TemporaryDirectory()
    var written: [String: Data] = [:]
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      written[path] = Data(text.utf8)
    }
    return (directory, written)
  }

  static func read(_ path: String, in directory: TemporaryDirectory) throws -> String {
    try String(decoding: Data(contentsOf: directory.url.appendingPathComponent(path)), as: UTF8.self)
  }

  @Test("setValue of a form goes to the .stringsdict; the .strings placeholder keeps every byte")
  func setGoesToStringsdict() throws {
    let (directory, original) = try Self.bundle()
    var bundle = try LocalizationBundle.load(directory.url.path)
    try bundle.setValue("%ld d’onglets", forKey: "number.of.tabs", language: "fr", table: "Localizable", plural: .many)
    let report = try bundle.save()
    #expect(report.written == ["fr.lproj/Localizable.stringsdict"])
    #expect(
      try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.strings"))
        == original["fr.lproj/Localizable.strings"])
    let expected = Self.stringsdict([("one", "%ld onglet"), ("many", "%ld d’onglets"), ("other", "%ld onglets")])
    #expect(try Self.read("fr.lproj/Localizable.stringsdict", in: directory) == expected)
    let reread = try LocalizationBundle.load(directory.url.path)
    let address = ValueAddress(language: "fr", table: "Localizable", key: "number.of.tabs", plural: .many)
    #expect(reread.value(at: address) == "%ld d’onglets")
  }

  @Test("An Edit (the review's edit, take-remote and copy-source path) with and without the variable")
  func editGoesToStringsdict() throws {
    for variable in ["tabs", nil] as [String?] {
      let (directory, original) = try Self.bundle()
      var bundle = try LocalizationBundle.load(directory.url.path)
      let address = ValueAddress(
        language: "fr", table: "Localizable", key: "number.of.tabs", plural: .many, variable: variable)
      try bundle.apply(Edit(address: address, oldValue: nil, newValue: "%ld d’onglets"))
      #expect(bundle.value(at: address) == "%ld d’onglets")
      _ = try bundle.save()
      #expect(
        try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.strings"))
          == original["fr.lproj/Localizable.strings"])
      #expect(try Self.read("fr.lproj/Localizable.stringsdict", in: directory).contains("<key>many</key>"))
      // Deleting the form again (the review's `x` on a form) takes it from the same family.
      var again = try LocalizationBundle.load(directory.url.path)
      try again.apply(Edit(address: address, oldValue: "%ld d’onglets", newValue: nil))
      _ = try again.save()
      #expect(
        try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.stringsdict"))
          == original["fr.lproj/Localizable.stringsdict"])
      #expect(
        try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.strings"))
          == original["fr.lproj/Localizable.strings"])
    }
  }

  @Test("A language without the .stringsdict gets one laid out like the source's family")
  func createsStringsdictLikeSource() throws {
    let (directory, original) = try Self.bundle(frStringsdict: false)
    var bundle = try LocalizationBundle.load(directory.url.path)
    try bundle.setValue("%ld onglet", forKey: "number.of.tabs", language: "fr", table: "Localizable", plural: .one)
    let report = try bundle.save()
    #expect(report.written == ["fr.lproj/Localizable.stringsdict"])
    #expect(
      try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.strings"))
        == original["fr.lproj/Localizable.strings"])
    let written = try Self.read("fr.lproj/Localizable.stringsdict", in: directory)
    // The source's variable, format string and value type, not a `count`/`d` default.
    #expect(written == Self.stringsdict([("one", "%ld onglet")], format: "%#@tabs@ open"))
    // Foundation reads it as the same family.
    let plist = try PropertyListSerialization.propertyList(from: Data(written.utf8), format: nil)
    let family = (plist as? [String: Any])?["number.of.tabs"] as? [String: Any]
    #expect((family?["tabs"] as? [String: Any])?["one"] as? String == "%ld onglet")
  }

  @Test("A plain edit of such a key still changes the .strings line, and only its value")
  func plainEditStaysInStrings() throws {
    let (directory, original) = try Self.bundle()
    var bundle = try LocalizationBundle.load(directory.url.path)
    try bundle.setValue("onglets", forKey: "number.of.tabs", language: "fr", table: "Localizable")
    _ = try bundle.save()
    let text = try Self.read("fr.lproj/Localizable.strings", in: directory)
    #expect(text == Self.placeholderStrings.replacingOccurrences(of: "= \"number.of.tabs\"", with: "= \"onglets\""))
    #expect(
      try Data(contentsOf: directory.url.appendingPathComponent("fr.lproj/Localizable.stringsdict"))
        == original["fr.lproj/Localizable.stringsdict"])
  }

  @Test("A table that keeps a key's family as KEY##{cat} lines gets the new form there")
  func stringsFamilyStaysInStrings() throws {
    let directory = TemporaryDirectory()
    let files = [
      "en.lproj/Localizable.strings": "\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
      "en.lproj/Localizable.stringsdict": Self.stringsdict([("one", "%ld tab"), ("other", "%ld tabs")]),
      "pl.lproj/Localizable.strings": "\"n##{one}\" = \"%d plik\";\n\"n##{other}\" = \"%d pliku\";\n",
    ]
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    var bundle = try LocalizationBundle.load(directory.url.path)
    try bundle.setValue("%d pliki", forKey: "n", language: "pl", table: "Localizable", plural: .few)
    let report = try bundle.save()
    #expect(report.written == ["pl.lproj/Localizable.strings"])
    #expect(try Self.read("pl.lproj/Localizable.strings", in: directory).contains("\"n##{few}\" = \"%d pliki\";"))
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("pl.lproj/Localizable.stringsdict").path))
  }

  @Test("A plural form of a key with no family, in a table without .stringsdict, is refused")
  func noFamilyNoStringsdictRefused() throws {
    let directory = TemporaryDirectory()
    let url = directory.url.appendingPathComponent("en.lproj/Localizable.strings")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\"title\" = \"Title\";\n".utf8).write(to: url)
    var bundle = try LocalizationBundle.load(directory.url.path)
    #expect(throws: GlossaError.self) {
      try bundle.setValue("x", forKey: "title", language: "en", table: "Localizable", plural: .one)
    }
    #expect(!bundle.hasUnsavedChanges)
  }
}
