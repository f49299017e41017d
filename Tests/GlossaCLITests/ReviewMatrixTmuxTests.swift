import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// The review's save paths end to end, one case per kind of local and remote bundle: the real
/// binary under tmux on a private copy of `SampleBundles/`, then every file of the copy compared
/// byte for byte (zips entry by entry) with what it was, so that a save that writes more than
/// the edited value (as the one that wiped 55 of 56 lines of `fr.lproj/Localizable.strings`
/// did) cannot come back unnoticed.
@Suite(
  "glossa review matrix under tmux", .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed"),
  .enabled(if: MatrixFiles.canUnzip, "/usr/bin/unzip is not installed"))
struct ReviewMatrixTmuxTests {
  typealias Route = LoopbackHTTPServer.Route

  static let width = 120
  static let height = 36

  static let frenchStrings = "SampleBundles/local/Resources/fr.lproj/Localizable.strings"

  func requireBinary() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
  }

  /// Serves a copy of the workspace's `remote.zip` at `/remote.zip`.
  func serveRemoteZip(_ workspace: MatrixWorkspace) throws -> (LoopbackHTTPServer, Data) {
    let zip = try Data(contentsOf: workspace.samples.appendingPathComponent("remote.zip"))
    let server = try LoopbackHTTPServer(
      routes: ["/remote.zip": Route(body: zip, headers: ["Content-Type": "application/zip"])])
    return (server, zip)
  }

  /// The downloaded copies under the workspace's private `XDG_CACHE_HOME` (`glossa/<entry>/…`).
  func cachedFiles(_ workspace: MatrixWorkspace) throws -> [String: Data] {
    let folder = workspace.cache.appendingPathComponent("glossa")
    guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
    return try MatrixFiles.snapshot(folder)
  }

  // MARK: 1. Local directory × remote URL

  /// Local directory against a URL: the header counts equal lint's, an edit of `fr`
  /// `login.title` chosen with `L` changes exactly that line, and every language still shows
  /// its local and remote values.
  @Test func localDirectoryAgainstURLEditsOneFrenchLine() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (server, served) = try serveRemoteZip(workspace)
    defer { server.stop() }
    let url = server.url("/remote.zip").absoluteString

    // The header counts as lint does (missing-comment, shown on the rows, counted only when enabled).
    let lint = try GlossaBinary.run(
      ["lint", "SampleBundles/local", "--against", url, "--cache-dir", workspace.lintCache.path],
      in: workspace.root, environment: ["XDG_CACHE_HOME": workspace.lintCache.path])
    let expectedCounts = try #require(
      MatrixFiles.lintCounts(lint.stdout), "lint printed no summary:\n\(lint.stdout)\n\(lint.stderr)")
    let requestsBefore = server.requests().count

    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", url],
      environment: ["XDG_CACHE_HOME": workspace.cache.path], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    let counts = try #require(tmux.headerCounts(), "no finding counts in the header:\n\(tmux.screen())")
    #expect(
      counts == expectedCounts,
      "header ✖\(counts.errors) ▲\(counts.warnings) ●\(counts.info); lint says \(expectedCounts)\n\(tmux.screen())")
    #expect(server.requests().count > requestsBefore, "the review downloads the URL itself")
    let cached = try cachedFiles(workspace)
    #expect(cached.filter { $0.key.hasSuffix("/body.zip") }.map(\.value) == [served], "one cached copy, as served")

    try tmux.pickLanguage("fr")
    try tmux.select(key: "login.title")
    #expect(tmux.detailValue("Local") == "Connexion")
    try tmux.replaceValue(with: "Se connecter", key: "login.title")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")

    // After the save every language still shows its own local and remote values.
    let local = try LocalizationBundle.load(GlossaBinary.sampleBundles.appendingPathComponent("local").path)
    let remote = try LocalizationBundle.load(GlossaBinary.sampleBundles.appendingPathComponent("remote.zip").path)
    for language in ["ar", "de", "es", "ja", "pl", "ru", "fr"] {
      try tmux.pickLanguage(language)
      try tmux.select(key: "tab.map")
      let address = ValueAddress(language: language, table: "Localizable", key: "tab.map")
      let expectedLocal = try #require(local.value(at: address))
      let expectedRemote = try #require(remote.value(at: address))
      #expect(tmux.detailValue("Local") == expectedLocal, "\(language) local value:\n\(tmux.screen())")
      #expect(tmux.detailValue("Remote") == expectedRemote, "\(language) remote value:\n\(tmux.screen())")
      #expect(
        tmux.screen().components(separatedBy: "\n").contains {
          $0.contains("tab.map") && $0.contains(expectedLocal) && !$0.contains("—")
        }, "\(language) key list row of tab.map:\n\(tmux.screen())")
    }
    try tmux.select(key: "login.title")
    #expect(tmux.detailValue("Local") == "Se connecter")
    try tmux.quit()

    let original = try #require(workspace.original[Self.frenchStrings])
    let after = try workspace.snapshot()
    #expect(
      MatrixFiles.lineChanges(original, after[Self.frenchStrings] ?? Data())
        == [.init(line: 7, old: [#""login.title" = "Connexion";"#], new: [#""login.title" = "Se connecter";"#])])
    var expected = workspace.original
    expected[Self.frenchStrings] = try MatrixFiles.replacingLines(
      [(#""login.title" = "Connexion";"#, #""login.title" = "Se connecter";"#)], in: original)
    MatrixFiles.expectFiles(after, equal: expected, "workspace after the save")
    #expect(try cachedFiles(workspace) == cached, "the save leaves the cached download alone")
    #expect(workspace.journals().isEmpty, "the journal is removed after the save")
  }

  // MARK: 2. Local zip × remote directory

  /// A copy of `remote.zip` as the local bundle against `remote/`: the zip is rewritten with
  /// only the edited entry changed, in only the edited literal.
  @Test func localZipAgainstRemoteDirectoryRewritesOneEntry() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace(copies: ["app.zip": "remote.zip"])
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "app.zip", "SampleBundles/remote", "--lang", "de"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "hike.start")
    #expect(tmux.detailValue("Local") == "Starten")
    try tmux.replaceValue(with: "Los geht's", key: "hike.start")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    var after = try workspace.snapshot()
    let zip = after.removeValue(forKey: "app.zip")
    var untouched = workspace.original
    untouched["app.zip"] = nil
    MatrixFiles.expectFiles(after, equal: untouched, "workspace besides app.zip")
    #expect(zip != workspace.original["app.zip"], "the zip was rewritten")

    let before = try MatrixFiles.unzip(workspace.samples.appendingPathComponent("remote.zip"))
    let saved = try MatrixFiles.unzip(workspace.url("app.zip"))
    #expect(saved.names == before.names, "the same entries in the same order")
    let entry = "Resources/de.lproj/Localizable.strings"
    let original = try #require(before.files[entry])
    #expect(
      MatrixFiles.lineChanges(original, saved.files[entry] ?? Data())
        == [.init(line: 10, old: [#""hike.start" = "Starten";"#], new: [#""hike.start" = "Los geht's";"#])])
    var expected = before.files
    expected[entry] = try MatrixFiles.replacingLines(
      [(#""hike.start" = "Starten";"#, #""hike.start" = "Los geht's";"#)], in: original)
    MatrixFiles.expectFiles(saved.files, equal: expected, "entries of the saved app.zip")
    // The rewritten zip reads back with the edit.
    let reloaded = try LocalizationBundle.load(workspace.url("app.zip").path)
    #expect(reloaded.value(at: ValueAddress(language: "de", table: "Localizable", key: "hike.start")) == "Los geht's")
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 3. One table file

  /// `fr.lproj/Localizable.strings` opened alone: an edit with quotes in it changes one line.
  @Test func singleTableFileEditsOneLine() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", Self.frenchStrings], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "settings.units.metric")
    #expect(tmux.detailValue("Local") == "Métrique")
    try tmux.replaceValue(with: #"Système "métrique""#, key: "settings.units.metric")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    let original = try #require(workspace.original[Self.frenchStrings])
    let after = try workspace.snapshot()
    let old = #""settings.units.metric" = "Métrique";"#
    let new = #""settings.units.metric" = "Système \"métrique\"";"#
    #expect(
      MatrixFiles.lineChanges(original, after[Self.frenchStrings] ?? Data())
        == [.init(line: 30, old: [old], new: [new])])
    var expected = workspace.original
    expected[Self.frenchStrings] = try MatrixFiles.replacingLines([(old, new)], in: original)
    MatrixFiles.expectFiles(after, equal: expected, "workspace after the save")
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 4. String Catalog

  /// `catalog/Localizable.xcstrings`: editing the stale French `map.offline` changes its value
  /// and (as Xcode does) its state to `translated`; editing the translated German
  /// `welcome.title` changes only its value. Nothing else of the catalog moves, and it still
  /// ends without a newline.
  @Test func stringCatalogEditsChangeOnlyTheirUnits() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let catalogPath = "SampleBundles/catalog/Localizable.xcstrings"
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", catalogPath], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.pickLanguage("fr")
    try tmux.select(key: "map.offline")
    #expect(tmux.detailValue("State") == "stale")
    #expect(tmux.detailValue("Local") == "Carte indisponible")
    try tmux.replaceValue(with: "Carte hors ligne", key: "map.offline")
    #expect(tmux.detailValue("State") == "translated", "an edited value becomes translated:\n\(tmux.screen())")
    try tmux.pickLanguage("de")
    try tmux.select(key: "welcome.title")
    #expect(tmux.detailValue("State") == "translated")
    try tmux.replaceValue(with: "Willkommen!", key: "welcome.title")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    let original = try #require(workspace.original[catalogPath])
    let text = try #require(MatrixFiles.EncodedText(original))
    var lines = text.lines
    let frenchValue = try #require(lines.firstIndex(of: #"            "value" : "Carte indisponible""#))
    #expect(lines[frenchValue - 1] == #"            "state" : "stale","#)
    lines[frenchValue - 1] = #"            "state" : "translated","#
    lines[frenchValue] = #"            "value" : "Carte hors ligne""#
    let germanValue = try #require(lines.firstIndex(of: #"            "value" : "Willkommen bei Trailmate""#))
    lines[germanValue] = #"            "value" : "Willkommen!""#
    var expected = workspace.original
    expected[catalogPath] = text.data(lines: lines)
    let after = try workspace.snapshot()
    MatrixFiles.expectFiles(after, equal: expected, "workspace after saving the catalog")
    #expect(after[catalogPath]?.last == UInt8(ascii: "}"), "no trailing newline, as Xcode writes it")
    #expect(MatrixFiles.lineChanges(original, after[catalogPath] ?? Data()).count == 2)
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 5. Remote edit on a URL: no save into the cache, repack instead

  /// `E` on a downloaded remote: `w` refuses to write the cache; `R` on the remote value (in the
  /// detail pane) writes a zip that holds the edit and otherwise equals `remote.zip` entry for
  /// entry; a second repack raising the version changes `Info.plist` in that line only.
  @Test func remoteEditOnAURLIsRepackedNotSaved() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (server, served) = try serveRemoteZip(workspace)
    defer { server.stop() }
    let url = server.url("/remote.zip").absoluteString
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", url],
      environment: ["XDG_CACHE_HOME": workspace.cache.path], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.pickLanguage("ja")
    try tmux.select(key: "login.title")
    #expect(tmux.detailValue("Remote") == "アカウントにサインインする")
    try tmux.replaceValue(with: "ログイン", key: "login.title", remote: true)
    #expect(tmux.detailValue("Remote") == "ログイン")
    let cached = try cachedFiles(workspace)
    #expect(cached.filter { $0.key.hasSuffix("/body.zip") }.map(\.value) == [served])

    tmux.keys("w")
    try tmux.wait(for: "The remote bundle is a download: write its edits as a zip to:")
    tmux.keys("Escape")
    try tmux.wait(for: "Repack cancelled")
    #expect(try cachedFiles(workspace) == cached, "w does not write the cached download")
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace after w")

    // R on the remote value in the detail pane: no version bump.
    let plain = workspace.out.appendingPathComponent("remote-edited.zip")
    tmux.keys("Tab", "j", "R")
    try tmux.wait(for: "Zip remote to:")
    tmux.keys("C-u")
    tmux.type(plain.path)
    tmux.keys("Enter")
    try tmux.wait(for: "Raise CFBundleVersion from 12 to 13?")
    tmux.keys("n")
    try tmux.wait(for: "Wrote \(plain.path)", timeout: 60)
    try tmux.wait(for: "Checked the zip")

    // Again, raising the version.
    let bumped = workspace.out.appendingPathComponent("remote-13.zip")
    tmux.keys("R")
    try tmux.wait(for: "Zip remote to:")
    tmux.keys("C-u")
    tmux.type(bumped.path)
    tmux.keys("Enter")
    try tmux.wait(for: "Raise CFBundleVersion from 12 to 13?")
    tmux.keys("y")
    try tmux.wait(for: "Wrote \(bumped.path)", timeout: 60)
    // The edit is saved in the zips: quitting asks nothing, and the journal is gone.
    try tmux.quit()

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
    let plistBefore = try #require(before.files[plist])
    expected[plist] = try MatrixFiles.replacingLines(
      [("\t<string>12</string>", "\t<string>13</string>")], in: plistBefore)
    MatrixFiles.expectFiles(repacked13.files, equal: expected, "entries of \(bumped.lastPathComponent)")

    // Neither the cache nor the workspace changed; writing the zip removed the journal.
    #expect(try cachedFiles(workspace) == cached, "repacking does not write the cached download")
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace after repacking")
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 6. Two directories

  /// Local and remote directories: `e` edits the local value, `E` the remote one (with a line
  /// break, a backslash and quotes), `w` saves both, each in one line.
  @Test func twoDirectoriesSaveBothSides() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "SampleBundles/remote", "--lang", "ru"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "tab.map")
    #expect(tmux.detailValue("Local") == "Карта")
    #expect(tmux.detailValue("Remote") == "Карта")
    try tmux.replaceValue(with: "Карта!", key: "tab.map")
    tmux.keys("E")
    try tmux.wait(for: "─ Editing tab.map (remote)")
    tmux.keys("C-u")
    tmux.type("Карта")
    tmux.keys("C-j")
    tmux.type(#"мест\ "x""#)
    tmux.keys("Enter")
    try tmux.wait(for: "Edited tab.map (remote)")
    tmux.keys("w")
    try tmux.wait(for: "Saved the ", timeout: 30) { screen in
      let lines = screen.components(separatedBy: "\n")
      return lines.count > 1 && !lines[1].contains("unsaved")
    }
    try tmux.quit()

    let localPath = "SampleBundles/local/Resources/ru.lproj/Localizable.strings"
    let remotePath = "SampleBundles/remote/Resources/ru.lproj/Localizable.strings"
    let after = try workspace.snapshot()
    let oldLine = #""tab.map" = "Карта";"#
    let localLine = #""tab.map" = "Карта!";"#
    let remoteLine = #""tab.map" = "Карта\nмест\\ \"x\"";"#
    let localBefore = try #require(workspace.original[localPath])
    let remoteBefore = try #require(workspace.original[remotePath])
    #expect(
      MatrixFiles.lineChanges(localBefore, after[localPath] ?? Data())
        == [.init(line: 16, old: [oldLine], new: [localLine])])
    #expect(
      MatrixFiles.lineChanges(remoteBefore, after[remotePath] ?? Data())
        == [.init(line: 16, old: [oldLine], new: [remoteLine])])
    var expected = workspace.original
    expected[localPath] = try MatrixFiles.replacingLines([(oldLine, localLine)], in: localBefore)
    expected[remotePath] = try MatrixFiles.replacingLines([(oldLine, remoteLine)], in: remoteBefore)
    MatrixFiles.expectFiles(after, equal: expected, "workspace after saving both sides")
    let remote = try LocalizationBundle.load(workspace.samples.appendingPathComponent("remote").path)
    #expect(
      remote.value(at: ValueAddress(language: "ru", table: "Localizable", key: "tab.map")) == "Карта\nмест\\ \"x\"")
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 7. A file changed on disk while the review runs

  static let germanStrings = "SampleBundles/local/Resources/de.lproj/Localizable.strings"
  static let externalLine = #""external.key" = "Extern";"#

  /// Starts a review of the local directory in German (80×24), edits `tab.map`, and rewrites
  /// the German file with a line appended from outside; `w` then asks to reload or overwrite.
  func editThenChangeOnDisk(_ workspace: MatrixWorkspace) throws -> (TmuxSession, Data) {
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--lang", "de"], width: 80, height: 24)
    do {
      try tmux.waitForFullLoad()
      try tmux.select(key: "tab.map")
      #expect(tmux.detailValue("Local") == "Karte")
      try tmux.replaceValue(with: "Landkarte", key: "tab.map")
      var external = try #require(workspace.original[Self.germanStrings])
      external.append(Data("\n\(Self.externalLine)\n".utf8))
      try external.write(to: workspace.url(Self.germanStrings))
      tmux.keys("w")
      try tmux.wait(for: "changed on disk")
      return (tmux, external)
    } catch {
      tmux.close()
      throw error
    }
  }

  /// The choice must show its answers: the question names the file, and the footer the keys.
  func expectReloadOverwriteHints(_ tmux: TmuxSession) {
    let screen = tmux.screen()
    let footer = screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(footer.contains("de.lproj/Localizable.strings changed on disk"), "the question names the file:\n\(screen)")
    #expect(
      footer.contains("r reload") && footer.contains("o overwrite"),
      "the changed-on-disk question must show its answer keys (r reload, o overwrite); the footer reads:\n\(footer)")
  }

  @Test func changedOnDiskReloadKeepsTheExternalLineAndTheEdit() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (tmux, external) = try editThenChangeOnDisk(workspace)
    defer { tmux.close() }
    expectReloadOverwriteHints(tmux)
    #expect(try workspace.snapshot()[Self.germanStrings] == external, "nothing is written before the answer")
    tmux.keys("r")
    try tmux.wait(for: "applied 1 edit")
    #expect(tmux.detailValue("Local") == "Landkarte", "the edit is applied again:\n\(tmux.screen())")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    let after = try workspace.snapshot()
    var expected = workspace.original
    expected[Self.germanStrings] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: external)
    MatrixFiles.expectFiles(after, equal: expected, "workspace after reload and save")
    let text = MatrixFiles.EncodedText(after[Self.germanStrings] ?? Data())?.text ?? ""
    #expect(text.contains(Self.externalLine) && text.contains(#""tab.map" = "Landkarte";"#))
    #expect(workspace.journals().isEmpty)
  }

  @Test func changedOnDiskOverwriteWritesTheReviewedVersion() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (tmux, _) = try editThenChangeOnDisk(workspace)
    defer { tmux.close() }
    expectReloadOverwriteHints(tmux)
    tmux.keys("o")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    // Overwriting writes the file as the review read it, plus the edit: the external line is gone.
    let germanBefore = try #require(workspace.original[Self.germanStrings])
    var expected = workspace.original
    expected[Self.germanStrings] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: germanBefore)
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: expected, "workspace after overwrite")
    #expect(workspace.journals().isEmpty)
  }

  // MARK: 8. Localized-object JSON folder

  /// `content/` (localized-object JSON): adding the missing Japanese `banner.offline-maps` and
  /// editing the Japanese `footer` change only those members of `announcements.json`.
  @Test func localizedObjectFolderAddsAndEditsMembersInPlace() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/content/", "--lang", "ja"],
      width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.wait(for: "Table announcements")
    try tmux.select(key: "banner.offline-maps")
    #expect(tmux.detailValue("Local")?.contains("missing") == true, "ja lacks it:\n\(tmux.screen())")
    try addMissingValue(tmux, key: "banner.offline-maps", text: "オフライン地図")
    try tmux.select(key: "footer")
    #expect(tmux.detailValue("Local") == "よい山旅を！")
    try tmux.replaceValue(with: #"良い "山旅""#, key: "footer")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
    try tmux.quit()

    let path = "SampleBundles/content/announcements.json"
    let original = try #require(workspace.original[path])
    let polish = #"      "pl": "Mapy offline już są: pobierz region przed wyjściem.""#
    let footer =
      #"  "footer": {"en": "Happy trails!", "en-US": "Happy trails, y'all!", "de": "Schöne Tour!", "fr": "Bonne randonnée !", "pl": "Udanej wędrówki!", "#
    var expected = workspace.original
    expected[path] = try MatrixFiles.replacingLines(
      [
        (polish, polish + ",\n" + #"      "ja": "オフライン地図""#),
        (footer + #""ja": "よい山旅を！"},"#, footer + #""ja": "良い \"山旅\""},"#),
      ], in: original)
    MatrixFiles.expectFiles(try workspace.snapshot(), equal: expected, "workspace after saving content/")
    #expect(workspace.journals().isEmpty)
  }

  /// Presses `e` on the selected missing key, replaces the text prefilled from the source and
  /// commits; waits for the `Added` message.
  func addMissingValue(_ tmux: TmuxSession, key: String, text: String) throws {
    tmux.keys("e")
    try tmux.wait(for: "─ Editing \(key) (local)")
    tmux.keys("C-u")
    tmux.type(text)
    tmux.keys("Enter")
    try tmux.wait(for: "Added \(key)")
  }

  // MARK: 9. Repacking the local directory at 80×24

  /// At 80×24 the repack prompt must show the path being typed; the zip written holds the
  /// edit and otherwise every file of the local directory under `Resources/`.
  @Test func repackPromptShowsThePathAt80ColumnsAndTheZipHoldsTheEdit() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--lang", "de"], width: 80, height: 24)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "tab.map")
    try tmux.replaceValue(with: "Landkarte", key: "tab.map")
    tmux.keys("R")
    try tmux.wait(for: "Zip local to:")
    let output = workspace.out.appendingPathComponent("local-80.zip")
    tmux.keys("C-u")
    tmux.type(output.path)
    let shown = (try? tmux.wait(for: "local-80.zip", timeout: 5)) != nil
    let footer =
      tmux.screen().components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(shown, "the repack prompt at 80 columns must show the path being typed; the footer reads:\n\(footer)")
    tmux.keys("Enter")
    try tmux.wait(for: "Raise CFBundleVersion from 11 to 12?")
    tmux.keys("n")
    try tmux.wait(for: "Checked the zip", timeout: 60)
    try tmux.quit(unsavedAnswer: "d")

    MatrixFiles.expectFiles(try workspace.snapshot(), equal: workspace.original, "workspace (a repack does not save)")
    let zip = try MatrixFiles.unzip(output)
    var expected: [String: Data] = [:]
    for (path, data) in workspace.original where path.hasPrefix("SampleBundles/local/") {
      expected[String(path.dropFirst("SampleBundles/local/".count))] = data
    }
    let entry = "Resources/de.lproj/Localizable.strings"
    expected[entry] = try MatrixFiles.replacingLines(
      [(#""tab.map" = "Karte";"#, #""tab.map" = "Landkarte";"#)], in: try #require(expected[entry]))
    MatrixFiles.expectFiles(zip.files, equal: expected, "entries of local-80.zip")
    #expect(zip.names.allSatisfy { $0.hasPrefix("Resources/") }, "Resources/ at the root: \(zip.names)")
  }

  // MARK: 10. Quitting with "save" while a downloaded remote has edits

  /// Local and downloaded-remote edits, then `q`: the question offers what can be done (save
  /// the local bundle, write the download's edits as a zip); `w` saves the local edit, asks
  /// where the zip goes, writes it, and only then quits.
  @Test func quitWithSaveDoesNotSilentlyLeaveADownloadEditBehind() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (server, _) = try serveRemoteZip(workspace)
    defer { server.stop() }
    let url = server.url("/remote.zip").absoluteString
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", url, "--lang", "fr"],
      environment: ["XDG_CACHE_HOME": workspace.cache.path], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "login.title")
    try tmux.replaceValue(with: "Se connecter", key: "login.title")
    try tmux.replaceValue(with: "Connexion !", key: "login.title", remote: true)
    let cached = try cachedFiles(workspace)
    tmux.keys("q")
    try tmux.wait(
      for: "2 unsaved edits. Save the local bundle and write the download's edits as a zip before quitting?")
    tmux.keys("w")
    try tmux.wait(for: "The remote bundle is a download: write its edits as a zip to:")
    // The local save reaches the disk meanwhile.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, try workspace.snapshot()[Self.frenchStrings] == workspace.original[Self.frenchStrings] {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let original = try #require(workspace.original[Self.frenchStrings])
    #expect(
      MatrixFiles.lineChanges(original, try workspace.snapshot()[Self.frenchStrings] ?? Data())
        == [.init(line: 7, old: [#""login.title" = "Connexion";"#], new: [#""login.title" = "Se connecter";"#])])
    #expect((try? tmux.wait(for: "EXIT=", timeout: 1)) == nil, "quit before the download's edits were written")
    let zip = workspace.out.appendingPathComponent("remote-on-quit.zip")
    tmux.keys("C-u")
    tmux.type(zip.path)
    tmux.keys("Enter")
    try tmux.wait(for: "Raise CFBundleVersion from 12 to 13?")
    tmux.keys("n")
    try tmux.wait(for: "EXIT=0", timeout: 60)
    let written = try MatrixFiles.unzip(zip)
    let entry = try #require(written.files["Resources/fr.lproj/Localizable.strings"])
    #expect(String(decoding: entry, as: UTF8.self).contains(#""login.title" = "Connexion !";"#))
    #expect(workspace.journals().isEmpty, "journals left: \(workspace.journals())")
    #expect(try cachedFiles(workspace) == cached, "the cached download is never written")
  }
}
