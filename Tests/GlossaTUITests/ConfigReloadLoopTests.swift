import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// `.glossa.yml` changed while the review runs: the review reads it again, says so, and checks
/// every value with its settings; a config it cannot read leaves the checks as they were.
@Suite("Review loop: the config file is watched", .timeLimit(.minutes(5)))
struct ConfigReloadLoopTests {
  /// `bundle/`: English with three keys, German lacking one (a `missing-key` error) and with
  /// one value over twice its source's width (an `overlong` warning).
  static func workspace() throws -> LoopWorkspace {
    try LoopWorkspace([
      "bundle/en.lproj/Localizable.strings":
        "/* Greeting. */\n\"hello\" = \"Hello\";\n/* Button. */\n\"ok\" = \"OK\";\n/* Title. */\n\"title\" = \"Title\";\n",
      "bundle/de.lproj/Localizable.strings":
        "/* Greeting. */\n\"hello\" = \"Hallo\";\n/* Button. */\n\"ok\" = \"Einverstanden und weiter zum nächsten Schritt\";\n",
    ])
  }

  @Test func aConfigWrittenWhileTheReviewRunsChangesTheChecksAndABrokenOneIsRefused() throws {
    let workspace = try Self.workspace()
    var review = workspace.review("bundle", language: "de")
    review.configInterval = 0.05
    let config = workspace.url("bundle/.glossa.yml")
    var before: FindingCounts?
    try review.run(
      [
        .waitUntil("the checks' counts") { $0.headerCounts != nil && !$0.header.contains("checking") },
        .perform { terminal in
          before = terminal.headerCounts
          #expect((before?.errors ?? 0) >= 1, "the missing key:\n\(terminal.screen)")
          #expect((before?.warnings ?? 0) >= 1, "the overlong value:\n\(terminal.screen)")
          // The file appears: missing keys are no longer checked.
          try Data("disabled: [missing-key]\n".utf8).write(to: config)
        },
        .waitFor(".glossa.yml changed: every value is checked again"),
        .waitUntil("the errors gone from the header") {
          $0.headerCounts?.errors == 0 && !$0.header.contains("checking")
        },
        .perform { terminal in
          #expect(
            terminal.headerCounts?.warnings == before?.warnings, "the overlong warning stays:\n\(terminal.screen)")
          // A config that cannot be read: said, and the checks stay.
          try Data("max-ratio: [\n".utf8).write(to: config)
        },
        .waitFor("cannot be used"),
        .perform { terminal in
          #expect(terminal.screen.contains("the checks stay as they were"), "\(terminal.screen)")
          #expect(terminal.headerCounts?.errors == 0, "\(terminal.screen)")
          // Gone again: the defaults come back, and with them the missing key.
          try FileManager.default.removeItem(at: config)
        },
        .waitUntil("the missing key back") {
          $0.headerCounts?.errors == before?.errors && !$0.header.contains("checking")
        },
        .key(.char("q")),
      ])
  }
}
