import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// A file changed on disk while the review runs, through the loop in-process: `w` asks (naming
/// the file, showing its answer keys) and writes nothing before the answer; reload keeps the
/// external change and applies the edit again; overwrite writes the reviewed version.
@Suite("Review loop: a file changed on disk", .timeLimit(.minutes(10)))
struct ChangedOnDiskLoopTests {
  static let german = "SampleBundles/local/Resources/de.lproj/Localizable.strings"
  static let externalLine = #""external.key" = "Extern";"#

  /// Edits `tab.map` in German at 80×24, appends a line to the German file from outside, presses
  /// `w`, checks the question, then plays `answer`.
  static func steps(_ workspace: MatrixWorkspace, answer: [ScriptTerminal.Step]) -> [ScriptTerminal.Step] {
    [.fullyLoaded] + ScriptTerminal.Step.select("tab.map")
      + [.perform { #expect($0.detailValue("Local") == "Karte") }]
      + ScriptTerminal.Step.replaceValue("tab.map", with: "Landkarte")
      + [
        .perform { _ in try external(workspace).write(to: workspace.url(german)) },
        .key(.char("w")), .waitFor("changed on disk"),
        .perform { terminal in
          #expect(
            terminal.footer.contains("de.lproj/Localizable.strings changed on disk"),
            "the question names the file:\n\(terminal.screen)")
          #expect(
            terminal.footer.contains("r reload") && terminal.footer.contains("o overwrite"),
            "the question shows its answer keys; the footer reads:\n\(terminal.footer)")
          let onDisk = try workspace.snapshot()[german]
          #expect(onDisk == (try external(workspace)), "nothing is written before the answer")
        },
      ] + answer
  }

  /// The German file with a line appended from outside.
  static func external(_ workspace: MatrixWorkspace) throws -> Data {
    var data = try #require(workspace.original[german])
    data.append(Data("\n\(externalLine)\n".utf8))
    return data
  }

  @Test func reloadKeepsTheExternalLineAndTheEdit() throws {
    let workspace = try MatrixWorkspace()
    let outcome = try workspace.review("SampleBundles/local", language: "de").run(
      width: 80, height: 24,
      Self.steps(
        workspace,
        answer: [
          .key(.char("r")), .waitFor("applied 1 edit"),
          .perform { #expect($0.detailValue("Local") == "Landkarte", "the edit is applied again:\n\($0.screen)") },
          .key(.char("w")), .waitFor("Saved the local bundle: wrote "), .key(.char("q")),
        ]))
    #expect(outcome.status == 0)
    let after = try workspace.snapshot()
    var expected = workspace.original
    expected[Self.german] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: try Self.external(workspace))
    MatrixFiles.expectFiles(after, equal: expected, "workspace after reload and save")
    #expect(workspace.journals().isEmpty)
  }

  @Test func overwriteWritesTheReviewedVersion() throws {
    let workspace = try MatrixWorkspace()
    let outcome = try workspace.review("SampleBundles/local", language: "de").run(
      width: 80, height: 24,
      Self.steps(
        workspace, answer: [.key(.char("o")), .waitFor("Saved the local bundle: wrote "), .key(.char("q"))]))
    #expect(outcome.status == 0)
    // Overwriting writes the file as the review read it, plus the edit: the external line is gone.
    var expected = workspace.original
    expected[Self.german] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: try #require(workspace.original[Self.german]))
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: expected, "workspace after overwrite")
    #expect(workspace.journals().isEmpty)
  }
}
