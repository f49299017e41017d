import Foundation
import GlossaCore
import Testing
import GlossaTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The review's save survives `kill -9`: under tmux, a value is edited, `w` pressed, and the
/// process killed after a random delay spread over the save; the file must hold its old bytes
/// or its new bytes, never a mix, and no temporary may be left in the bundle.
@Suite(
  "glossa review: kill -9 during a save", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct ReviewKillTmuxTests {
  static let rounds = 8

  @Test func aKilledSaveLeavesTheOldFileOrTheNewOne() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    let table = KillNineTests.bigTable(20_000)
    try scratch.write(["bundle/en.lproj/Localizable.strings": table, "bundle/de.lproj/Localizable.strings": table])
    let folder = scratch.url.appendingPathComponent("bundle/de.lproj")
    let file = folder.appendingPathComponent("Localizable.strings")
    var random = SplitMix(seed: 0x5EED_0001)
    var sawOld = false
    var sawNew = false
    for round in 0..<Self.rounds {
      // Each round starts without a journal (a killed round leaves one, which would be offered).
      try? FileManager.default.removeItem(at: scratch.url.appendingPathComponent("state"))
      let current = try Data(contentsOf: file)
      let value = "Neu \(round)"
      var edited = StringsDocument(data: current, file: "x")
      try edited.setValue(value, forKey: "key.5", plural: nil, variable: nil, comment: nil)
      let tmux = try TmuxSession(workspace: scratch.url, arguments: ["review", "bundle", "--lang", "de"])
      defer { tmux.close() }
      try tmux.wait(for: "key.0", timeout: 60) { !$0.contains("loading ") }
      tmux.keys("/")
      tmux.type("key.5")
      tmux.keys("Enter", "e", "C-u")
      tmux.type(value)
      tmux.keys("Enter")
      try tmux.wait(for: "Edited key.5", timeout: 30)
      // The process is found first, so the kill follows `w` by the random delay alone.
      let shell = tmux.run(["list-panes", "-t", tmux.name, "-F", "#{pane_pid}"]).trimmingCharacters(
        in: .whitespacesAndNewlines)
      let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
      let pid = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
      tmux.keys("w")
      usleep(UInt32.random(in: 0...500_000, using: &random))
      kill(pid, SIGKILL)
      // The shell reaps it (the screen is not reset, so "EXIT=137" may wrap): wait until it is gone.
      let deadline = Date().addingTimeInterval(15)
      while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
      let now = try Data(contentsOf: file)
      #expect(
        now == current || now == edited.serialized(), "round \(round): the file is neither the old nor the new bytes")
      if now == current { sawOld = true } else { sawNew = true }
      let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasSuffix(".tmp")
      }
      #expect(left.isEmpty, "round \(round): \(left) left in the bundle")
    }
    // Not asserted (timing-dependent), but reported: both outcomes should occur across rounds.
    print("review kill -9: old file kept in some rounds: \(sawOld), new file written in some: \(sawNew)")
  }
}
