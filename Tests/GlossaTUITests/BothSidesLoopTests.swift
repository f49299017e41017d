import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// Local and remote side by side, through the review loop in-process on a copy of
/// `SampleBundles/`: marked rows take the remote's values in one step, `R` asks which bundle
/// when both are edited, and a save of both sides names every file it wrote on each.
@Suite("Review loop: both sides", .timeLimit(.minutes(10)))
struct BothSidesLoopTests {
  static let germanTable = "Resources/de.lproj/Localizable.strings"

  /// `c` lists the keys local and remote disagree on, `A` marks them all, `<` takes every
  /// remote value into local; the save writes the German file only, and each marked key then
  /// reads as the remote has it.
  @Test func markedChangedRowsTakeTheRemoteValuesAtOnce() throws {
    let workspace = try MatrixWorkspace()
    let local = try LocalizationBundle.load(workspace.url("SampleBundles/local").path)
    let remote = try LocalizationBundle.load(workspace.url("SampleBundles/remote").path)
    let changed = try #require(local.table(language: "de", name: "Localizable")).document.entries.filter {
      $0.plural == nil
    }.map(\.key).filter { key in
      let address = ValueAddress(language: "de", table: "Localizable", key: key)
      guard let mine = local.value(at: address), let theirs = remote.value(at: address) else { return false }
      return mine != theirs
    }
    #expect(!changed.isEmpty, "the sample's de differs between local and remote")
    let outcome = try workspace.review("SampleBundles/local", "SampleBundles/remote", language: "de").run([
      .fullyLoaded, .key(.char("c")), .waitFor("Filter changed"), .key(.char("A")), .key(.char("<")),
      .waitFor("● unsaved"), .key(.char("w")), .waitGone("● unsaved"), .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    let after = try workspace.snapshot()
    let path = "SampleBundles/local/" + Self.germanTable
    #expect(
      Set(after.keys.filter { after[$0] != workspace.original[$0] }) == [path], "only the local German file changes")
    let saved = try LocalizationBundle.load(workspace.url("SampleBundles/local").path)
    for key in changed {
      let address = ValueAddress(language: "de", table: "Localizable", key: key)
      #expect(saved.value(at: address) == remote.value(at: address), "\(key)")
    }
    #expect(workspace.journals().isEmpty)
  }

  /// Both sides edited: `R` asks which bundle to zip (nothing has the focus to tell), and the
  /// answer chooses; a save of both names the files of each, the zip's entry as the zip's.
  @Test func repackAsksWhichSideAndASaveOfBothNamesEveryFile() throws {
    let workspace = try MatrixWorkspace(copies: ["remote.zip": "remote.zip"])
    let flat: (ScriptTerminal) -> String = { terminal in
      terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    let outcome = try workspace.review("SampleBundles/local", "remote.zip", language: "de").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("tab.map")
        + ScriptTerminal.Step.replaceValue("tab.map", with: "Landkarte")
        + ScriptTerminal.Step.replaceValue("tab.map", with: "Weltkarte", remote: true)
        + [
          .key(.char("R")), .waitFor("Repack which bundle as a zip?"), .key(.char("R")), .waitFor("Zip remote to:"),
          .key(.escape), .waitFor("Repack cancelled"),
          .key(.char("w")),
          .waitUntil("both sides saved") {
            flat($0).contains("Saved the local bundle: wrote \(Self.germanTable)")
              && flat($0).contains("saved the remote bundle: wrote \(Self.germanTable) in remote.zip")
          },
          .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    let after = try workspace.snapshot()
    let localPath = "SampleBundles/local/" + Self.germanTable
    #expect(
      Set(after.keys.filter { after[$0] != workspace.original[$0] }) == [localPath, "remote.zip"],
      "the local German file and the zip change")
    #expect(
      after[localPath]
        == (try MatrixFiles.replacingLines(
          [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: try #require(workspace.original[localPath]))))
    let zip = try LocalizationBundle.load(workspace.url("remote.zip").path)
    #expect(zip.value(at: ValueAddress(language: "de", table: "Localizable", key: "tab.map")) == "Weltkarte")
    #expect(workspace.journals().isEmpty)
  }
}
