import Foundation
import Testing

@testable import GlossaCore

@Suite("BundleArchive rewrite", .timeLimit(.minutes(10)))
struct BundleArchiveRewriteTests {
  /// Packs the small bundle into `temp/b.zip`.
  func packedBundle(in temp: URL) throws -> URL {
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("src"))
    let zip = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    return zip
  }

  /// The compressed bytes of each file, which a rewrite copies unless it replaces the file.
  func compressedRecords(_ zip: URL) throws -> [String: Data] {
    let archive = try ZipArchive(url: zip, limits: .init())
    var records: [String: Data] = [:]
    for entry in archive.files {
      records[entry.path] = Data(archive.bytes[entry.dataRange])
    }
    return records
  }

  @Test("replacing one entry changes only it; other entries keep their compressed bytes")
  func replaceOne() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = try packedBundle(in: temp)
    let before = try compressedRecords(zip)
    let order = try BundleArchive.readFiles(at: zip).map(\.path)
    let newValue = Data("\"hello\" = \"Hallo\";\n".utf8)
    try BundleArchive.rewrite(zip, replacing: ["Resources/de.lproj/Localizable.strings": newValue])

    let files = try BundleArchive.readFiles(at: zip)
    var expected = Dictionary(
      uniqueKeysWithValues: ArchiveFixtures.smallBundle.map { ("Resources/\($0.key)", $0.value) })
    expected["Resources/de.lproj/Localizable.strings"] = newValue
    #expect(Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.data) }) == expected)
    #expect(files.map(\.path) == order, "the replaced entry keeps its place")

    let after = try compressedRecords(zip)
    for (path, record) in before where path != "Resources/de.lproj/Localizable.strings" {
      #expect(after[path] == record, "\(path) was recompressed")
    }
    if ArchiveFixtures.unzip != nil { #expect(try ArchiveFixtures.unzipAccepts(zip)) }
  }

  @Test("an absent entry is added with its directories, to a separate output; the input is untouched")
  func addToOutput() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = try packedBundle(in: temp)
    let original = try Data(contentsOf: zip)
    let output = temp.appendingPathComponent("new.zip")
    try BundleArchive.rewrite(
      zip, replacing: ["Resources/fr.lproj/Localizable.strings": Data("\"hello\" = \"Salut\";".utf8)], to: output)
    #expect(try Data(contentsOf: zip) == original)
    let out = temp.appendingPathComponent("out")
    try BundleArchive.unpack(output, to: out)
    #expect(
      try ArchiveFixtures.readTree(out)["Resources/fr.lproj/Localizable.strings"]
        == Data("\"hello\" = \"Salut\";".utf8))
    #expect(try ArchiveFixtures.readTree(out).count == ArchiveFixtures.smallBundle.count + 1)
    #expect(try ZipArchive(url: output, limits: .init()).directories.contains("Resources/fr.lproj"))
  }

  @Test("unsafe or conflicting replacement paths are refused and nothing is written")
  func unsafeReplacement() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = try packedBundle(in: temp)
    let original = try Data(contentsOf: zip)
    #expect(
      thrownMessage {
        try BundleArchive.rewrite(zip, replacing: ["../x": Data()])
      } == "\(zip.path): entry '../x' would be written outside the target directory")
    #expect(
      thrownMessage {
        try BundleArchive.rewrite(zip, replacing: ["Resources/de.lproj": Data()])
      } == "\(zip.path): entry 'Resources/de.lproj' is both a file and a directory")
    #expect(try Data(contentsOf: zip) == original)
  }
}
