import Foundation
import GlossaCore
import Testing
import GlossaTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Writes that survive `kill -9` at any instant: `glossa set` and `glossa pack -o existing.zip`
/// are killed at random moments across their whole run, many times; each time the target file
/// must hold its old bytes or its new bytes — never a mix — and no temporary may be left beside
/// it. (The review's save is killed the same way under tmux in `ReviewKillTmuxTests`.)
@Suite("kill -9 during a write", .serialized)
struct KillNineTests {
  /// Kills per command.
  static let kills = 20

  /// A German table big enough that a write takes a while (about 600 KB).
  static func bigTable(_ n: Int = 20_000) -> String {
    (0..<n).map { "\"key.\($0)\" = \"Wert Nummer \($0) für die Prüfung\";\n" }.joined()
  }

  /// Starts `glossa arguments` in `directory`.
  static func spawn(_ arguments: [String], in directory: URL) throws -> TestProcess {
    try TestProcess.start(GlossaBinary.url.path, arguments, directory: directory)
  }

  /// Waits for `process`; true when it exited by itself (status 0).
  @discardableResult
  static func reap(_ process: TestProcess, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    process.wait(sourceLocation: sourceLocation).succeeded
  }

  /// How long one uninterrupted run takes (the range the kills are spread over).
  static func duration(_ arguments: [String], in directory: URL) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let process = try spawn(arguments, in: directory)
    #expect(reap(process), "glossa \(arguments.joined(separator: " ")) failed")
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Runs `arguments` `kills` times, each killed after a random delay within 1.2 × `duration`;
  /// after each, `check` sees whether it finished and the folder's names. Returns how many runs
  /// were killed before they finished.
  static func killRepeatedly(
    _ arguments: (Int) -> [String], in directory: URL, duration: Double, check: (Int, Bool) throws -> Void
  ) throws -> Int {
    var random = SplitMix(seed: 0x5EED_0000 + UInt64(kills))
    var killedMidway = 0
    for round in 0..<kills {
      let process = try spawn(arguments(round), in: directory)
      usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &random) * 1e6))
      process.signal(SIGKILL)
      let finished = reap(process)
      if !finished { killedMidway += 1 }
      try check(round, finished)
    }
    return killedMidway
  }

  /// Names in `folder` that are temporaries of an atomic write.
  static func temporaries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
  }

  /// Checks what a run left in `folder`: a finished run nothing, a killed one at most a
  /// temporary of a writer that is gone. A temporary has a name only between its link and the
  /// rename over the target (see `AtomicTemporary`); a kill between those two system calls
  /// leaves it, and the next write of the file removes it. On a loaded machine the process can
  /// be descheduled there, so such a kill does happen now and then.
  static func expectNoLiveTemporary(in folder: URL, finished: Bool, round: Int) {
    let left = temporaries(folder)
    if finished {
      #expect(left.isEmpty, "round \(round): a finished run left \(left)")
      return
    }
    for name in left {
      // `.NAME.glossa-PID-RANDOM.tmp`
      let parts = name.split(separator: "-")
      let pid = parts.count >= 3 ? pid_t(parts[parts.count - 2]) : nil
      #expect(pid.map { kill($0, 0) != 0 && errno == ESRCH } == true, "round \(round): \(name) is not a dead writer's")
    }
  }

  @Test("glossa set: old bytes or new bytes, never a mix, no temporary")
  func set() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    let table = Self.bigTable(8_000)
    try scratch.write(["bundle/en.lproj/Localizable.strings": table, "bundle/de.lproj/Localizable.strings": table])
    let folder = scratch.url.appendingPathComponent("bundle/de.lproj")
    let file = folder.appendingPathComponent("Localizable.strings")
    func arguments(_ round: Int) -> [String] { ["set", "bundle", "--lang", "de", "key.7", "Neuer Wert \(round)"] }
    let duration = try Self.duration(arguments(-1), in: scratch.url)
    var current = try Data(contentsOf: file)
    let killed = try Self.killRepeatedly(arguments, in: scratch.url, duration: duration) { round, finished in
      var edited = StringsDocument(data: current, file: "x")
      try edited.setValue("Neuer Wert \(round)", forKey: "key.7", plural: nil, variable: nil, comment: nil)
      let now = try Data(contentsOf: file)
      #expect(
        now == current || now == edited.serialized(), "round \(round): the file is neither the old nor the new bytes")
      if finished { #expect(now == edited.serialized(), "round \(round): a finished set did not write") }
      Self.expectNoLiveTemporary(in: folder, finished: finished, round: round)
      current = now
    }
    #expect(killed > 0, "no run was killed before it finished (\(duration) s a run)")
    // The next write removes any temporary a kill left.
    #expect(Self.reap(try Self.spawn(arguments(Self.kills), in: scratch.url)))
    #expect(Self.temporaries(folder).isEmpty, "\(Self.temporaries(folder)) left after a finished write")
  }

  @Test("glossa pack -o existing.zip: the old zip or the new zip, never a mix, no temporary")
  func pack() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    let tables = [
      "tree/Resources/en.lproj/Localizable.strings": Self.bigTable(),
      "tree/Resources/de.lproj/Localizable.strings": Self.bigTable(),
    ]
    try scratch.write(tables)
    func arguments(_ round: Int) -> [String] { ["pack", "tree", "-o", "out/bundle.zip"] }
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    let zip = scratch.url.appendingPathComponent("out/bundle.zip")
    // The zip exists before the kills: first from one tree, then the kills pack a changed tree.
    let duration = try Self.duration(arguments(0), in: scratch.url)
    let old = try Data(contentsOf: zip)
    try scratch.write(["tree/Resources/de.lproj/Localizable.strings": Self.bigTable() + "\"added\" = \"neu\";\n"])
    #expect(Self.reap(try Self.spawn(["pack", "tree", "-o", "out/expected.zip"], in: scratch.url)))
    let new = try Data(contentsOf: scratch.url.appendingPathComponent("out/expected.zip"))
    try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("out/expected.zip"))
    #expect(old != new)
    let killed = try Self.killRepeatedly(arguments, in: scratch.url, duration: duration) { round, finished in
      let now = try Data(contentsOf: zip)
      #expect(now == old || now == new, "round \(round): the zip is neither the old nor the new bytes")
      if finished { #expect(now == new) }
      Self.expectNoLiveTemporary(in: zip.deletingLastPathComponent(), finished: finished, round: round)
      if now == new { try old.write(to: zip) }
    }
    #expect(killed > 0, "no run was killed before it finished (\(duration) s a run)")
    // The next write removes any temporary a kill left.
    #expect(Self.reap(try Self.spawn(arguments(Self.kills), in: scratch.url)))
    #expect(Self.temporaries(zip.deletingLastPathComponent()).isEmpty, "a temporary left after a finished write")
  }
}
