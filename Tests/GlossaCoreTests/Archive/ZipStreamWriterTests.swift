import Foundation
import Testing

@testable import GlossaCore

@Suite("Zip writing: parallel pack, streamed entries, rewrite without inflating", .timeLimit(.minutes(10)))
struct ZipStreamWriterTests {
  /// 12 languages × 12 files of different sizes, plus Info.plist: enough entries for the workers
  /// to finish out of order.
  static let manyFiles: [String: Data] = {
    var tree: [String: Data] = ["Info.plist": Data("<plist><dict/></plist>\n".utf8)]
    for language in 0..<12 {
      for file in 0..<12 {
        let size = (language * 37 + file * 911) % 40_000
        tree["l\(language).lproj/T\(file).strings"] = DeflateCodecTests.sample(
          size, seed: UInt64(language * 100 + file))
      }
    }
    return tree
  }()

  @Test("packing the same tree twice gives the same bytes; unzip -t and our reader accept it")
  func packTwice() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(Self.manyFiles, at: temp.appendingPathComponent("src/Resources"))
    let first = temp.appendingPathComponent("first.zip")
    let second = temp.appendingPathComponent("second.zip")
    let summary = try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: first)
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: second)
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    #expect(summary.files == Self.manyFiles.count)
    #expect(summary.archiveBytes == (try Data(contentsOf: first)).count)
    let files = try BundleArchive.readFiles(at: first)
    #expect(files.map(\.path) == files.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(
      Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.data) })
        == Dictionary(uniqueKeysWithValues: Self.manyFiles.map { ("Resources/\($0.key)", $0.value) }))
    if ArchiveFixtures.unzip != nil { #expect(try ArchiveFixtures.unzipAccepts(first)) }
  }

  @Test("files over the streaming threshold are deflated as they are read, to the same bytes")
  func streamedFiles() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    var tree = Self.manyFiles
    tree["big.lproj/Big.strings"] = DeflateCodecTests.sample(3_500_000)
    try ArchiveFixtures.writeTree(tree, at: temp.appendingPathComponent("src/Resources"))
    let inMemory = temp.appendingPathComponent("memory.zip")
    let streamed = temp.appendingPathComponent("streamed.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: inMemory)
    let summary = try BundleArchive.pack(
      directory: temp.appendingPathComponent("src"), to: streamed, streamingThreshold: 20_000)
    #expect(try Data(contentsOf: streamed) == Data(contentsOf: inMemory))
    #expect(summary.bytes == UInt64(tree.values.reduce(0) { $0 + $1.count }))
    let files = try BundleArchive.readFiles(at: streamed)
    #expect(files.first { $0.path == "Resources/big.lproj/Big.strings" }?.data == tree["big.lproj/Big.strings"])
    if ArchiveFixtures.unzip != nil { #expect(try ArchiveFixtures.unzipAccepts(streamed)) }
  }

  @Test("a file that cannot be read names itself and leaves the old zip", .enabled(if: getuid() != 0))
  func unreadable() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(Self.manyFiles, at: temp.appendingPathComponent("src/Resources"))
    let locked = temp.appendingPathComponent("src/Resources/l3.lproj/T4.strings")
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
    let zip = temp.appendingPathComponent("b.zip")
    try Data("old".utf8).write(to: zip)
    #expect(throws: GlossaError.self) {
      try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    }
    #expect(try Data(contentsOf: zip) == Data("old".utf8))
  }

  @Test(
    "rewrite copies entries written with data descriptors and keeps the archive comment",
    .enabled(if: ArchiveFixtures.python != nil))
  func descriptors() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("d.zip")
    // A file object without tell() makes zipfile write data descriptors (flag bit 3).
    try ArchiveFixtures.pythonZip(
      """
      class Pipe:
          def __init__(self, f): self.f = f
          def write(self, b): return self.f.write(b)
          def flush(self): self.f.flush()
          def tell(self): raise OSError('not seekable')
      f = open(os.environ['OUT'], 'wb')
      z = zipfile.ZipFile(Pipe(f), 'w', compression=zipfile.ZIP_DEFLATED)
      z.comment = b'made by a pipe'
      for name, text in [('Resources/de.lproj/Localizable.strings', '"a" = "b";'),
                         ('Resources/en.lproj/Localizable.strings', '"a" = "a";' * 50),
                         ('Resources/fr.lproj/Localizable.strings', '"a" = "c";')]:
          with z.open(name, 'w') as w: w.write(text.encode())
      z.close(); f.close()
      """, at: zip)
    let original = try Data(contentsOf: zip)
    #expect(try ZipArchive(url: zip, limits: .init()).entries.count == 3)
    #expect(original.range(of: Data([0x50, 0x4B, 0x07, 0x08])) != nil, "the fixture has data descriptors")
    try BundleArchive.rewrite(zip, replacing: ["Resources/de.lproj/Localizable.strings": Data("\"a\" = \"x\";".utf8)])
    let files = try BundleArchive.readFiles(at: zip)
    #expect(
      files.map(\.path) == [
        "Resources/de.lproj/Localizable.strings", "Resources/en.lproj/Localizable.strings",
        "Resources/fr.lproj/Localizable.strings",
      ])
    #expect(files[0].data == Data("\"a\" = \"x\";".utf8))
    #expect(files[1].data == Data(String(repeating: "\"a\" = \"a\";", count: 50).utf8))
    let rewritten = try Data(contentsOf: zip)
    #expect(rewritten.suffix(14) == Data("made by a pipe".utf8))
    if ArchiveFixtures.unzip != nil { #expect(try ArchiveFixtures.unzipAccepts(zip)) }
  }

  @Test("rewrite does not inflate entries it copies: damage elsewhere is carried, not reported or made worse")
  func copiesWithoutInflating() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("src"))
    let zip = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    var bytes = try Data(contentsOf: zip)
    let english = try #require(
      try ZipArchive(url: zip, limits: .init()).files.first { $0.path == "Resources/en.lproj/Localizable.strings" })
    bytes[english.dataRange.lowerBound] ^= 0x55
    try bytes.write(to: zip)
    #expect(throws: GlossaError.self) { try BundleArchive.readFiles(at: zip) }

    try BundleArchive.rewrite(
      zip, replacing: ["Resources/de.lproj/Localizable.strings": Data("\"hello\" = \"Hi\";".utf8)])
    let after = try ZipArchive(url: zip, limits: .init())
    let moved = try #require(after.files.first { $0.path == english.path })
    #expect(after.bytes[moved.dataRange] == bytes[english.dataRange])
    #expect(throws: GlossaError.self) { try BundleArchive.readFiles(at: zip) }
  }
}

extension ZipStreamWriterTests {
  @Test("an archive that would need ZIP64 for its entry count is refused and not written")
  func tooManyEntries() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("many.zip")
    #expect(
      thrownMessage {
        try AtomicFile.write(to: zip) { stream in
          let writer = ZipStreamWriter(stream, archive: "many.zip")
          for index in 0..<70_000 { try writer.addDirectory("d\(index)") }
          try writer.finish()
        }
      }
        == "many.zip: the archive would hold more than 65,534 entries, which needs ZIP64; glossa does not write ZIP64 archives"
    )
    #expect(!FileManager.default.fileExists(atPath: zip.path))
    #expect(ArchiveFixtures.listing(temp).isEmpty, "the temporary file is removed")
  }
}
