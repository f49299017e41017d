import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// The review's save paths end to end, one smoke test per kind of local and remote bundle: the
/// real binary under tmux on a private copy of `SampleBundles/`, then every file of the copy compared
/// byte for byte (zips entry by entry) with what it was, so that a save that writes more than
/// the edited value (as the one that wiped 55 of 56 lines of `fr.lproj/Localizable.strings`
/// did) cannot come back unnoticed.
@Suite(
  "glossa review: one smoke test per bundle kind, under tmux", .serialized,
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

  /// Local directory against a URL: the review downloads the URL itself into its cache, an
  /// edit of `fr` `login.title` chosen with `L` changes exactly that line, and the save leaves
  /// the cached download alone. (That the header counts as lint does, and that every language
  /// keeps its values after a save, is `URLRemoteLoopTests`, in-process.)
  @Test func localDirectoryAgainstURLEditsOneFrenchLine() throws {
    try requireBinary()
    let workspace = try MatrixWorkspace()
    let (server, served) = try serveRemoteZip(workspace)
    defer { server.stop() }
    let url = server.url("/remote.zip").absoluteString
    let requestsBefore = server.requests().count

    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", url],
      environment: ["XDG_CACHE_HOME": workspace.cache.path], width: Self.width, height: Self.height)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    #expect(server.requests().count > requestsBefore, "the review downloads the URL itself")
    let cached = try cachedFiles(workspace)
    #expect(cached.filter { $0.key.hasSuffix("/body.zip") }.map(\.value) == [served], "one cached copy, as served")

    try tmux.pickLanguage("fr")
    try tmux.select(key: "login.title")
    #expect(tmux.detailValue("Local") == "Connexion")
    try tmux.replaceValue(with: "Se connecter", key: "login.title")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle: wrote ")
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
    // An edited value becomes translated (waited for: a capture can catch a frame half drawn).
    try tmux.wait(for: " State ") { _ in tmux.detailValue("State") == "translated" }
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

  // MARK: 5. Two directories

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

  // MARK: 6. Localized-object JSON folder

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
}
