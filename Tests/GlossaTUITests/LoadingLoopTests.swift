import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// A zipped bundle large enough to load in the background, through the review loop in-process:
/// the first screen takes keys while the rest loads, edits made then survive the load, and
/// saving waits for it.
@Suite("Review loop: keys while the rest loads", .timeLimit(.minutes(10)))
struct LoadingLoopTests {
  static let languages = ["en", "de", "fr", "ja", "ru", "pl", "es", "it", "nl", "sv", "pt", "ko"]
  static let keys = 2000

  /// `bundle.zip`: 12 languages × 2,000 keys with an `Info.plist`.
  static func workspace() throws -> LoopWorkspace {
    var files: [String: String] = [:]
    for language in languages {
      var text = ""
      text.reserveCapacity(keys * 48)
      for index in 0..<keys {
        let key = String(format: "key.%05d", index)
        text += "/* Comment \(index). */\n\"\(key)\" = \"\(language) value \(index)\";\n\n"
      }
      files["bundle/Resources/\(language).lproj/Localizable.strings"] = text
    }
    files["bundle/Resources/Info.plist"] = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>CFBundleVersion</key><string>3</string>
      </dict></plist>

      """
    let workspace = try LoopWorkspace(files)
    _ = try BundleArchive.pack(directory: workspace.url("bundle"), to: workspace.url("bundle.zip"))
    return workspace
  }

  @Test func keysWorkWhileTheRestLoadsAndSavingWaitsForIt() throws {
    let workspace = try Self.workspace()
    var review = workspace.review("bundle.zip")
    // Each batch of two languages waits 700 ms: the 10 pending languages take at least 3.5 s.
    review.loadPause = 0.7
    let outcome = try review.run(
      [
        .waitFor("key.00000"),
        .perform { terminal in
          #expect(terminal.header.contains("Lang de 2/12"), "the first translation shows first:\n\(terminal.screen)")
          #expect(terminal.header.contains("loading "), "progress while the rest loads:\n\(terminal.screen)")
          #expect(!terminal.header.contains("✖"), "no finding counts before the checks ran:\n\(terminal.screen)")
        },
        // Move, search and edit while loading.
        .key(.char("j")), .key(.char("j")), .waitFor("─ key.00002 "),
      ] + ScriptTerminal.Step.select("key.01500") + ScriptTerminal.Step.replaceValue("key.01500", with: "Geändert")
        + [
          .key(.char("w")), .waitFor("Cannot save yet: still loading"),
          .perform { #expect($0.header.contains("loading "), "all of that happened while loading:\n\($0.screen)") },
          // A language that is not read yet says so, and is read next.
          .key(.char("h")), .key(.char("h")), .waitFor("Lang sv 12/12"), .waitFor("sv value 0"),
          // Once everything is loaded and checked, the edit is still there and saves.
          .fullyLoaded, .waitFor("● unsaved"), .key(.char("w")), .waitFor("Saved the local bundle"), .key(.char("q")),
        ])
    #expect(outcome.status == 0)
    let saved = try LocalizationBundle.load(workspace.path("bundle.zip"))
    #expect(saved.value(at: ValueAddress(language: "de", table: "Localizable", key: "key.01500")) == "Geändert")
    #expect(saved.value(at: ValueAddress(language: "de", table: "Localizable", key: "key.01499")) == "de value 1499")
    #expect(saved.languages.count == 12)
  }
}
