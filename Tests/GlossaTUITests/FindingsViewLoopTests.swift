import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// The findings view through the review loop in-process, on a copy of `SampleBundles/`: its
/// filters, going to a finding in another language (a file problem with its line), the filters
/// kept across Enter and `F`, and `X` writing what it lists.
@Suite("Review loop: the findings view", .timeLimit(.minutes(10)))
struct FindingsViewLoopTests {
  @Test func theArabicParseErrorIsReachableWithItsLine() throws {
    let workspace = try MatrixWorkspace()
    let outcome = try workspace.review("SampleBundles/local").run([
      .fullyLoaded, .key(.char("F")), .waitFor("┌─ Findings "),
      .press(.char("l"), until: "· ar ─"), .press(.char("t"), until: "parse-error · ar"),
      .perform { #expect($0.screen.contains("Localizable.strings:23"), "\($0.screen)") },
      .key(.enter), .waitFor(" Lang ar "),
      .perform { terminal in
        #expect(terminal.screen.contains("parse-error · ar.lproj/Localizable.strings:23"), "\(terminal.screen)")
        #expect(terminal.screen.contains("✖ file parse-error ar.lproj/Localizable.strings:23"), "\(terminal.screen)")
      },
      .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    #expect(outcome.state.language == "ar")
  }

  /// Enter goes to the finding's key in its language; `F` opens the view again with the same
  /// filters on the same finding.
  @Test func aJumpToAnotherLanguageKeepsTheFiltersForTheNextF() throws {
    let workspace = try MatrixWorkspace()
    let outcome = try workspace.review("SampleBundles/local", "SampleBundles/remote.zip").run([
      .fullyLoaded, .perform { #expect($0.header.contains(" Lang ar ")) },
      .key(.char("F")), .waitFor("┌─ Findings "),
      .press(.char("l"), until: "· ja ─"), .press(.char("t"), until: "overlong · ja"),
      .key(.char("g")), .key(.enter), .waitFor(" Lang ja "),
      .perform { terminal in
        #expect(terminal.screen.contains("─ login.title ─"), "\(terminal.screen)")
        #expect(terminal.screen.contains("overlong"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("┌─ Findings "))
      },
      .key(.char("F")), .waitFor("┌─ Findings "),
      .perform { terminal in
        #expect(terminal.screen.contains("overlong · ja"), "the filters survive Enter and F:\n\(terminal.screen)")
        #expect(
          terminal.lines.contains { $0.contains("login.title") && $0.contains("overlong") },
          "the view opens on the finding of the key shown:\n\(terminal.screen)")
      },
      .key(.escape), .waitGone("┌─ Findings "), .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    #expect(outcome.state.language == "ja")
    #expect(outcome.state.selectedRow?.key == "login.title")
  }

  @Test func anExportWritesWhatTheViewListsIntoAFolderItOffersToMake() throws {
    let workspace = try MatrixWorkspace()
    let report = workspace.url("reports/qa.csv")
    let outcome = try workspace.review("SampleBundles/local").run([
      .fullyLoaded, .key(.char("F")), .waitFor("┌─ Findings "), .press(.char("t"), until: "overlong · "),
      .key(.char("X")), .waitFor("glossa-findings.json"), .key(.ctrl("u")), .type(report.path), .key(.enter),
      .waitFor("There is no folder"), .key(.char("y")), .waitFor("Exported "),
      .perform { #expect($0.screen.contains("┌─ Findings "), "back in the findings view:\n\($0.screen)") },
      .key(.char("F")), .waitGone("┌─ Findings "), .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    #expect(try String(contentsOf: report, encoding: .utf8).hasPrefix("csv\n"), "the format follows the extension")
    let rows = try ReviewRun.exportedRows(report)
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0["kind"] == "overlong" }, "\(rows)")
    #expect(rows.allSatisfy { !($0["width"] ?? "").isEmpty }, "length findings carry their width: \(rows)")
  }
}
