import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// The reviewer's round 2 end to end: the built `glossa review` on a copy of `SampleBundles/`
/// under tmux — file problems reachable with their line, remote drafts checked, a duplicate key
/// deleted losslessly, the findings view jumping across languages, and terminals as they are.
@Suite(
  "glossa review round 2 under tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ReviewRound2TmuxTests {
  static let width = 120
  static let height = 36
  static let polishStrings = "SampleBundles/local/Resources/pl.lproj/Localizable.strings"

  @Test func theArabicParseErrorIsReachableWithItsLineFromTheFindingsView() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local"], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    tmux.keys("F")
    try tmux.wait(for: "┌─ Findings ")
    // Filter by language until ar, then by kind until parse-error.
    for _ in 0..<12 where !tmux.screen().contains("· ar ─") { tmux.keys("l"); Thread.sleep(forTimeInterval: 0.1) }
    try tmux.wait(for: "· ar ─")
    for _ in 0..<20 where !tmux.screen().contains("parse-error · ar") {
      tmux.keys("t"); Thread.sleep(forTimeInterval: 0.1)
    }
    try tmux.wait(for: "parse-error · ar")
    #expect(tmux.screen().contains("Localizable.strings:23"), "\(tmux.screen())")
    tmux.keys("Enter")
    try tmux.wait(for: " Lang ar ")
    let screen = tmux.screen()
    #expect(screen.contains("parse-error · ar.lproj/Localizable.strings:23"), "\(screen)")
    #expect(screen.contains("✖ file parse-error ar.lproj/Localizable.strings:23"), "\(screen)")
    try tmux.quit()
  }

  @Test func theFindingsViewExportsWhatItListsToAFolderItOffersToMake() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local"], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    tmux.keys("F")
    try tmux.wait(for: "┌─ Findings ")
    for _ in 0..<20 where !tmux.screen().contains("overlong · ") {
      tmux.keys("t"); Thread.sleep(forTimeInterval: 0.1)
    }
    try tmux.wait(for: "overlong · ")
    tmux.keys("X")
    try tmux.wait(for: "glossa-findings.json")
    tmux.keys("C-u")
    tmux.type("reports/qa.csv")
    tmux.keys("Enter")
    try tmux.wait(for: "There is no folder reports. Create it and write reports/qa.csv?")
    tmux.keys("y")
    try tmux.wait(for: " rows to reports/qa.csv")
    #expect(tmux.screen().contains("┌─ Findings "), "back in the findings view: \(tmux.screen())")
    let csv = try String(contentsOf: workspace.root.appendingPathComponent("reports/qa.csv"), encoding: .utf8)
    let lines = csv.split(separator: "\r\n")
    #expect(lines.first?.hasPrefix("\"kind\",\"severity\",") == true)
    #expect(lines.count > 1)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("\"overlong\",") }, "\(csv)")
    tmux.keys("F")  // closes the findings view
    try tmux.wait(for: " Lang ")
    try tmux.quit()
  }

  @Test func aRemoteDraftOverTheLimitIsFlaggedAsItIsTyped() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "SampleBundles/remote.zip"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.pickLanguage("ja")
    try tmux.select(key: "login.title")
    tmux.keys("E")
    try tmux.wait(for: "─ Editing login.title (remote)")
    tmux.keys("C-u")
    tmux.type("アカウントにサインインしてください")  // 34 columns, the limit is 20
    try tmux.wait(for: "overlong remote", timeout: 30)
    #expect(tmux.screen().contains("over the limit of 20"), "\(tmux.screen())")
    tmux.keys("Escape")
    try tmux.wait(for: "Edit cancelled")
    try tmux.quit()
    #expect(try workspace.snapshot() == workspace.original)
  }

  @Test func deletingADuplicateKeyAndSavingRemovesExactlyThatEntrysLines() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local"], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.pickLanguage("pl")
    try tmux.select(key: "toolbar.save")
    #expect(tmux.screen().contains("duplicate-key"), "\(tmux.screen())")
    tmux.keys("x")
    try tmux.wait(for: "Deleted toolbar.save (local)")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()
    let original = try #require(workspace.original[Self.polishStrings])
    let after = try workspace.snapshot()
    #expect(
      MatrixFiles.lineChanges(original, after[Self.polishStrings] ?? Data())
        == [
          .init(
            line: 59, old: ["/* Saved again by a second translator */", #""toolbar.save" = "Zachowaj";"#], new: [])
        ])
    var expected = workspace.original
    expected[Self.polishStrings] = after[Self.polishStrings]
    MatrixFiles.expectFiles(after, equal: expected, "workspace after deleting the duplicate")
  }

  @Test func theFindingsViewJumpsToAKeyInAnotherLanguage() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "SampleBundles/remote.zip"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    #expect(tmux.headerLine().contains(" Lang ar "))
    tmux.keys("F")
    try tmux.wait(for: "┌─ Findings ")
    for _ in 0..<12 where !tmux.screen().contains("· ja ─") { tmux.keys("l"); Thread.sleep(forTimeInterval: 0.1) }
    try tmux.wait(for: "· ja ─")
    for _ in 0..<20 where !tmux.screen().contains("overlong · ja") {
      tmux.keys("t"); Thread.sleep(forTimeInterval: 0.1)
    }
    try tmux.wait(for: "overlong · ja")
    tmux.keys("g", "Enter")
    try tmux.wait(for: " Lang ja ")
    #expect(tmux.screen().contains("─ login.title ─"), "\(tmux.screen())")
    #expect(tmux.screen().contains("overlong"), "\(tmux.screen())")
    try tmux.quit()
  }

  @Test func aDumbTerminalIsRefusedWithOneLine() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local"], environment: ["TERM": "dumb"],
      width: 200)
    defer { tmux.close() }
    try tmux.wait(for: "EXIT=2")
    #expect(tmux.screen().contains("glossa review needs a terminal that can move the cursor, and TERM is dumb"))
  }

  @Test func aCLocaleStillShowsTheJapaneseValues() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--lang", "ja"],
      environment: ["LANG": "C", "LC_ALL": "C"], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "hike.start")
    #expect(tmux.detailValue("Local") == "開始", "\(tmux.screen())")
    #expect(tmux.screen().contains("開始"))
    try tmux.quit()
  }

  @Test func aFolderAnswerGetsAFileNameAndAnExistingZipIsNotOverwrittenWithoutAsking() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--lang", "de"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    tmux.keys("R")
    try tmux.wait(for: "Zip local to:")
    tmux.keys("C-u")
    tmux.type(workspace.out.path)
    tmux.keys("Enter")
    try tmux.wait(for: "is a folder: the zip goes inside it")
    let output = workspace.out.appendingPathComponent("local.zip")
    #expect(tmux.screen().contains(output.path), "\(tmux.screen())")
    tmux.keys("Enter")
    try tmux.wait(for: "Raise CFBundleVersion from 11 to 12?")
    tmux.keys("n")
    try tmux.wait(for: "Checked the zip", timeout: 60)
    let written = try Data(contentsOf: output)
    // The same path again: asked first, and "n" leaves the zip as it is.
    tmux.keys("R")
    try tmux.wait(for: "Zip local to:")
    tmux.keys("C-u")
    tmux.type(output.path)
    tmux.keys("Enter")
    try tmux.wait(for: "exists. Write over it?")
    tmux.keys("n")
    try tmux.wait(for: "Repack cancelled")
    #expect(try Data(contentsOf: output) == written)
    try tmux.quit()
  }
}
