import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// The review loop itself, in-process: the first load as the loop does it (the languages not
/// shown read in the background), effects performed on threads and their events drained, frames
/// drawn into a cell grid. Each test plays keys against a bundle written to a temporary folder.
@Suite("Review loop in-process", .timeLimit(.minutes(10)))
struct ReviewLoopTests {
  static let english = "/* Title. max-length: 12 */\n\"welcome.title\" = \"Welcome\";\n\"button.ok\" = \"OK\";\n"
  static let translations = [
    "de": "\"welcome.title\" = \"Willkommen in unserer wunderbaren App\";\n\"button.ok\" = \"OK\";\n",
    "fr": "\"welcome.title\" = \"Bienvenue\";\n\"button.ok\" = \"OK\";\n",
    "ja": "\"welcome.title\" = \"ようこそ\";\n",
    "ar": "\"welcome.title\" = \"أهلاً\";\n\"button.ok\" = \"حسنًا\";\n",
  ]

  /// A bundle of five languages in a fresh folder, with a folder for journals.
  static func workspace() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-loop-\(UUID().uuidString)")
    for (language, text) in [("en", english)] + translations.sorted(by: { $0.key < $1.key }) {
      let folder = root.appendingPathComponent("bundle/\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("journals"), withIntermediateDirectories: true)
    return root
  }

  /// Opens the bundle as `glossa review` does and runs the loop with `terminal` until it quits.
  @discardableResult
  static func run(
    _ root: URL, showing: String?, _ terminal: ScriptTerminal, configure: (inout AppState) -> Void = { _ in }
  ) throws -> (Int32, AppState) {
    let bundle = root.appendingPathComponent("bundle").path
    let opened: OpenedBundles
    switch ReviewLoop.load(local: bundle, remote: nil, showing: showing, options: .init(), terminal: terminal) {
    case .loaded(let bundles): opened = bundles
    case .failed(let error): throw error
    case .cancelled(let status): throw Cancelled(status: status)
    }
    var state = AppState(
      local: opened.local, remote: opened.remote, checks: .real(Checker()), plurals: Fixtures.plurals,
      width: terminal.size.width, height: terminal.size.height)
    if let showing { state.focus(language: showing, table: nil) }
    configure(&state)
    state.paths = PathProbe { path in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
      return isDirectory.boolValue ? .directory : .file
    }
    let loop = ReviewLoop(
      state: state, terminal: terminal, journals: JournalStore(directory: root.appendingPathComponent("journals")),
      identities: [.local: JournalStore.identity(of: bundle)], loader: opened.loader,
      renderExport: { table, _ in "\(table.rows.count) rows\n" })
    let status = loop.run()
    if let problem = terminal.timedOut { Issue.record(Comment(rawValue: problem)) }
    return (status, loop.state)
  }

  @Test func anEditIsSavedByteForByteAndTheJournalIsRemoved() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let terminal = ScriptTerminal([
      .waitFor("welcome.title"), .waitGone("loading"), .waitGone("checking…"),
      .key(.char("e")), .key(.ctrl("u")), .type("Hallo"), .key(.enter),
      .waitFor("Edited welcome.title"), .key(.char("w")), .waitFor("Saved the local bundle"),
      .key(.char("q")),
    ])
    let (status, state) = try Self.run(root, showing: "de", terminal)
    #expect(status == 0)
    #expect(!state.isDirty)
    let saved = try String(
      contentsOf: root.appendingPathComponent("bundle/de.lproj/Localizable.strings"), encoding: .utf8)
    #expect(
      saved == Self.translations["de"]!.replacingOccurrences(of: "Willkommen in unserer wunderbaren App", with: "Hallo")
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("journals").path).isEmpty)
  }

  @Test func everyLanguageLoadsInTheBackgroundAndTheFindingsWalkCoversThem() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let terminal = ScriptTerminal([
      .waitFor("welcome.title"), .waitGone("loading"), .waitGone("checking…"),
      .key(.char("F")), .waitFor("Findings"), .key(.char("/")), .type("ja missing"), .key(.enter),
      .waitFor("missing-key · ja"), .key(.enter), .waitFor("Lang ja"), .key(.char("q")),
    ])
    let (status, state) = try Self.run(root, showing: "de", terminal)
    #expect(status == 0)
    #expect(Set(state.languages) == ["en", "de", "fr", "ja", "ar"])
    #expect(state.language == "ja")
    #expect(state.selectedRow?.key == "button.ok")
    #expect(!state.isLoading && state.results.hasAllFindings)
  }

  @Test func aRepackIntoANewFolderMakesItAndWritesTheZip() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let zip = root.appendingPathComponent("out/new/edited.zip")
    let terminal = ScriptTerminal([
      .waitFor("welcome.title"), .waitGone("loading"), .waitGone("checking…"),
      .key(.char("R")), .waitFor("Zip local to:"), .key(.ctrl("u")), .type(zip.path), .key(.enter),
      .waitFor("There is no folder"), .key(.char("y")),
      .waitFor("Wrote \(zip.path)"), .key(.char("q")),
    ])
    let (status, _) = try Self.run(root, showing: "fr", terminal)
    #expect(status == 0)
    #expect(FileManager.default.fileExists(atPath: zip.path))
  }

  @Test func aClickAndAnExportThroughTheLoop() throws {
    let root = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let export = root.appendingPathComponent("findings.json")
    let terminal = ScriptTerminal([
      .waitFor("welcome.title"), .waitGone("loading"), .waitGone("checking…"),
      .mouse(MouseEvent(.press, x: 8, y: 4)), .waitFor("─ button.ok "),
      .key(.char("F")), .waitFor("Findings"), .key(.char("X")), .key(.ctrl("u")), .type(export.path),
      .key(.enter), .waitFor("Exported 2 rows to"), .key(.escape), .key(.char("q")),
    ])
    let (status, _) = try Self.run(root, showing: "de", terminal)
    #expect(status == 0)
    let written = try String(contentsOf: export, encoding: .utf8)
    #expect(written.hasSuffix(" rows\n"))
  }
}

/// The scripted review was cancelled before it loaded (a test set-up failure).
private struct Cancelled: Error {
  var status: Int32
}
