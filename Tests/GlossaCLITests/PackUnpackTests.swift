import Foundation
import GlossaTestSupport
import Testing

/// Runs the built `glossa` binary for `pack` and `unpack`: output lines, messages and exit codes.
@Suite("glossa pack / unpack")
struct PackUnpackTests {
  static let binary = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/glossa")
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `glossa arguments` with `directory` as the working directory.
  func glossa(_ arguments: [String], in directory: URL) throws -> Run {
    let run = try GlossaBinary.run(arguments, in: directory)
    return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  /// A temp folder holding `bundle/` with two languages.
  func makeWorkspace() throws -> URL {
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-cli-\(UUID().uuidString)")
    let files = [
      "bundle/Info.plist": "<plist/>\n",
      "bundle/de.lproj/Localizable.strings": "\"a\" = \"b\";\n",
      "bundle/en.lproj/Localizable.strings": "\"a\" = \"a\";\n",
    ]
    for (path, text) in files {
      let url = temp.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return temp
  }

  @Test("pack then unpack: one summary line each, exit 0, files restored")
  func packUnpack() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    let pack = try glossa(["pack", "bundle", "-o", "bundle.zip"], in: temp)
    #expect(pack.status == 0)
    #expect(pack.stderr == "")
    let size = try Data(contentsOf: temp.appendingPathComponent("bundle.zip")).count
    #expect(pack.stdout == "packed 3 files (31 bytes) into bundle.zip (\(size) bytes)\n")

    let unpack = try glossa(["unpack", "bundle.zip", "-o", "out"], in: temp)
    #expect(unpack.status == 0)
    #expect(unpack.stdout == "unpacked 3 files (31 bytes) into out\n")
    let restored = try Data(contentsOf: temp.appendingPathComponent("out/Resources/de.lproj/Localizable.strings"))
    #expect(restored == Data("\"a\" = \"b\";\n".utf8))
  }

  @Test("limits from the command line: one error line, exit 2, nothing written")
  func limits() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    _ = try glossa(["pack", "bundle", "-o", "bundle.zip"], in: temp)
    let entries = try glossa(["unpack", "bundle.zip", "-o", "out", "--max-entries", "2"], in: temp)
    #expect(entries.status == 2)
    #expect(entries.stdout == "")
    #expect(
      entries.stderr == "glossa: bundle.zip: archive holds 6 entries, more than the limit of 2; nothing was unpacked\n")
    let bytes = try glossa(["unpack", "bundle.zip", "-o", "out", "--max-bytes", "10"], in: temp)
    #expect(bytes.status == 2)
    #expect(
      bytes.stderr
        == "glossa: bundle.zip: archive declares 31 uncompressed bytes, more than the limit of 10; nothing was unpacked\n"
    )
    #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("out").path))
  }

  @Test("bad inputs: not a zip, truncated zip, not a bundle folder")
  func badInputs() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    try Data("plain text".utf8).write(to: temp.appendingPathComponent("notes.zip"))
    let notZip = try glossa(["unpack", "notes.zip", "-o", "out"], in: temp)
    #expect(notZip.status == 2)
    #expect(notZip.stderr == "glossa: notes.zip: not a zip archive; nothing was unpacked\n")

    _ = try glossa(["pack", "bundle", "-o", "bundle.zip"], in: temp)
    let full = try Data(contentsOf: temp.appendingPathComponent("bundle.zip"))
    try full.prefix(full.count - 30).write(to: temp.appendingPathComponent("cut.zip"))
    let cut = try glossa(["unpack", "cut.zip", "-o", "out"], in: temp)
    #expect(cut.status == 2)
    #expect(
      cut.stderr
        == "glossa: cut.zip: archive is truncated (its end-of-central-directory record is missing); nothing was unpacked\n"
    )

    let empty = temp.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let notBundle = try glossa(["pack", "empty", "-o", "bundle.zip"], in: temp)
    #expect(notBundle.status == 2)
    #expect(
      notBundle.stderr
        == "glossa: empty: nothing to pack (expected a Resources/ folder, or .lproj folders, Info.plist, a .xcstrings catalog or localized-object .json files at its top level)\n"
    )
    #expect(try Data(contentsOf: temp.appendingPathComponent("bundle.zip")) == full)
    #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("out").path))
  }

  @Test("a path-traversal entry is refused with the entry named", .enabled(if: python != nil))
  func traversal() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    let python = try TestProcess.run(
      Self.python ?? "/usr/bin/python3",
      ["-c", "import zipfile; z = zipfile.ZipFile('evil.zip', 'w'); z.writestr('../evil.txt', 'x'); z.close()"],
      directory: temp)
    try #require(python.succeeded, "\(python.stderrText)")
    let run = try glossa(["unpack", "evil.zip", "-o", "out/inner"], in: temp)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glossa: evil.zip: entry '../evil.txt' would be written outside the target directory; nothing was unpacked\n"
    )
    #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("out").path))
    #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("evil.txt").path))
  }
}

extension PackUnpackTests {
  @Test("unpack -o naming an existing file says so in one line and writes nothing")
  func unpackOntoFile() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    _ = try glossa(["pack", "bundle", "-o", "bundle.zip"], in: temp)
    try Data("notes".utf8).write(to: temp.appendingPathComponent("notes.txt"))
    let run = try glossa(["unpack", "bundle.zip", "-o", "notes.txt"], in: temp)
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "glossa: bundle.zip: cannot unpack into notes.txt: it exists and is not a directory; nothing was unpacked\n")
    #expect(try Data(contentsOf: temp.appendingPathComponent("notes.txt")) == Data("notes".utf8))
  }

  @Test("pack twice gives the same bytes, and unzip -t accepts them")
  func packTwiceCLI() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "run swift build first")
    let temp = try makeWorkspace()
    defer { try? FileManager.default.removeItem(at: temp) }
    #expect(try glossa(["pack", "bundle", "-o", "one.zip"], in: temp).status == 0)
    #expect(try glossa(["pack", "bundle", "-o", "two.zip"], in: temp).status == 0)
    let one = try Data(contentsOf: temp.appendingPathComponent("one.zip"))
    #expect(one == (try Data(contentsOf: temp.appendingPathComponent("two.zip"))))
    let unzip = ["/usr/bin/unzip", "/usr/local/bin/unzip"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if let unzip {
      let run = try TestProcess.run(unzip, ["-tq", "one.zip"], directory: temp)
      #expect(run.status == 0, "\(run.stdoutText)\(run.stderrText)")
    }
  }
}
