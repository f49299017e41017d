import Foundation
import GlossaCore
import Testing

/// The real binary on a bundle large enough to load in the background: the first screen takes
/// keys while the rest loads, edits made then survive the load, and saving waits for it.
@Suite(
  "glossa review while loading, under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed")
)
struct ReviewLoadingTmuxTests {
  static let languages = ["en", "de", "fr", "ja", "ru", "pl", "es", "it", "nl", "sv", "pt", "ko"]
  static let keys = 2000

  /// Writes `bundle/Resources/<lang>.lproj/Localizable.strings` (plus `Info.plist`) and zips it
  /// to `bundle.zip`: 12 languages × 2,000 keys.
  func makeWorkspace() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-loading-\(UUID().uuidString)")
    let resources = root.appendingPathComponent("bundle/Resources")
    for language in Self.languages {
      var text = ""
      text.reserveCapacity(Self.keys * 48)
      for index in 0..<Self.keys {
        let key = String(format: "key.%05d", index)
        text += "/* Comment \(index). */\n\"\(key)\" = \"\(language) value \(index)\";\n\n"
      }
      let folder = resources.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDevelopmentRegion</key><string>en</string>
      <key>CFBundleIdentifier</key><string>com.example.loading</string>
      <key>CFBundleVersion</key><string>3</string>
      <key>CFBundleShortVersionString</key><string>1.0</string>
      <key>CFBundlePackageType</key><string>BNDL</string>
      </dict></plist>

      """
    try Data(plist.utf8).write(to: resources.appendingPathComponent("Info.plist"))
    _ = try BundleArchive.pack(
      directory: root.appendingPathComponent("bundle"), to: root.appendingPathComponent("bundle.zip"))
    try FileManager.default.createDirectory(at: root.appendingPathComponent("state"), withIntermediateDirectories: true)
    return root
  }

  @Test func keysWorkWhileTheRestLoadsAndSavingWaitsForIt() throws {
    let root = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: root) }
    // Each batch of two languages waits 700 ms: the 10 pending languages take at least 3.5 s.
    let tmux = try TmuxSession(
      workspace: root, arguments: ["review", "bundle.zip"], environment: ["GLOSSA_TEST_LOAD_DELAY_MS": "700"],
      width: 120, height: 40)
    defer { tmux.close() }
    try tmux.wait(for: "key.00000")
    let first = tmux.screen()
    #expect(first.contains("Lang de 2/12"), "the first translation shows first:\n\(first)")
    #expect(first.contains("loading "), "progress while the rest loads:\n\(first)")
    #expect(!first.contains("✖0"), "no finding counts before the checks ran:\n\(first)")
    // Move, search and edit while loading.
    tmux.keys("j", "j")
    try tmux.wait(for: "─ key.00002 ")
    tmux.keys("/")
    tmux.type("key.01500")
    tmux.keys("Enter")
    try tmux.wait(for: "─ key.01500 ")
    tmux.keys("e", "C-u")
    tmux.type("Geändert")
    tmux.keys("Enter")
    try tmux.wait(for: "Edited key.01500")
    tmux.keys("w")
    try tmux.wait(for: "Cannot save yet: still loading")
    #expect(tmux.screen().contains("loading "), "all of that happened while loading:\n\(tmux.screen())")
    // A language that is not read yet says so, and is read next.
    tmux.keys("h", "h")
    try tmux.wait(for: "Lang sv 12/12")
    try tmux.wait(for: "sv value 0", timeout: 30)
    // Once everything is loaded and checked, the edit is still there and saves.
    try tmux.wait(for: "✖", timeout: 60) { !$0.contains("loading ") && !$0.contains("checking…") }
    try tmux.wait(for: "● unsaved")
    tmux.keys("w")
    try tmux.wait(for: "Saved the local bundle")
    tmux.keys("q")
    try tmux.wait(for: "EXIT=0")
    let saved = try LocalizationBundle.load(root.appendingPathComponent("bundle.zip").path)
    #expect(saved.value(at: ValueAddress(language: "de", table: "Localizable", key: "key.01500")) == "Geändert")
    #expect(saved.value(at: ValueAddress(language: "de", table: "Localizable", key: "key.01499")) == "de value 1499")
    #expect(saved.languages.count == 12)
  }
}
