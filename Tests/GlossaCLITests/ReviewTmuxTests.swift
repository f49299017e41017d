import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// Drives the built `glossa review` inside a detached tmux server: keys in, screen text out. One
/// smoke test per terminal condition (what only a real terminal and process show); the review's
/// scenarios run in-process (`Tests/GlossaTUITests/*LoopTests.swift`).
@Suite("glossa review under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ReviewTmuxTests {
  static let english = """
    /* Title on the first screen. max-length: 12 */
    "welcome.title" = "Welcome";

    /* Button that cancels. */
    "button.cancel" = "Cancel";

    "button.ok" = "OK";

    """
  static let german = """
    /* Title on the first screen. max-length: 12 */
    "welcome.title" = "Willkommen in unserer wunderbaren App";

    "button.ok" = "OK";

    """

  /// A temp folder holding `bundle/` (en, de) and `state/` for journals.
  func makeWorkspace() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-review-\(UUID().uuidString)")
    let bundle = root.appendingPathComponent("bundle")
    for (language, text) in [("en", Self.english), ("de", Self.german)] {
      let folder = bundle.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>CFBundleDevelopmentRegion</key>
        <string>en</string>
        <key>CFBundleIdentifier</key>
        <string>com.example.review</string>
        <key>CFBundleVersion</key>
        <string>41</string>
        <key>CFBundleShortVersionString</key>
        <string>1.0</string>
        <key>CFBundlePackageType</key>
        <string>BNDL</string>
      </dict>
      </plist>

      """
    try Data(plist.utf8).write(to: bundle.appendingPathComponent("Info.plist"))
    try FileManager.default.createDirectory(at: root.appendingPathComponent("state"), withIntermediateDirectories: true)
    return root
  }

  func germanFile(_ root: URL) throws -> String {
    try String(contentsOf: root.appendingPathComponent("bundle/de.lproj/Localizable.strings"), encoding: .utf8)
  }

  /// Under `TERM=xterm-256color` tmux sends Home and End as `ESC [ 1 ~` and `ESC [ 4 ~`, which
  /// that terminfo entry does not name: they still move the cursor, an unknown sequence and a
  /// paste outside the editor type nothing, and a paste in the editor is typed as it is. xterm's
  /// mouse reports (SGR form, as tmux passes them on) select the row pressed and scroll.
  @Test func sequencesTheTerminfoEntryLacksAreNeverTyped() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de"])
    defer { tmux.close() }
    try tmux.wait(for: "welcome.title")
    // The list's rows start on line 3 (0-based): a press on the third row (line 5, column 10).
    tmux.type("\u{1B}[<0;11;6M")
    try tmux.wait(for: "─ button.ok ") { $0.components(separatedBy: "\n")[5].contains("▸button.ok") }
    tmux.type("\u{1B}[<64;11;6M")  // wheel up: three rows, so the first
    try tmux.wait(for: "─ welcome.title ")
    tmux.type("\u{1B}[200~xq\u{1B}[201~")
    try tmux.wait(for: "Pasted text goes into a value")
    tmux.keys("e", "Home")
    tmux.type("A")
    tmux.type("\u{1B}[99~")
    tmux.keys("End")
    tmux.type("\u{1B}[200~ 👍🏽\u{1B}[201~")
    tmux.type("Z")
    tmux.keys("Enter")
    try tmux.wait(for: "Edited welcome.title")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle")
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
    let saved = try germanFile(root)
    #expect(saved.contains("\"AWillkommen in unserer wunderbaren App 👍🏽Z\""), "\(saved)")
  }

  /// With the mouse left to the terminal, a mouse report a terminal sends anyway is dropped
  /// whole: curses read its start as `KEY_MOUSE` and `0;11;6M` was typed into the value.
  @Test func withTheMouseOffAMouseReportIsNeverTyped() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de", "--no-mouse"])
    defer { tmux.close() }
    try tmux.wait(for: "welcome.title")
    // In the list, `m` would show only missing values (button.ok is not missing).
    tmux.type("\u{1B}[<0;11;6M\u{1B}[<0;11;6m")
    tmux.keys("e", "End")
    tmux.type("\u{1B}[<0;11;6M\u{1B}[<64;11;6MZ")
    tmux.keys("Enter")
    try tmux.wait(for: "Edited welcome.title")
    try tmux.wait(for: "button.ok")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle")
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
    let saved = try germanFile(root)
    #expect(saved.contains("\"Willkommen in unserer wunderbaren AppZ\""), "\(saved)")
  }

  /// Two Escapes that arrive together are two: the findings view's typed filter is left, then
  /// the view is closed (they were read as one Alt-Escape).
  @Test func twoEscapesAtOnceAreTwo() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de"])
    defer { tmux.close() }
    try tmux.wait(for: "welcome.title")
    try tmux.wait(for: "✖")
    tmux.keys("F")
    try tmux.wait(for: "Findings ")
    tmux.keys("/")
    tmux.type("\u{1B}\u{1B}")
    try tmux.wait(for: "─ welcome.title ") { !$0.contains("Findings ") }
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
  }

  @Test func aKilledSessionsEditsAreOfferedAgain() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    var tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de"])
    try tmux.wait(for: "welcome.title")
    tmux.keys("e", "C-u")
    tmux.type("Grüß Gott")
    tmux.keys("Enter")
    try tmux.wait(for: "Edited welcome.title")
    tmux.keys("j", "e")
    tmux.type(" halb getippt")
    try tmux.wait(for: "Cancel halb getippt")
    try tmux.killProgram()
    tmux.close()
    #expect(try germanFile(root) == Self.german)

    tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de"])
    defer { tmux.close() }
    try tmux.wait(for: "Restore 1 unsaved edit from an earlier session?")
    tmux.keys("y")
    try tmux.wait(for: "Restored 1 edit")
    #expect(tmux.screen().contains("Grüß Gott"))
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle")
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
    #expect(
      try germanFile(root)
        == Self.german.replacingOccurrences(
          of: "Willkommen in unserer wunderbaren App", with: "Grüß Gott"))
  }

  @Test func ctrlCRestoresTheTerminalAndKeepsTheJournal() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle"])
    defer { tmux.close() }
    try tmux.wait(for: "welcome.title")
    tmux.keys("e")
    tmux.type("!")
    tmux.keys("Enter")
    try tmux.wait(for: "Edited")
    tmux.keys("C-c")
    try tmux.wait(for: "EXIT=130")
    #expect(!tmux.screen().contains("glossa review"), "the alternate screen is gone")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("state/glossa").path).count == 1)
  }

  @Test func noColorKeepsAttributesButDropsColours() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let coloured = try TmuxSession(workspace: root, arguments: ["review", "bundle", "--lang", "de"])
    try coloured.wait(for: "welcome.title")
    let withColour = coloured.styledScreen()
    coloured.close()
    let plain = try TmuxSession(
      workspace: root, arguments: ["review", "bundle", "--lang", "de"], environment: ["NO_COLOR": "1"])
    defer { plain.close() }
    try plain.wait(for: "welcome.title")
    let withoutColour = plain.styledScreen()
    let colourCode = /\x1B\[[0-9;]*(3[0-7]|9[0-7])[;m]/
    #expect(withColour.contains(colourCode), "colours are used by default")
    #expect(!withoutColour.contains(colourCode), "NO_COLOR: no foreground colours")
    #expect(
      withoutColour.contains("\u{1B}[7m") || withoutColour.contains(";7m"), "reverse video still marks the selection")
  }

  @Test func redrawsOnResize() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let tmux = try TmuxSession(workspace: root, arguments: ["review", "bundle"])
    defer { tmux.close() }
    try tmux.wait(for: "welcome.title")
    tmux.run(["resize-window", "-t", tmux.name, "-x", "120", "-y", "40"])
    try tmux.wait(for: "Source (en)") {
      $0.components(separatedBy: "\n").contains { $0.hasPrefix("─") && $0.count >= 118 }
    }
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
  }

  @Test func aDumbTerminalIsRefusedWithOneLine() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local"], environment: ["TERM": "dumb"],
      width: 200)
    defer { tmux.close() }
    try tmux.wait(for: "EXIT=2")
    #expect(tmux.screen().contains("glossa review needs a terminal that can move the cursor, and TERM is dumb"))
  }

  @Test func aCLocaleStillShowsTheJapaneseValues() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--lang", "ja"],
      environment: ["LANG": "C", "LC_ALL": "C"], width: 120, height: 36)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.select(key: "hike.start")
    #expect(tmux.detailValue("Local") == "開始", "\(tmux.screen())")
    #expect(tmux.screen().contains("開始"))
    try tmux.quit()
  }
}

/// One detached tmux server (own socket) running `glossa` in an 80×24 window.
struct TmuxSession {
  static let binary = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/glossa")
  static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var isAvailable: Bool { tmuxPath != nil }

  let socket = "glossa-test-\(UUID().uuidString.prefix(8))"
  let name = "review"

  /// Starts `glossa arguments` in `workspace` with journals under `workspace/state`.
  init(
    workspace: URL, arguments: [String], environment: [String: String] = [:], width: Int = 80, height: Int = 24
  ) throws {
    let quoted = ([Self.binary.path] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
    let extra = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
    // The test runner may export NO_COLOR; sessions start without it unless a test sets it.
    let command =
      "cd '\(workspace.path)' && exec env -u NO_COLOR XDG_STATE_HOME='\(workspace.path)/state' TERM=xterm-256color \(extra)"
      + "sh -c 'trap \"\" INT; \"$0\" \"$@\"; echo EXIT=$?; sleep 30' " + quoted.joined(separator: " ")
    run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
  }

  /// Runs a tmux client command and returns its standard output. `TestProcess` gives the client
  /// the signal state the server it forks needs (SIGCHLD, SIGHUP) and writes its output to a
  /// file, which the forked server may hold open without keeping the test waiting.
  @discardableResult
  func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let client = try? TestProcess.run(
      Self.tmuxPath ?? "tmux", ["-L", socket, "-f", "/dev/null"] + arguments, timeLimit: 30,
      sourceLocation: sourceLocation)
    return client?.stdoutText ?? ""
  }

  /// Sends tmux key names (`Enter`, `C-u`, `j`).
  func keys(_ names: String...) {
    run(["send-keys", "-t", name] + names)
  }

  /// Types text literally.
  func type(_ text: String) {
    run(["send-keys", "-t", name, "-l", text])
  }

  /// The pane's text now.
  func screen() -> String {
    run(["capture-pane", "-p", "-t", name])
  }

  /// The pane's text with its colours and attributes as escape sequences.
  func styledScreen() -> String {
    run(["capture-pane", "-p", "-e", "-t", name])
  }

  /// Polls the screen until it contains `text` (and passes `also`), or fails after `timeout` seconds.
  func wait(for text: String, timeout: Double = 15, also: (String) -> Bool = { _ in true }) throws {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = screen()
      if last.contains(text) && also(last) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw HarnessFailure("timed out waiting for \"\(text)\"; the screen shows:\n\(last)")
  }

  /// Kills the glossa process with SIGKILL, as a crash or a closed terminal would.
  func killProgram() throws {
    let shell = run(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    guard let pid = children.split(separator: " ").compactMap({ Int32($0) }).first else {
      throw HarnessFailure("no glossa process under pane process \(shell)")
    }
    kill(pid, SIGKILL)
    try wait(for: "EXIT=137")
  }

  /// Stops the server and removes its socket (tmux leaves it behind after `kill-server`).
  func close() {
    run(["kill-server"])
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
  }
}
