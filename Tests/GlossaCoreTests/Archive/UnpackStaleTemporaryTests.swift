import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// An unpack killed between naming a temporary and renaming it leaves `.NAME.glossa-PID-N.tmp`
/// behind; the next successful unpack into the same folder removes every such file of a dead
/// process, also one for a file the new archive does not have. A live writer's is kept.
@Suite("Unpack removes stale temporaries", .timeLimit(.minutes(10)))
struct UnpackStaleTemporaryTests {
  /// The id of a process that has ended.
  static func deadProcessID() throws -> Int32 {
    let process = try TestProcess.start("/bin/sh", ["-c", "exit 0"])
    #expect(process.wait().succeeded)
    return process.pid
  }

  @Test func staleTemporariesOfDeadWritersGoLiveOnesStay() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(
      ["Bundle/Resources/en.lproj/Localizable.strings": Data("\"a\" = \"A\";\n".utf8)], at: temp)
    let zip = temp.appendingPathComponent("bundle.zip")
    _ = try BundleArchive.pack(directory: temp.appendingPathComponent("Bundle"), to: zip)
    let out = temp.appendingPathComponent("out/Resources/en.lproj")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let dead = try Self.deadProcessID()
    let stale = [".Localizable.strings.glossa-\(dead)-17.tmp", ".Gone.strings.glossa-\(dead)-3.tmp"]
    let live = ".Other.strings.glossa-\(getpid() == 1 ? 2 : 1)-5.tmp"  // pid 1 is always alive
    for name in stale + [live, "notes.tmp"] {
      try Data("partial".utf8).write(to: out.appendingPathComponent(name))
    }
    _ = try BundleArchive.unpack(zip, to: temp.appendingPathComponent("out"))
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
    #expect(left.isDisjoint(with: stale))
    #expect(left.isSuperset(of: ["Localizable.strings", "notes.tmp", live]))
  }
}
