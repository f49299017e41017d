import Testing

@testable import GlossaCore

@Suite("Zip entry paths", .timeLimit(.minutes(10)))
struct ArchivePathTests {
  @Test(
    "names are normalized by dropping empty and '.' components; normal names come back as they are",
    arguments: [
      ("Resources/de.lproj/Localizable.strings", "Resources/de.lproj/Localizable.strings"),
      ("./Resources//a.strings", "Resources/a.strings"),
      ("Resources/de.lproj/", "Resources/de.lproj"),
      ("a/./b/.", "a/b"),
      ("Resources/...strings", "Resources/...strings"),
      ("Grüße/日本語.strings", "Grüße/日本語.strings"),
      ("a/\u{301}b", "a/\u{301}b"),
      ("1:/x", "1:/x"),
    ])
  func normalized(raw: String, expected: String) throws {
    let path = try BundleArchive.normalizedPath(raw)
    #expect(Array(path.utf8) == Array(expected.utf8))
  }

  @Test(
    "names that would leave the target or are empty are refused, splitting on bytes as the file system does",
    arguments: [
      ("../x", ArchiveProblem.outside(entry: "../x")),
      ("a/..\\x", .outside(entry: "a/..\\x")),
      ("..\u{301}/../x", .outside(entry: "..\u{301}/../x")),
      ("../\u{301}x", .outside(entry: "../\u{301}x")),
      ("/\u{301}x", .outside(entry: "/\u{301}x")),
      ("Z:x", .outside(entry: "Z:x")),
      ("a\\b", .backslash(entry: "a\\b")),
      ("./", .badName(entry: "./")),
      ("", .badName(entry: "")),
      ("a\0b", .badName(entry: "a\0b")),
    ])
  func refused(raw: String, problem: ArchiveProblem) {
    #expect(throws: problem) { try BundleArchive.normalizedPath(raw) }
  }

  @Test("parents are cut at '/' bytes, also before a combining mark")
  func parents() {
    #expect(BundleArchive.parents(of: "a/b/c.strings") == ["a", "a/b"])
    #expect(BundleArchive.parents(of: "top.strings") == [])
    #expect(
      BundleArchive.parents(of: "a/\u{301}b/c").map { Array($0.utf8) } == [Array("a".utf8), Array("a/\u{301}b".utf8)])
    #expect(
      BundleArchive.neededDirectories(files: ["a/b/c", "a/d", "e"], explicit: ["x/y"]) == ["x", "x/y", "a", "a/b"])
  }
}
