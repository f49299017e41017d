import Foundation
import GlossaTestSupport
import Testing

/// Issue 17's output items run as a user would: control bytes from files never reach the
/// terminal, huge names are clipped in findings, `dump --format json` escapes quotes, `set`
/// refuses an edit it could not read back, and follows an in-bundle link instead of truncating.
@Suite("Hostile input, output paths")
struct HostileOutputTests {
  let scratch = ScratchDirectory()

  func glossa(_ arguments: [String]) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    return try GlossaBinary.run(arguments, in: scratch.url, timeout: 120)
  }

  static let escape = "\u{1B}]0;PWNED\u{07}\u{1B}[31m"

  func expectNoControls(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
    #expect(controls.isEmpty, "raw control characters: \(controls.map { $0.value })", sourceLocation: sourceLocation)
  }

  @Test("dump and lint escape control characters in file names and keys")
  func escapesInDumpAndLint() throws {
    try scratch.write([
      "App/en.lproj/Evil\(Self.escape).strings": "\"k\(Self.escape)\" = \"v\";\n\"plain\" = \"x\";\n",
      "App/de.lproj/Evil\(Self.escape).strings": "\"plain\" = \"plain\";\n",
    ])
    let dump = try glossa(["dump", "App"])
    #expect(dump.status == 0)
    expectNoControls(dump.stdout)
    #expect(dump.stdout.contains("Evil\\x1B]0;PWNED\\x07\\x1B[31m"))
    #expect(dump.stdout.contains("k\\x1B]0;PWNED\\x07\\x1B[31m = \"v\""))
    let lint = try glossa(["lint", "App"])
    expectNoControls(lint.stdout)
    expectNoControls(lint.stderr)
    #expect(lint.stdout.contains("“k\\x1B]0;PWNED\\x07\\x1B[31m”"))
  }

  @Test("an error naming a zip entry with NUL and escape bytes prints them escaped")
  func escapesInErrors() throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"))
    let zip = scratch.url.appendingPathComponent("evil.zip")
    let python = try TestProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import zipfile, sys
        z = zipfile.ZipFile(sys.argv[1], 'w')
        z.writestr('Resources/en.lproj/a.strings', '"a" = "b";')
        z.writestr('Resources/\\x1b]0;PWNED\\x07/../../../x\\x00y.strings', 'x')
        z.close()
        """, zip.path,
      ])
    try #require(python.succeeded, "\(python.stderrText)")
    let run = try glossa(["lint", "evil.zip"])
    #expect(run.status == 2)
    expectNoControls(run.stderr)
    #expect(run.stderr.contains("\\x1B]0;PWNED\\x07"))
  }

  @Test("unpack names an entry with escape sequences escaped, on one line")
  func escapesInUnpackErrors() throws {
    let entry = "Resources/de.lproj/Evil\(Self.escape).strings"
    try scratch.write([
      "App/\(entry)": "\"k\" = \"v\";\n", "App/Resources/en.lproj/Localizable.strings": "\"k\" = \"v\";\n",
    ])
    #expect(try glossa(["pack", "App", "-o", "evil.zip"]).status == 0)
    // A folder where the entry's file would go: unpack refuses, naming the entry.
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("out/\(entry)"), withIntermediateDirectories: true)
    let run = try glossa(["unpack", "evil.zip", "-o", "out"])
    #expect(run.status == 2)
    expectNoControls(run.stderr)
    let shown = "Resources/de.lproj/Evil\\x1B]0;PWNED\\x07\\x1B[31m.strings"
    #expect(run.stderr.hasPrefix("glossa: evil.zip: cannot unpack '\(shown)': 'out/\(shown)' exists"))
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("a megabyte-long language code is clipped in every finding, not copied")
  func hugeLanguageCode() throws {
    let code = String(repeating: "x", count: 1 << 20)
    var strings: [String] = []
    for index in 0..<3 {
      strings.append(
        "\"key\(index)\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hello %d\" } }, "
          + "\"\(code)\" : { \"stringUnit\" : { \"state\" : \"needs_review\", \"value\" : \"Hi\" } } } }")
    }
    let catalog =
      "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
    try scratch.write(["Localizable.xcstrings": catalog])
    let text = try glossa(["lint", "Localizable.xcstrings"])
    #expect(text.stdout.contains("3 errors, 3 warnings"))
    // Findings that each named the 1 MiB code would print megabytes; clipped, each is a line.
    #expect(text.stdout.utf8.count < 20_000, "lint printed \(text.stdout.utf8.count) bytes")
    #expect(text.stdout.contains("…(1048576 characters)"))
    let json = try glossa(["lint", "Localizable.xcstrings", "--format", "json"])
    #expect(json.stdout.utf8.count < 20_000, "lint --format json printed \(json.stdout.utf8.count) bytes")
  }

  @Test("dump --format json escapes a comment made of quotes exactly")
  func dumpJSONQuotes() throws {
    let quotes = String(repeating: "\"", count: 20_000)
    let escapedQuotes = String(repeating: "\\\"", count: 20_000)
    try scratch.write(["App/en.lproj/Localizable.strings": "/* \(escapedQuotes) */\n\"k\" = \"v\";\n"])
    let run = try glossa(["dump", "App", "--format", "json"])
    #expect(run.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    let comment = try #require(entries.first?["comment"] as? String)
    #expect(comment.contains(quotes) || comment.contains(escapedQuotes))
  }

  @Test("set refuses to append after an unterminated comment and leaves the file alone")
  func setUnterminatedTail() throws {
    let tail = "\"a\" = \"b\";\n/* never closed\n"
    try scratch.write([
      "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "App/de.lproj/Localizable.strings": tail,
    ])
    let run = try glossa(["set", "App", "--lang", "de", "newkey", "v"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("de.lproj/Localizable.strings: setting “newkey” would not read back"))
    #expect(try String(decoding: scratch.read("App/de.lproj/Localizable.strings"), as: UTF8.self) == tail)
  }

  @Test("set through a language folder linked to another edits the target and truncates nothing")
  func setThroughLinkedFolder() throws {
    let lines = (1...54).map { "\"key\($0)\" = \"Value \($0)\";" }.joined(separator: "\n") + "\n"
    try scratch.write(["App/en.lproj/Localizable.strings": lines])
    try FileManager.default.createSymbolicLink(
      atPath: scratch.url.appendingPathComponent("App/en-GB.lproj").path, withDestinationPath: "en.lproj")
    let run = try glossa(["set", "App", "--lang", "en-GB", "--add-language", "newkey", "Colour"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("new file"))
    let text = String(decoding: try scratch.read("App/en.lproj/Localizable.strings"), as: UTF8.self)
    #expect(text == lines + "\"newkey\" = \"Colour\";\n")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(
        atPath: scratch.url.appendingPathComponent("App/en-GB.lproj").path)) == "en.lproj")
  }
}
