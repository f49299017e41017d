import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// A remote bundle given as a URL (served on 127.0.0.1), through the review loop in-process:
/// the header counts what lint counts, a save leaves every language's values in place, the
/// download's edits are written as a zip (never into the cache), and quitting with "save" does
/// not leave them behind.
@Suite("Review loop: a URL remote", .timeLimit(.minutes(10)))
struct URLRemoteLoopTests {
  typealias Route = LoopbackHTTPServer.Route

  /// Serves a copy of the workspace's `remote.zip` at `/remote.zip`.
  static func serve(_ workspace: MatrixWorkspace) throws -> (LoopbackHTTPServer, Data) {
    let zip = try Data(contentsOf: workspace.samples.appendingPathComponent("remote.zip"))
    let server = try LoopbackHTTPServer(
      routes: ["/remote.zip": Route(body: zip, headers: ["Content-Type": "application/zip"])])
    return (server, zip)
  }

  /// The downloaded copies under the workspace's cache.
  static func cached(_ workspace: MatrixWorkspace) throws -> [String: Data] {
    guard FileManager.default.fileExists(atPath: workspace.cache.path) else { return [:] }
    return try MatrixFiles.snapshot(workspace.cache)
  }

  @Test func theHeaderCountsAsLintAndEveryLanguageKeepsItsValuesAfterASave() throws {
    let workspace = try MatrixWorkspace()
    let (server, served) = try Self.serve(workspace)
    defer { server.stop() }
    let review = workspace.review("SampleBundles/local", server.url("/remote.zip").absoluteString)
    var lint = review
    lint.cache = workspace.lintCache
    let expectedCounts = try lint.lintCounts()
    let requestsBefore = server.requests().count
    let local = try LocalizationBundle.load(workspace.url("SampleBundles/local").path)
    let remote = try LocalizationBundle.load(workspace.url("SampleBundles/remote.zip").path)

    var steps: [ScriptTerminal.Step] = [
      .fullyLoaded,
      .perform { terminal in
        #expect(terminal.headerCounts == expectedCounts, "lint says \(expectedCounts):\n\(terminal.screen)")
      },
    ]
    steps += ScriptTerminal.Step.pickLanguage("fr") + ScriptTerminal.Step.select("login.title")
    steps.append(.perform { #expect($0.detailValue("Local") == "Connexion") })
    steps += ScriptTerminal.Step.replaceValue("login.title", with: "Se connecter")
    steps += [.key(.char("w")), .waitFor("Saved the local bundle: wrote ")]
    // After the save every language still shows its own local and remote values.
    for language in ["ar", "de", "es", "ja", "pl", "ru", "fr"] {
      let address = ValueAddress(language: language, table: "Localizable", key: "tab.map")
      let expectedLocal = try #require(local.value(at: address))
      let expectedRemote = try #require(remote.value(at: address))
      steps += ScriptTerminal.Step.pickLanguage(language) + ScriptTerminal.Step.select("tab.map")
      steps.append(
        .perform { terminal in
          #expect(terminal.detailValue("Local") == expectedLocal, "\(language) local value:\n\(terminal.screen)")
          #expect(terminal.detailValue("Remote") == expectedRemote, "\(language) remote value:\n\(terminal.screen)")
          #expect(
            terminal.lines.contains { $0.contains("tab.map") && $0.contains(expectedLocal) && !$0.contains("—") },
            "\(language) key list row of tab.map:\n\(terminal.screen)")
        })
    }
    steps += ScriptTerminal.Step.select("login.title")
    steps += [.perform { #expect($0.detailValue("Local") == "Se connecter") }, .key(.char("q"))]
    let outcome = try review.run(steps)
    #expect(outcome.status == 0)
    #expect(server.requests().count > requestsBefore, "the review downloads the URL itself")
    #expect(
      try Self.cached(workspace).filter { $0.key.hasSuffix("/body.zip") }.map(\.value) == [served],
      "one cached copy, as served")
  }

  /// `E` on a downloaded remote: `w` offers to write a zip instead of the cache; `R` on the
  /// remote value writes a zip that holds the edit and otherwise equals `remote.zip` entry for
  /// entry; a second repack raising the version changes `Info.plist` in that line only.
  @Test func aRemoteEditOnAURLIsWrittenAsAZipNotIntoTheCache() throws {
    let workspace = try MatrixWorkspace()
    let (server, served) = try Self.serve(workspace)
    defer { server.stop() }
    let plain = workspace.out.appendingPathComponent("remote-edited.zip")
    let bumped = workspace.out.appendingPathComponent("remote-13.zip")
    var cached: [String: Data] = [:]
    let outcome = try workspace.review("SampleBundles/local", server.url("/remote.zip").absoluteString).run(
      [.fullyLoaded] + ScriptTerminal.Step.pickLanguage("ja") + ScriptTerminal.Step.select("login.title")
        + [.perform { #expect($0.detailValue("Remote") == "アカウントにサインインする") }]
        + ScriptTerminal.Step.replaceValue("login.title", with: "ログイン", remote: true)
        + [
          .perform { terminal in
            #expect(terminal.detailValue("Remote") == "ログイン")
            cached = try Self.cached(workspace)
            #expect(cached.filter { $0.key.hasSuffix("/body.zip") }.map(\.value) == [served])
          },
          .key(.char("w")), .waitFor("The remote bundle is a download: write its edits as a zip to:"),
          .key(.escape), .waitFor("Repack cancelled"),
          .perform { _ in
            #expect(try Self.cached(workspace) == cached, "w does not write the cached download")
            MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace after w")
          },
          // R on the remote value in the detail pane: no version bump.
          .key(.tab), .key(.char("j")), .key(.char("R")), .waitFor("Zip remote to:"), .key(.ctrl("u")),
          .type(plain.path), .key(.enter), .waitFor("Raise CFBundleVersion from 12 to 13?"), .key(.char("n")),
          .waitFor("Wrote \(plain.path)"), .waitFor("Checked the zip"),
          // Again, raising the version.
          .key(.char("R")), .waitFor("Zip remote to:"), .key(.ctrl("u")), .type(bumped.path), .key(.enter),
          .waitFor("Raise CFBundleVersion from 12 to 13?"), .key(.char("y")), .waitFor("Wrote \(bumped.path)"),
          // The edit is saved in the zips: quitting asks nothing.
          .key(.char("q")),
        ])
    #expect(outcome.status == 0)

    let before = try MatrixFiles.unzip(workspace.samples.appendingPathComponent("remote.zip"))
    let entry = "Resources/ja.lproj/Localizable.strings"
    let original = try #require(before.files[entry])
    #expect(MatrixFiles.EncodedText(original)?.encoding == .utf16LittleEndian, "ja is UTF-16LE")
    let oldLine = #""login.title" = "アカウントにサインインする";"#
    let newLine = #""login.title" = "ログイン";"#
    var expected = before.files
    expected[entry] = try MatrixFiles.replacingLines([(oldLine, newLine)], in: original)

    let repacked = try MatrixFiles.unzip(plain)
    #expect(repacked.names == before.names, "the same entries in the same order")
    #expect(
      MatrixFiles.lineChanges(original, repacked.files[entry] ?? Data())
        == [.init(line: 7, old: [oldLine], new: [newLine])])
    MatrixFiles.expectFiles(repacked.files, equal: expected, "entries of \(plain.lastPathComponent)")

    let repacked13 = try MatrixFiles.unzip(bumped)
    #expect(repacked13.names == before.names)
    let plist = "Resources/Info.plist"
    expected[plist] = try MatrixFiles.replacingLines(
      [("\t<string>12</string>", "\t<string>13</string>")], in: try #require(before.files[plist]))
    MatrixFiles.expectFiles(repacked13.files, equal: expected, "entries of \(bumped.lastPathComponent)")

    // Neither the cache nor the workspace changed; writing the zip removed the journal.
    #expect(try Self.cached(workspace) == cached, "repacking does not write the cached download")
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace after repacking")
    #expect(workspace.journals().isEmpty)
  }

  /// Local and downloaded-remote edits, then `q`: the question offers what can be done; `w`
  /// saves the local edit, asks where the zip goes, writes it, and only then quits.
  @Test func quitWithSaveDoesNotLeaveADownloadEditBehind() throws {
    let workspace = try MatrixWorkspace()
    let (server, _) = try Self.serve(workspace)
    defer { server.stop() }
    let french = "SampleBundles/local/Resources/fr.lproj/Localizable.strings"
    let zip = workspace.out.appendingPathComponent("remote-on-quit.zip")
    var cached: [String: Data] = [:]
    let outcome = try workspace.review(
      "SampleBundles/local", server.url("/remote.zip").absoluteString, language: "fr"
    ).run(
      [.fullyLoaded] + ScriptTerminal.Step.select("login.title")
        + ScriptTerminal.Step.replaceValue("login.title", with: "Se connecter")
        + ScriptTerminal.Step.replaceValue("login.title", with: "Connexion !", remote: true)
        + [
          .perform { _ in cached = try Self.cached(workspace) },
          .key(.char("q")),
          .waitFor("2 unsaved edits. Save the local bundle and write the download's edits as a zip before quitting?"),
          .key(.char("w")), .waitFor("The remote bundle is a download: write its edits as a zip to:"),
          // The local save reaches the disk meanwhile; the loop is still running.
          .waitUntil("the local save on disk") { _ in
            (try? Data(contentsOf: workspace.url(french))) != workspace.original[french]
          },
          .perform { _ in
            let original = try #require(workspace.original[french])
            #expect(
              MatrixFiles.lineChanges(original, try Data(contentsOf: workspace.url(french)))
                == [
                  .init(line: 7, old: [#""login.title" = "Connexion";"#], new: [#""login.title" = "Se connecter";"#])
                ])
          },
          .key(.ctrl("u")), .type(zip.path), .key(.enter), .waitFor("Raise CFBundleVersion from 12 to 13?"),
          .key(.char("n")),
        ])
    #expect(outcome.status == 0)
    let written = try MatrixFiles.unzip(zip)
    let entry = try #require(written.files["Resources/fr.lproj/Localizable.strings"])
    #expect(String(decoding: entry, as: UTF8.self).contains(#""login.title" = "Connexion !";"#))
    #expect(workspace.journals().isEmpty, "journals left: \(workspace.journals())")
    #expect(try Self.cached(workspace) == cached, "the cached download is never written")
  }
}
