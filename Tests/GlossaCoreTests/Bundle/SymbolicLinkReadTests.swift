import Foundation
import Testing

@testable import GlossaCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reading what is outside the folder the user named: a table linked to `/proc/self/environ`
/// or to a `.env` file is never read (so its text can never be printed as a source text), a
/// FIFO is reported instead of skipped, and `--sources` and `--metadata` follow the same rule
/// (`FolderWalk`), with a link cycle that ends.
@Suite("Symbolic links and special files in reads", .timeLimit(.minutes(10)))
struct SymbolicLinkReadTests {
  static let secret = "glossa-planted-secret-\(UUID().uuidString)"

  /// A bundle with `en` and `fr` tables, `temp/outside/.env` holding the secret.
  static func fixture() throws -> (temp: URL, root: URL, dotenv: URL) {
    let temp = try ArchiveFixtures.makeTempDirectory()
    let root = temp.appendingPathComponent("App")
    try ArchiveFixtures.writeTree(
      [
        "en.lproj/Localizable.strings": Data("\"hello\" = \"Hello\";\n".utf8),
        "fr.lproj/Localizable.strings": Data("\"hello\" = \"Bonjour\";\n".utf8),
      ], at: root)
    let dotenv = temp.appendingPathComponent("outside/.env")
    try ArchiveFixtures.writeTree(["outside/.env": Data("API_TOKEN=\(secret)\n".utf8)], at: temp)
    return (temp, root, dotenv)
  }

  static func allText(of findings: [Finding]) -> String {
    findings.map { "\($0.message) \($0.key ?? "") \($0.file ?? "")" }.joined(separator: "\n")
  }

  @Test("tables linked to a .env file and to /proc/self/environ are refused by name, their text never read")
  func linksOutOfTheBundle() throws {
    let (temp, root, dotenv) = try Self.fixture()
    defer { try? FileManager.default.removeItem(at: temp) }
    setenv("GLOSSA_TEST_SECRET", Self.secret, 1)
    defer { unsetenv("GLOSSA_TEST_SECRET") }
    let fm = FileManager.default
    try fm.createDirectory(at: root.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: root.appendingPathComponent("de.lproj/Localizable.strings").path, withDestinationPath: dotenv.path)
    try fm.createDirectory(at: root.appendingPathComponent("es.lproj"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: root.appendingPathComponent("es.lproj/Localizable.strings").path,
      withDestinationPath: "/proc/self/environ")
    // A relative link that climbs out is the same as an absolute one.
    try fm.createDirectory(at: root.appendingPathComponent("it.lproj"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      atPath: root.appendingPathComponent("it.lproj/Localizable.strings").path,
      withDestinationPath: "../../outside/.env")
    let bundle = try LocalizationBundle.load(root.path)
    var findings: [Finding] = []
    try Checker().run(bundle) { findings.append($0) }
    let text = Self.allText(of: findings)
    #expect(!text.contains(Self.secret))
    #expect(!bundle.tables.contains { $0.entries.contains { $0.value.contains(Self.secret) } })
    let refused = findings.filter { $0.kind == .unreadableFile }.compactMap(\.file).sorted()
    #expect(
      refused == [
        "de.lproj/Localizable.strings", "es.lproj/Localizable.strings", "it.lproj/Localizable.strings",
      ])
    #expect(findings.first { $0.kind == .unreadableFile }?.severity == .error)
    #expect(findings.first { $0.kind == .unreadableFile }?.message.contains("outside the bundle") == true)
  }

  @Test("links inside the bundle are still followed")
  func linksInside() throws {
    let (temp, root, _) = try Self.fixture()
    defer { try? FileManager.default.removeItem(at: temp) }
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("en-GB.lproj").path, withDestinationPath: "en.lproj")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("de.lproj/Localizable.strings").path,
      withDestinationPath: "../fr.lproj/Localizable.strings")
    let bundle = try LocalizationBundle.load(root.path)
    #expect(bundle.languages.sorted() == ["de", "en", "en-GB", "fr"])
    #expect(bundle.value(at: ValueAddress(language: "de", table: "Localizable", key: "hello")) == "Bonjour")
    #expect(!bundle.diagnostics.contains { $0.kind == .unreadableFile })
  }

  @Test("a FIFO table is reported as unreadable, not skipped and not waited on")
  func fifo() throws {
    let (temp, root, _) = try Self.fixture()
    defer { try? FileManager.default.removeItem(at: temp) }
    #expect(mkfifo(root.appendingPathComponent("fr.lproj/Other.strings").path, 0o644) == 0)
    let bundle = try LocalizationBundle.load(root.path)
    var findings: [Finding] = []
    try Checker().run(bundle) { findings.append($0) }
    let fifo = findings.first { $0.kind == .unreadableFile }
    #expect(fifo?.file == "fr.lproj/Other.strings")
    #expect(fifo?.message.contains("FIFO") == true)
  }

  @Test("--sources: a link cycle ends, links out of the folder are refused, each folder is read once")
  func sourcesWalk() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(
      [
        "App/Sources/A.swift": Data("let a = NSLocalizedString(\"a\", comment: \"\")\n".utf8),
        "Outside/B.swift": Data("let b = NSLocalizedString(\"\(Self.secret)\", comment: \"\")\n".utf8),
      ], at: temp)
    let fm = FileManager.default
    let sources = temp.appendingPathComponent("App/Sources")
    try fm.createSymbolicLink(atPath: sources.appendingPathComponent("loop").path, withDestinationPath: "..")
    try fm.createSymbolicLink(atPath: sources.appendingPathComponent("self").path, withDestinationPath: ".")
    try fm.createSymbolicLink(
      atPath: sources.appendingPathComponent("Shared").path,
      withDestinationPath: temp.appendingPathComponent("Outside").path)
    try fm.createSymbolicLink(
      atPath: sources.appendingPathComponent("B.swift").path,
      withDestinationPath: temp.appendingPathComponent("Outside/B.swift").path)
    let uses = try SourceScan.scan([temp.appendingPathComponent("App").path])
    #expect(uses.uses.map(\.key) == [.exact("a")])
    #expect(uses.passedOver.map { ($0.path as NSString).lastPathComponent }.sorted() == ["B.swift", "Shared"])
    #expect(uses.passedOver.allSatisfy { $0.reason.contains("outside the scanned folder") })
  }

  @Test("--metadata: a listing text linked out of the folder is refused, not read")
  func metadataLink() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(
      [
        "metadata/en-US/subtitle.txt": Data("Hike more\n".utf8),
        "shadow": Data("root:\(Self.secret):19000:0:99999:7:::\n".utf8),
      ], at: temp)
    try FileManager.default.createSymbolicLink(
      atPath: temp.appendingPathComponent("metadata/en-US/name.txt").path,
      withDestinationPath: temp.appendingPathComponent("shadow").path)
    let metadata = try StoreMetadata.read(directory: temp.appendingPathComponent("metadata").path)
    #expect(metadata.texts.map(\.field) == [.subtitle])
    #expect(!metadata.texts.contains { $0.text.contains(Self.secret) })
    #expect(metadata.passedOver.map { ($0.path as NSString).lastPathComponent } == ["name.txt"])
  }
}
