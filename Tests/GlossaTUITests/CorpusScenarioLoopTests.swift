import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// Issue 33's scenarios through the review loop in-process, on copies of real files from
/// `../shared/corpus` (Mastodon's `.strings` and `.stringsdict`, IINA's `.strings`).
@Suite("Review loop: scenarios on real files", .corpus, .timeLimit(.minutes(10)))
struct CorpusScenarioLoopTests {
  static let mastodon = "mastodon-ios/MastodonSDK/Sources/MastodonLocalization/Resources"
  static let iina = "iina/iina"

  /// Copies `Localizable.*` of `languages` from `folder` of the corpus to `bundle/<lang>.lproj/`.
  static func copy(
    _ folder: String, _ languages: [String], files: [String] = ["Localizable.strings"], into workspace: LoopWorkspace,
    as bundle: String = "bundle"
  ) throws {
    for language in languages {
      for file in files {
        try workspace.copyCorpus(
          "\(folder)/\(language).lproj/\(file)", to: "\(bundle)/\(language).lproj/\(file)")
      }
    }
  }

  /// `data` without the lines that define `keys` (a `.strings` file).
  static func removing(_ keys: [String], from data: Data) -> Data {
    let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    return Data(lines.filter { line in !keys.contains { line.hasPrefix("\"\($0)\" = ") } }.joined(separator: "\n").utf8)
  }

  /// The key in the detail pane's title (`─ key ─…`), or nil.
  static func detailKey(_ terminal: ScriptTerminal) -> String? {
    for line in terminal.lines where line.hasPrefix("─ ") {
      if let match = line.firstMatch(of: /^─ (\S+) ─/) { return String(match.1) }
    }
    return nil
  }

  /// DuckDuckGo's shape on Mastodon's French table: a plural key with a `.strings` placeholder
  /// line as well as its `.stringsdict` family. The pane shows the family's format; the form
  /// French lacks (`many`) is written into the `.stringsdict`, and the `.strings` is untouched.
  @Test func aPluralFormOfAKeyInBothFilesIsWrittenToTheStringsdict() throws {
    let workspace = try LoopWorkspace()
    try Self.copy(
      Self.mastodon, ["en", "fr"], files: ["Localizable.strings", "Localizable.stringsdict"], into: workspace)
    for language in ["en", "fr"] {
      let path = "bundle/\(language).lproj/Localizable.strings"
      var data = try Data(contentsOf: workspace.url(path))
      data.append(Data("\n\"plural.count.media\" = \"plural.count.media\";\n".utf8))
      try workspace.write(path, data)
    }
    let before = try MatrixFiles.snapshot(workspace.url("bundle"))
    let outcome = try workspace.review("bundle", language: "fr").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("plural.count.media")
        + [
          .perform { terminal in
            #expect(terminal.detailValue("Local") == "%#@media_count@", "the family's format:\n\(terminal.screen)")
            #expect(
              !terminal.screen.contains("│ plural.count.media"), "the placeholder is no value:\n\(terminal.screen)")
          },
          // The editor opens on the first form French needs and lacks.
          .key(.char("e")), .waitFor("─ Editing plural.count.media (local)"),
          .perform { #expect($0.screen.contains("many"), "\($0.screen)") },
          .key(.ctrl("u")), .type("%ld médias"), .key(.enter), .waitGone("─ Editing plural.count.media"),
          .key(.char("w")), .waitFor("Saved the local bundle: wrote fr.lproj/Localizable.stringsdict"),
          .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    let after = try MatrixFiles.snapshot(workspace.url("bundle"))
    let dictionary = "fr.lproj/Localizable.stringsdict"
    #expect(Set(after.keys.filter { after[$0] != before[$0] }) == [dictionary], "only the .stringsdict changes")
    let written = String(decoding: after[dictionary] ?? Data(), as: UTF8.self)
    #expect(written.contains("<key>many</key>"))
    #expect(written.contains("<string>%ld médias</string>"))
  }

  /// Emoji typed into an IINA value: the grid holds what every terminal draws alike (a flag as
  /// its letters, a sequence as its first emoji), and the file gets the whole sequences.
  @Test func emojiAreEditedWholeAndDrawnAsTheTerminalDrawsThem() throws {
    let workspace = try LoopWorkspace()
    try Self.copy(Self.iina, ["en", "de"], into: workspace)
    let german = "bundle/de.lproj/Localizable.strings"
    let original = try Data(contentsOf: workspace.url(german))
    let typed = "👍🏽 👨‍👩‍👧 🇯🇵 fin"
    let outcome = try workspace.review("bundle", language: "de").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("general.login")
        + [
          .key(.char("e")), .waitFor("─ Editing general.login (local)"), .key(.ctrl("u")), .type(typed),
          .waitFor(typed),
          .perform { terminal in
            // What a terminal is handed: every column written, a flag as its letters, a tone or
            // family as its first emoji.
            let drawn = terminal.drawnLines
            #expect(!drawn.contains(nil), "a cell's glyphs miss its columns:\n\(terminal.screen)")
            #expect(drawn.contains { $0?.contains("│ 👍 👨 JP fin") == true }, "\(drawn.compactMap { $0 })")
          },
          // Backspace takes whole clusters: "fin", the space, then the flag.
          .key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace),
          .waitGone(typed), .waitFor("│ 👍🏽 👨‍👩‍👧\n"), .type("🇯🇵 fin"), .waitFor(typed),
          .key(.enter), .waitFor("Edited general.login"), .key(.char("w")), .waitFor("Saved the local bundle"),
          .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    let old = #""general.login" = "Anmelden";"#
    let new = "\"general.login\" = \"\(typed)\";"
    #expect(
      MatrixFiles.lineChanges(original, try Data(contentsOf: workspace.url(german)))
        == [.init(line: 12, old: [old], new: [new])])
  }

  /// A key only the remote bundle has: the source row shows the remote's English, marked as the
  /// remote's, and the width ruler never divides by a missing source.
  @Test func aRemoteOnlyKeyShowsTheRemotesSource() throws {
    let workspace = try LoopWorkspace()
    try Self.copy(Self.iina, ["en", "de"], into: workspace, as: "remote")
    try Self.copy(Self.iina, ["en", "de"], into: workspace, as: "local")
    for language in ["en", "de"] {
      let path = "local/\(language).lproj/Localizable.strings"
      try workspace.write(path, Self.removing(["general.password"], from: try Data(contentsOf: workspace.url(path))))
    }
    let outcome = try workspace.review("local", "remote", language: "de").run(
      [.fullyLoaded] + ScriptTerminal.Step.select("general.password")
        + [
          .perform { terminal in
            let source = terminal.detailValue("Source") ?? ""
            #expect(source.contains("Password") && source.contains("‹remote en›"), "\(terminal.screen)")
            #expect(terminal.detailValue("Remote") == "Passwort")
            #expect(!terminal.screen.contains("/0 cols"), "\(terminal.screen)")
          },
          .key(.char("q")),
        ])
    #expect(outcome.status == 0)
  }

  /// Fix and go on down IINA's missing German keys: the fix takes the row out of the list, the
  /// selection is on the next one, and `]` stops there first.
  @Test func aFixInTheMissingListLeavesTheNextFindingForTheNextBracket() throws {
    let workspace = try LoopWorkspace()
    try Self.copy(Self.iina, ["en", "de"], into: workspace)
    let german = "bundle/de.lproj/Localizable.strings"
    try workspace.write(
      german,
      Self.removing(
        ["general.login", "general.logout", "general.ok"], from: try Data(contentsOf: workspace.url(german))))
    var first: String?
    var next: String?
    let outcome = try workspace.review("bundle", language: "de").run([
      .fullyLoaded, .key(.char("m")), .waitFor("Filter missing"), .key(.char("g")),
      .perform { first = Self.detailKey($0) },
      .then { _ in
        let key = try #require(first)
        return ScriptTerminal.Step.replaceValue(key, with: "Behoben", message: "Added")
      },
      .perform { terminal in
        next = Self.detailKey(terminal)
        #expect(next != nil && next != first, "the selection moved on to the next missing key:\n\(terminal.screen)")
      },
      .key(.char("]")), .waitFor("missing-key"),
      .perform { #expect(Self.detailKey($0) == next, "] stops at the row the fix moved to first:\n\($0.screen)") },
      .key(.char("u")), .waitGone("● unsaved"), .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    #expect(first != nil)
  }

  /// The header's counts are lint's on a real bundle, and the repacked zip's check states lint's
  /// counts of that zip.
  @Test func theHeaderAndTheRepackCheckCountAsLint() throws {
    let workspace = try LoopWorkspace()
    try Self.copy(Self.iina, ["en", "de", "fr", "ja", "ar"], into: workspace)
    let review = workspace.review("bundle", language: "fr")
    let expected = try review.lintCounts()
    let zip = workspace.out.appendingPathComponent("iina.zip")
    var repackCounts: FindingCounts?
    let outcome = try review.run([
      .fullyLoaded, .perform { #expect($0.headerCounts == expected, "lint says \(expected):\n\($0.screen)") },
      .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(zip.path), .key(.enter),
      .waitFor("Checked the zip as glossa lint does"),
      .perform { terminal in
        let match = terminal.screen.firstMatch(of: /(\d+) errors, (\d+) warnings, (\d+) info/)
        repackCounts = match.map { FindingCounts(errors: Int($0.1)!, warnings: Int($0.2)!, info: Int($0.3)!) }
      },
      .key(.char("q")),
    ])
    #expect(outcome.status == 0)
    let written = try ReviewRun(local: zip.path, journals: workspace.journals).lintCounts()
    #expect(repackCounts == written, "the repack's check says \(String(describing: repackCounts)); lint \(written)")
  }
}
