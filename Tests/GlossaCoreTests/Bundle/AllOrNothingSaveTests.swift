import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// A save writes every file or none: a full disk while writing a new pseudo language leaves no
/// half language behind (a rerun then works instead of saying "exists already"), and a failure
/// in the middle of several files leaves every one of them as it was.
@Suite("Saves write every file or none", .timeLimit(.minutes(10)))
struct AllOrNothingSaveTests {
  static func run(_ tool: String, _ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
    return (try? TestProcess.run(tool, arguments))?.succeeded ?? false
  }

  /// A 64 KB tmpfs, when this machine lets the tests mount one (root in a sandbox that allows
  /// it); the simulated failure below covers the rule everywhere else.
  static func smallFileSystem() -> URL? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-small-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let mount = ["/usr/bin/mount", "/bin/mount"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let mount, run(mount, ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]) else {
      try? FileManager.default.removeItem(at: folder)
      return nil
    }
    return folder
  }

  @Test("several files: a write that fails in the middle replaces none of them")
  func simulatedFailure() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let first = temp.appendingPathComponent("a.strings")
    let last = temp.appendingPathComponent("c.strings")
    try Data("\"a\" = \"old\";\n".utf8).write(to: first)
    try Data("\"c\" = \"old\";\n".utf8).write(to: last)
    // The middle target's folder does not exist: its temporary cannot be made.
    let missing = temp.appendingPathComponent("gone/b.strings")
    #expect(throws: GlossaError.self) {
      try AtomicFile.writeAll([
        (Data("\"a\" = \"new\";\n".utf8), first), (Data("b".utf8), missing), (Data("\"c\" = \"new\";\n".utf8), last),
      ])
    }
    #expect(try String(contentsOf: first, encoding: .utf8) == "\"a\" = \"old\";\n")
    #expect(try String(contentsOf: last, encoding: .utf8) == "\"c\" = \"old\";\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["a.strings", "c.strings"])
    // And when all can be written, all are.
    try AtomicFile.writeAll([(Data("1".utf8), first), (Data("3".utf8), last)])
    #expect(try String(contentsOf: first, encoding: .utf8) == "1")
    #expect(try String(contentsOf: last, encoding: .utf8) == "3")
  }

  @Test("pseudo on a full file system leaves no half language, and the rerun says why again")
  func pseudoOnAFullDisk() throws {
    guard let small = Self.smallFileSystem() else {
      // Not a failure: the simulated test above holds the same rule.
      print("AllOrNothingSaveTests: no tmpfs can be mounted here; the full-disk case is covered by the simulated one")
      return
    }
    defer {
      _ = Self.run("/usr/bin/umount", [small.path]) || Self.run("/bin/umount", [small.path])
      try? FileManager.default.removeItem(at: small)
    }
    let root = small.appendingPathComponent("App")
    var files: [String: Data] = [:]
    for table in ["A", "B", "C"] {
      let lines = (0..<300).map { "\"key.\($0)\" = \"Value number \($0) of table \(table)\";\n" }.joined()
      files["en.lproj/\(table).strings"] = Data(lines.utf8)
    }
    try ArchiveFixtures.writeTree(files, at: root)
    for _ in 0..<2 {
      var bundle = try LocalizationBundle.open(root.path)
      _ = try bundle.writePseudoLanguage("en-XA", using: Pseudolocalization(expansion: 40), replacing: false)
      #expect(throws: GlossaError.self) { try bundle.save() }
      #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("en-XA.lproj").path))
      #expect(try LocalizationBundle.open(root.path).languages == ["en"])
    }
  }
}
