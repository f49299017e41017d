import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// The review with the checks `glossa review` uses: `missing-comment` shown, `glossa-ignore:`
/// honoured in the full run and in the one-key re-check after an edit.
@Suite(.timeLimit(.minutes(10))) struct CommentFindingsTests {
  static let english = """
    /* The app's name. glossa-ignore: untranslated */
    "brand.name" = "Trail Mate Hiking";
    "share.title" = "Share your hike";
    /* Shown on the map when there are no trails. */
    "map.empty" = "No trails around here";
    """
  static let german = """
    "brand.name" = "Trail Mate Hiking";
    "share.title" = "Share your hike";
    "map.empty" = "Keine Wege in der Nähe";
    """

  static func state() throws -> (AppState, URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-comments-\(UUID().uuidString)")
    for (language, text) in [("en", english), ("de", german)] {
      let folder = root.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    let checks = ReviewChecks.real(Checker(options: CheckOptions(enabled: [.missingComment])))
    var state = AppState(
      local: try LocalizationBundle.load(root.path), checks: checks, plurals: Fixtures.plurals, width: 100,
      height: 30)
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(.checksFinished(checks.all(state.local, nil), remote: [], generation: generation))
    }
    return (state, root)
  }

  @Test func suppressedKindsStayHiddenAndMissingCommentsAreMarked() throws {
    let (state, root) = try Self.state()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(state.language == "de")
    let kinds = { (state: AppState) in
      Dictionary(uniqueKeysWithValues: state.browse.rows.map { ($0.key, $0.findings.map(\.kind)) })
    }
    #expect(kinds(state)["brand.name"] == [])
    #expect(kinds(state)["share.title"] == [.untranslated])
    // The source language's rows carry missing-comment, marked C in the key list.
    let all = state.checks.all(state.local, nil)
    #expect(all.filter { $0.kind == .missingComment }.map(\.key) == ["share.title"])
    #expect(FindingKind.missingComment.marker == "C")
    // The one-key re-check after an edit keeps the suppression.
    var cache = KeyCheckCache()
    let again = state.checks.key(state.local, nil, "de", "Localizable", "brand.name", &cache)
    #expect(again.isEmpty)
  }
}
