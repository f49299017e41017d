import Foundation
import Testing

@testable import GlossaCore

/// An app folder linted as the bundle: its resource folders' tables are named by their paths
/// (`Kit/Resources/Localizable`), and code still looks them up by file name.
@Suite(.timeLimit(.minutes(10))) struct SourceRootTablesTests {
  static func write(_ text: String, _ path: String, in folder: TemporaryDirectory) throws {
    let url = folder.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  @Test func codeFindsTablesInAnyResourceFolderOfTheRoot() throws {
    let folder = TemporaryDirectory()
    try Self.write(
      "\"used.kit\" = \"Kit\";\n\"unused.kit\" = \"Old\";\n", "Kit/Resources/en.lproj/Localizable.strings", in: folder)
    try Self.write("\"used.widget\" = \"Widget\";\n", "Widget/en.lproj/Localizable.strings", in: folder)
    try Self.write("\"CFBundleDisplayName\" = \"App\";\n", "App/en.lproj/infoPlist.strings", in: folder)
    try Self.write(
      """
      let a = NSLocalizedString("used.kit", comment: "")
      let b = NSLocalizedString("used.widget", comment: "")
      let c = NSLocalizedString("missing.everywhere", comment: "")
      let d = NSLocalizedString("used.kit", tableName: "Other", comment: "")
      """, "App/Code.swift", in: folder)
    let uses = try SourceScan.scan([folder.url.appendingPathComponent("App").path])
    let bundle = try LocalizationBundle.open(folder.url.path)
    let found = try Checker(checks: [MissingInBundle(uses: uses), UnusedKey(uses: uses)]).findings(in: bundle)
    #expect(
      found.map { "\($0.kind.rawValue) \($0.table ?? "-") \($0.key ?? "-")" } == [
        "missing-in-bundle Localizable missing.everywhere",
        "missing-in-bundle Other used.kit",
        "unused-key Kit/Resources/Localizable unused.kit",
      ])
    let other = found.first { $0.table == "Other" }
    #expect(other?.message.contains("the en bundle has no Other table") == true)
  }
}
