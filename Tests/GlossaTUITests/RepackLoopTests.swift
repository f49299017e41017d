import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// `R` through the review loop in-process: the zip holds the edits (and a raised version when
/// asked), the bundle itself is not saved, a folder answer gets a file name, an existing zip is
/// written over only after asking.
@Suite("Review loop: repack", .timeLimit(.minutes(10)))
struct RepackLoopTests {
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleDevelopmentRegion</key>
      <string>en</string>
      <key>CFBundleVersion</key>
      <string>41</string>
    </dict>
    </plist>

    """

  @Test func theZipHoldsTheEditAndTheRaisedVersionAndTheFolderIsNotSaved() throws {
    let workspace = try LoopWorkspace([
      "bundle/en.lproj/Localizable.strings": EditAndSaveLoopTests.english,
      "bundle/de.lproj/Localizable.strings": EditAndSaveLoopTests.german, "bundle/Info.plist": Self.plist,
    ])
    let output = workspace.path("out.zip")
    let outcome = try workspace.review("bundle", language: "de").run(
      [.fullyLoaded] + ScriptTerminal.Step.replaceValue("welcome.title", with: "Willkommen")
        + [
          .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(output), .key(.enter),
          .waitFor("Raise CFBundleVersion from 41 to 42?"), .key(.char("y")), .waitFor("Checked the zip"),
          .perform { _ in
            let zip = try LocalizationBundle.load(output)
            #expect(zip.infoPlist?.bundleVersion == "42")
            #expect(
              zip.table(language: "de", name: "Localizable")?.document.value(forKey: "welcome.title") == "Willkommen")
            #expect(
              zip.table(language: "en", name: "Localizable")?.document.value(forKey: "welcome.title") == "Welcome")
            // Repacking does not save: the folder is untouched.
            #expect(try workspace.text("bundle/de.lproj/Localizable.strings") == EditAndSaveLoopTests.german)
          },
          // Quitting still asks.
          .key(.char("q")), .waitFor("Save before quitting?"), .key(.char("d")),
        ])
    #expect(outcome.status == 0)
    #expect(try workspace.text("bundle/de.lproj/Localizable.strings") == EditAndSaveLoopTests.german)
  }

  /// At 80×24 the repack prompt shows the path being typed; the zip holds the edit and
  /// otherwise every file of the local directory under `Resources/`.
  @Test func at80ColumnsThePromptShowsThePathAndTheZipHoldsTheEdit() throws {
    let workspace = try MatrixWorkspace()
    let output = workspace.out.appendingPathComponent("local-80.zip")
    let outcome = try workspace.review("SampleBundles/local", language: "de").run(
      width: 80, height: 24,
      [.fullyLoaded] + ScriptTerminal.Step.select("tab.map")
        + ScriptTerminal.Step.replaceValue("tab.map", with: "Landkarte")
        + [
          .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(output.path),
          .waitUntil("the prompt showing the path typed") { $0.footer.contains("local-80.zip") }, .key(.enter),
          .waitFor("Raise CFBundleVersion from 11 to 12?"), .key(.char("n")), .waitFor("Checked the zip"),
          .key(.char("q")), .waitFor(" before quitting?"), .key(.char("d")),
        ])
    #expect(outcome.status == 0)
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace (a repack does not save)")
    let zip = try MatrixFiles.unzip(output)
    var expected: [String: Data] = [:]
    for (path, data) in workspace.original where path.hasPrefix("SampleBundles/local/") {
      expected[String(path.dropFirst("SampleBundles/local/".count))] = data
    }
    let entry = "Resources/de.lproj/Localizable.strings"
    expected[entry] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: try #require(expected[entry]))
    MatrixFiles.expectFiles(zip.files, equal: expected, "entries of local-80.zip")
    #expect(zip.names.allSatisfy { $0.hasPrefix("Resources/") }, "Resources/ at the root: \(zip.names)")
  }

  /// `q` right after `R` (nothing unsaved, so it quits at once): the loop returns only once
  /// the zip is written.
  @Test func aQuitRightAfterARepackStillWritesTheZip() throws {
    let workspace = try LoopWorkspace([
      "bundle/en.lproj/Localizable.strings": EditAndSaveLoopTests.english,
      "bundle/de.lproj/Localizable.strings": EditAndSaveLoopTests.german,
    ])
    let output = workspace.path("out/quit.zip")
    let outcome = try workspace.review("bundle", language: "de").run([
      .fullyLoaded, .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(output), .key(.enter),
      .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    let zip = try LocalizationBundle.load(output)
    #expect(zip.value(at: ValueAddress(language: "de", table: "Localizable", key: "button.ok")) == "OK")
  }

  @Test func aFolderAnswerGetsAFileNameAndAnExistingZipIsNotOverwrittenWithoutAsking() throws {
    let workspace = try MatrixWorkspace()
    let output = workspace.out.appendingPathComponent("local.zip")
    var written = Data()
    let outcome = try workspace.review("SampleBundles/local", language: "de").run([
      .fullyLoaded, .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(workspace.out.path),
      .key(.enter), .waitFor("is a folder: the zip goes inside it"),
      .perform { #expect($0.screen.contains(output.path), "\($0.screen)") },
      .key(.enter), .waitFor("Raise CFBundleVersion from 11 to 12?"), .key(.char("n")), .waitFor("Checked the zip"),
      .perform { _ in written = try Data(contentsOf: output) },
      // The same path again: asked first, and "n" leaves the zip as it is.
      .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(output.path), .key(.enter),
      .waitFor("exists. Write over it?"), .key(.char("n")), .waitFor("Repack cancelled"), .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    #expect(!written.isEmpty)
    #expect(try Data(contentsOf: output) == written)
  }
}
