import Foundation
import Testing

@testable import GlossaCore

/// `GlossaError`: equality by case and values, messages without command-line flags, and the
/// cases the operations that once threw free text throw now.
@Suite("GlossaError", .timeLimit(.minutes(10)))
struct GlossaErrorTests {
  /// One error of every case, with problems that name limits the executable has flags for.
  static let samples: [GlossaError] = [
    .notFound("b"), .notABundle("b", reason: "r"), .unknownLanguage("t.strings", reason: nil),
    .notLocalizedObjects("o.json", line: 2, column: 3, reason: "r"),
    .noSuchLanguage(bundle: "b", language: "xx", languages: ["de"]),
    .noSuchSourceLanguage(bundle: "b", language: "xx", languages: ["de"]),
    .noSuchTable(bundle: "b", table: "T", tables: ["L"]), .ambiguousTable(bundle: "b", key: "k", tables: ["A", "B"]),
    .noTableForKey(bundle: "b", key: "k", tables: []),
    .pseudoLanguage(bundle: "b", language: "en-XA", problem: .exists(source: "en")),
    .archive("b.zip", problem: .notZip), .pack("b", problem: .nothingToPack),
    .unpack("b.zip", problem: .destinationNotFolder("out")),
    .remote("https://x/b.zip", problem: .timedOut(seconds: 30, received: 10, announced: 20)),
    .remote("https://x/b.zip", problem: .silent(seconds: 7.5, timeout: 30, received: nil, announced: nil)),
    .remote("https://x/b.zip", problem: .tooLarge(size: 9, limit: 8, announced: true)),
    .remote("https://x/b.zip", problem: .notCached(cacheDirectory: "/cache")),
    .git("b", problem: .unknownRevision("x")),
    .config(
      ".glossa.yml", line: 1, column: 8, problem: .wrongValue(setting: "slack", expected: "a number", found: "x")),
    .keymap("keys", line: 1, column: 1, problem: .unknownAction("leave")), .readFailed("f", reason: "r"),
    .writeFailed("f", reason: "r"), .fileSystem("d", operation: .createFolder, reason: "r"), .changedOnDisk("f"),
    .readOnly("u", reason: "r"), .invalidEdit("f", problem: .noKey("k")),
    .invalidEdit("f", line: 2, column: 3, problem: .keyExists("k")), .invalid("m"),
  ]

  @Test("equality is by case and values, not by what the message says")
  func structuralEquality() {
    let message = GlossaError.notFound("x").message
    #expect(GlossaError.invalid(message).message == message)
    #expect(GlossaError.invalid(message) != .notFound("x"))
    #expect(GlossaError.readFailed("a", reason: "r") == .readFailed("a", reason: "r"))
    #expect(GlossaError.readFailed("a", reason: "r") != .writeFailed("a", reason: "r"))
    #expect(
      GlossaError.config("c", line: 1, column: 2, problem: .unknownAlias)
        != .config("c", line: 1, column: 3, problem: .unknownAlias))
    #expect(Set(Self.samples).count == Self.samples.count)
    #expect(Set(Self.samples + Self.samples).count == Self.samples.count)
  }

  @Test("messages name the file first and no command-line flag", arguments: samples)
  func messagesNameNoFlags(_ error: GlossaError) {
    #expect(!error.message.contains("--"), "\(error.message)")
    #expect(!error.message.isEmpty)
  }

  @Test("places are file:line:column, file:line or file")
  func places() {
    #expect(
      GlossaError.config("c.yml", line: 3, column: 5, problem: .unknownAlias).message
        == "c.yml:3:5: an alias that names no anchor")
    #expect(
      GlossaError.keymap("keys", line: nil, column: nil, problem: .notUTF8).message
        == "keys: the key bindings file is not UTF-8 text")
    #expect(
      GlossaError.notLocalizedObjects("o.json", line: 4, column: nil, reason: "r").message
        == "o.json:4: not a localized-object JSON file: r")
  }

  @Test("a refused edit's message is the file, its place and the problem, as the free text was")
  func editMessages() {
    #expect(
      GlossaError.invalidEdit("de/Localizable", problem: .valueChanged(key: "k", expected: "\"a\"", found: "absent"))
        .message == "de/Localizable key k is no longer \"a\" but absent; the edit was not applied")
    #expect(
      GlossaError.invalidEdit("L.xcstrings", line: 3, column: 5, problem: .keyExists("k")).message
        == "L.xcstrings:3:5: key \"k\" already exists")
    #expect(
      GlossaError.invalidEdit("t.strings", problem: .wouldNotReadBack(key: "k", othersChange: true, complaint: " (x)"))
        .message
        == "t.strings: setting “k” would change how other entries read (x); fix the unterminated literal or comment "
        + "first (nothing was changed)")
    #expect(
      GlossaError.invalidEdit("c.json", problem: .repeatedKey(key: "k", lines: [2, 9])).message
        == "c.json: 'k' is defined 2 times (lines 2, 9); remove the repeats first (nothing was changed)")
    #expect(
      GlossaError.invalidEdit("c.json", problem: .localizedObjectsHaveNoPlurals(key: nil)).message
        == "c.json: localized objects hold no plural forms")
    #expect(
      GlossaError.invalidEdit("t.strings", problem: .wouldLookLikeUTF16(encoding: .utf8)).message.hasPrefix(
        "t.strings: after this edit the file would no longer read as UTF-8 (it holds NUL bytes"))
  }

  @Test("a config names the value that was wrong and what was expected")
  func configCases() {
    #expect(
      thrownError { try CheckConfig.parse("slack: many\n", file: "c.yml") }
        == .config(
          "c.yml", line: 1, column: 8,
          problem: .wrongValue(setting: "slack", expected: "a whole number of columns", found: "many")))
    #expect(
      thrownError { try CheckConfig.parse("colour: red\n", file: "c.yml") }
        == .config(
          "c.yml", line: 1, column: 1, problem: .unknownName("colour", kind: "setting", expected: CheckConfig.settings))
    )
    #expect(
      thrownError { try CheckConfig.parse("slack: 1\nslack: 2\n", file: "c.yml") }
        == .config("c.yml", line: 2, column: 1, problem: .duplicateKeys(["slack"])))
    #expect(
      thrownError { try CheckConfig.parse("baseline:\n  - {language: de}\n", file: "c.yml") }
        == .config("c.yml", line: 2, column: 5, problem: .missingField("kind", entry: "a baseline entry", example: nil))
    )
  }

  @Test("packing, unpacking and repacking throw their problems")
  func archiveCases() throws {
    let directory = TemporaryDirectory()
    let root = directory.url
    let bundle = root.appendingPathComponent("bundle")
    try ArchiveFixtures.writeTree(["de.lproj/Localizable.strings": Data("\"a\" = \"b\";\n".utf8)], at: bundle)
    let zip = root.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: bundle, to: zip)

    let missing = root.appendingPathComponent("missing")
    #expect(thrownError { try BundleArchive.pack(directory: missing, to: zip) } == .notFound(missing.relativePath))
    let empty = root.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    #expect(
      thrownError { try BundleArchive.pack(directory: empty, to: zip) }
        == .pack(empty.relativePath, problem: .nothingToPack))

    let notes = root.appendingPathComponent("notes.txt")
    try Data("plain text".utf8).write(to: notes)
    #expect(
      thrownError { try BundleArchive.unpack(zip, to: notes) }
        == .unpack(zip.relativePath, problem: .destinationNotFolder(notes.relativePath)))
    #expect(
      thrownError { try BundleArchive.unpack(notes, to: root.appendingPathComponent("out")) }
        == .unpack(notes.relativePath, problem: .archive(.notZip)))
    #expect(thrownError { try BundleArchive.readFiles(at: notes) } == .archive(notes.relativePath, problem: .notZip))

    let loaded = try LocalizationBundle.load(bundle.path)
    #expect(
      thrownError { try loaded.writeZip(to: root.appendingPathComponent("v.zip"), bundleVersion: "5") }
        == .pack(loaded.name, problem: .noInfoPlist(bundleVersion: "5")))
    let single = try LocalizationBundle.load(bundle.appendingPathComponent("de.lproj/Localizable.strings").path)
    let repacked = thrownError { try single.writeZip(to: root.appendingPathComponent("s.zip")) }
    if case .pack(_, .singleTableFile)? = repacked {
    } else {
      Issue.record("a single table file was not refused as one: \(String(describing: repacked))")
    }
  }

  @Test("documents, journals and downloads throw their cases")
  func otherCases() throws {
    #expect(
      thrownError { try LocalizedObjectDocument.read(Data("{\n  \"title\": \"Trails\"\n}".utf8), file: "c.json") }
        == .notLocalizedObjects(
          "c.json", line: 2, column: 3,
          reason: "'title' is a string outside any localized object (an object whose keys are all locale codes "
            + "and whose values are all strings)"))
    var strings = StringsDocument(data: Data("\"a\" = \"b\";\n".utf8), file: "t.strings")
    #expect(
      thrownError { try strings.removeValue(forKey: "nope", plural: nil, variable: nil) }
        == .invalidEdit("t.strings", problem: .noKeyToRemove(rawKey: "nope")))

    #expect(throws: RemoteProblem.emptyBody) { try RemoteBodyKind.sniff(Data()) }
    #expect(throws: RemoteProblem.notABundle(start: "“<html>”")) { try RemoteBodyKind.sniff(Data("<html>".utf8)) }

    let directory = TemporaryDirectory()
    let store = JournalStore(directory: directory.url)
    let file = store.url(forBundle: "/b")
    try Data("not json".utf8).write(to: file)
    let error = thrownError { try store.read(forBundle: "/b") }
    if case .readFailed(file.path, let reason)? = error {
      #expect(reason.hasPrefix("an edit journal: ") && reason.hasSuffix("; delete it to discard its edits"))
    } else {
      Issue.record("an unreadable journal was not a read failure: \(String(describing: error))")
    }
  }
}
