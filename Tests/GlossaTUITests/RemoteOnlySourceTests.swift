import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// A key only the remote bundle has: the detail pane shows the remote's development-language
/// value as the source, marked as the remote's, and no width ruler divides by a missing source.
@Suite("Review: a key only the remote has", .timeLimit(.minutes(10)))
struct RemoteOnlySourceTests {
  static func write(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  @Test func theSourceRowShowsTheRemotesDevelopmentValue() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-remote-only-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try Self.write(
      [
        "local/en.lproj/Localizable.strings": "\"a\" = \"Open\";\n",
        "local/ar.lproj/Localizable.strings": "\"a\" = \"فتح\";\n",
        "remote/en.lproj/Localizable.strings": "\"a\" = \"Open\";\n\"share\" = \"Share 👍🏽\";\n",
        "remote/ar.lproj/Localizable.strings":
          "\"a\" = \"فتح\";\n\"share\" = \"شارك هذه الرحلة مع جميع أصدقائك وعائلتك الآن من فضلك\";\n",
      ], under: root)
    var state = AppState(
      local: try LocalizationBundle.load(root.appendingPathComponent("local").path),
      remote: try LocalizationBundle.load(root.appendingPathComponent("remote").path), checks: .real(Checker()),
      plurals: Fixtures.plurals, width: 110, height: 30)
    let checks = ReviewChecks.real(Checker())
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(
        .checksFinished(
          checks.all(state.local, state.remote), remote: state.remote.map { checks.remoteAll($0) } ?? [],
          generation: generation))
    }
    state.focus(language: "ar", table: "Localizable")
    let row = try #require(state.browse.visible.map { state.browse.rows[$0] }.firstIndex { $0.key == "share" })
    state.press(.char("g"))
    for _ in 0..<row { state.press(.char("j")) }
    #expect(state.selectedRow?.key == "share")
    #expect(state.selectedRow?.source == nil)
    #expect(state.sourceText(of: try #require(state.selectedRow))?.fromRemote == true)
    let screen = state.render().text
    #expect(screen.contains("Source    │ Share 👍🏽  ‹remote en›"), "\(screen)")
    #expect(!screen.contains("/0 cols"))
  }
}
