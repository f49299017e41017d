import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// Fixing values and saving, through the review loop in-process: only the edited values' bytes
/// change, a deleted duplicate takes exactly its lines, a remote draft is checked as it is typed.
@Suite("Review loop: edit and save", .timeLimit(.minutes(10)))
struct EditAndSaveLoopTests {
  static let english = """
    /* Title on the first screen. max-length: 12 */
    "welcome.title" = "Welcome";

    /* Button that cancels. */
    "button.cancel" = "Cancel";

    "button.ok" = "OK";

    """
  static let german = """
    /* Title on the first screen. max-length: 12 */
    "welcome.title" = "Willkommen in unserer wunderbaren App";

    "button.ok" = "OK";

    """

  static func workspace() throws -> LoopWorkspace {
    try LoopWorkspace([
      "bundle/en.lproj/Localizable.strings": english, "bundle/de.lproj/Localizable.strings": german,
    ])
  }

  @Test func aMissingKeyAndAnOverlongValueAreFixedAndSaved() throws {
    let workspace = try Self.workspace()
    let outcome = try workspace.review("bundle", language: "de").run(
      [.waitFor("welcome.title"), .fullyLoaded]
        // The missing key: found by search, its editor prefilled with the source text.
        + ScriptTerminal.Step.select("button.cancel")
        + ScriptTerminal.Step.replaceValue("button.cancel", with: "Abbrechen", message: "Added")
        // The overlong value.
        + [.key(.char("g"))] + ScriptTerminal.Step.replaceValue("welcome.title", with: "Hallo")
        + [.key(.char("w")), .waitFor("Saved the local bundle"), .key(.char("q"))])
    #expect(outcome.status == 0)
    let expectedStart = Self.german.replacingOccurrences(
      of: "\"Willkommen in unserer wunderbaren App\"", with: "\"Hallo\"")
    let saved = try workspace.text("bundle/de.lproj/Localizable.strings")
    #expect(saved.hasPrefix(expectedStart), "only the value's bytes change before the appended key:\n\(saved)")
    let appended = String(saved.dropFirst(expectedStart.count))
    #expect(appended.contains("\"button.cancel\" = \"Abbrechen\";"), "appended: \(appended)")
    #expect(appended.contains("Button that cancels."), "the source comment goes with the added key: \(appended)")
    #expect(try workspace.text("bundle/en.lproj/Localizable.strings") == Self.english)
    #expect(workspace.journalFiles().isEmpty)
  }

  /// The sample bundles: lint names a language with a missing key and an overlong value; the
  /// review fixes both with the filters, saves, and only those two values' bytes change.
  @Test func theSampleBundlesMissingKeyAndOverlongValueAreFixedWithTheFilters() throws {
    let workspace = try MatrixWorkspace()
    let local = workspace.url("SampleBundles/local")
    let original = try LocalizationBundle.load(local.path)
    let checker = Checker()
    let findings = try checker.findings(in: original).filter { $0.table == "Localizable" && $0.severity == .error }
    let language = try #require(
      original.languages.first { language in
        findings.contains { $0.language == language && $0.kind == .missingKey }
          && findings.contains { $0.language == language && $0.kind == .overlong }
      }, "the sample bundle has no language with both a missing key and an overlong error")
    let missing = try #require(findings.first { $0.language == language && $0.kind == .missingKey }?.key)
    let overlong = try #require(findings.first { $0.language == language && $0.kind == .overlong }?.key)

    let outcome = try workspace.review("SampleBundles/local", language: language, table: "Localizable").run(
      [.fullyLoaded, .key(.char("m")), .waitFor("Filter missing")]
        + ScriptTerminal.Step.select(missing)
        + ScriptTerminal.Step.replaceValue(missing, with: "FIX-MISSING", message: "Added")
        + [.key(.char("o")), .waitFor("Filter overlong")]
        + ScriptTerminal.Step.select(overlong)
        + ScriptTerminal.Step.replaceValue(overlong, with: "Kurz")
        + [.key(.char("w")), .waitFor("Saved the local bundle"), .key(.char("q"))])
    #expect(outcome.status == 0)

    // The same two edits through the core give exactly the bytes the review wrote.
    var expected = original
    try expected.setValue(
      "FIX-MISSING", forKey: missing, language: language, table: "Localizable",
      comment: original.comment(at: ValueAddress(language: language, table: "Localizable", key: missing)))
    try expected.setValue("Kurz", forKey: overlong, language: language, table: "Localizable")
    var files = workspace.original
    for table in expected.tables where table.isModified {
      files["SampleBundles/local/" + table.path] = table.document.serialized()
    }
    #expect(files != workspace.original, "the edits change a file")
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: files, "workspace after the two fixes")
    let reloaded = try LocalizationBundle.load(local.path)
    let remaining = try checker.findings(in: reloaded).filter {
      $0.language == language && [missing, overlong].contains($0.key ?? "") && $0.severity == .error
    }
    #expect(remaining.isEmpty, "\(remaining.map(\.message))")
  }

  @Test func deletingADuplicateKeyAndSavingRemovesExactlyThatEntrysLines() throws {
    let workspace = try MatrixWorkspace()
    let polish = "SampleBundles/local/Resources/pl.lproj/Localizable.strings"
    let outcome = try workspace.review("SampleBundles/local", language: "pl").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("toolbar.save")
        + [
          .waitFor("duplicate-key"), .key(.char("x")), .waitFor("Deleted toolbar.save (local)"),
          .key(.char("w")), .waitFor("Saved the local bundle: wrote "), .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    let original = try #require(workspace.original[polish])
    let after = try workspace.snapshot()
    #expect(
      MatrixFiles.lineChanges(original, after[polish] ?? Data())
        == [
          .init(line: 59, old: ["/* Saved again by a second translator */", #""toolbar.save" = "Zachowaj";"#], new: [])
        ])
    var expected = workspace.original
    expected[polish] = after[polish]
    MatrixFiles.expectFiles(after, equal: expected, "workspace after deleting the duplicate")
  }

  @Test func aRemoteDraftOverTheLimitIsFlaggedAsItIsTyped() throws {
    let workspace = try MatrixWorkspace()
    let outcome = try workspace.review("SampleBundles/local", "SampleBundles/remote.zip", language: "ja").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("login.title")
        + [
          .key(.char("E")), .waitFor("─ Editing login.title (remote)"), .key(.ctrl("u")),
          .type("アカウントにサインインしてください"),  // 34 columns, the limit is 20
          .waitFor("overlong remote"),
          .perform { #expect($0.screen.contains("over the limit of 20"), "\($0.screen)") },
          .key(.escape), .waitFor("Edit cancelled"), .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    #expect(try workspace.snapshot() == workspace.original)
  }
}
