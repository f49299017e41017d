import Dispatch
import Foundation
import Testing

@testable import GlossaCore

@Suite("ZipArchive: one open serves reading, selective reading, rewriting and unpacking", .timeLimit(.minutes(10)))
struct ZipArchiveTests {
  static let german = "Resources/de.lproj/Localizable.strings"

  /// Packs the small bundle into `temp/b.zip`.
  func packedBundle(in temp: URL) throws -> URL {
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("src"))
    let zip = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    return zip
  }

  @Test("entries, in archive order, locate their central record, local header and data")
  func spans() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let archive = try ZipArchive(url: try packedBundle(in: temp), limits: .init())
    let bytes = archive.bytes
    #expect(archive.files.map(\.path) == archive.entries.filter { $0.kind == .file }.map(\.path))
    #expect(archive.directories == archive.entries.filter { $0.kind == .directory }.map(\.path))
    #expect(Set(archive.files.map(\.path)) == Set(ArchiveFixtures.smallBundle.keys.map { "Resources/\($0)" }))
    var centralEnd = archive.entries.first?.central.lowerBound ?? 0
    for entry in archive.entries {
      #expect(entry.central.lowerBound == centralEnd, "records follow each other")
      centralEnd = entry.central.upperBound
      #expect(bytes.zipU32(at: entry.central.lowerBound) == ZipArchive.centralSignature)
      #expect(bytes.zipU32(at: entry.local.lowerBound) == ZipArchive.localSignature)
      #expect(entry.local.count == 30 + Int(bytes.zipU16(at: entry.local.lowerBound + 26)))
      let name = entry.kind == .directory ? entry.path + "/" : entry.path
      #expect(bytes[(entry.local.lowerBound + 30)..<entry.local.upperBound] == Data(name.utf8))
      #expect(entry.dataRange.count == Int(entry.compressedSize))
    }
    #expect(bytes.zipU32(at: centralEnd) == ZipArchive.endRecordSignature)
  }

  @Test("a selective read and a rewrite are served from one open, without touching the file again")
  func oneOpen() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = try packedBundle(in: temp)
    let archive = try ZipArchive(url: zip, limits: .init())
    // Whatever is at the path now, the open archive holds its directory and bytes.
    try FileManager.default.removeItem(at: zip)
    try Data("not a zip".utf8).write(to: zip)

    let index = try #require(archive.files.firstIndex { $0.path == Self.german })
    #expect(try archive.data(at: index) == ArchiveFixtures.smallBundle["de.lproj/Localizable.strings"])

    let output = temp.appendingPathComponent("edited.zip")
    let newValue = Data("\"hello\" = \"Hallo\";\n".utf8)
    try archive.rewritten(replacing: [Self.german: newValue], to: output)
    let edited = try ZipArchive(url: output, limits: .init())
    #expect(edited.files.map(\.path) == archive.files.map(\.path))
    for (position, entry) in edited.files.enumerated() where entry.path != Self.german {
      #expect(edited.bytes[entry.dataRange] == archive.bytes[archive.files[position].dataRange])
      #expect(try edited.data(at: position) == archive.data(at: position))
    }
    #expect(try edited.data(at: index) == newValue)
    #expect(try Data(contentsOf: zip) == Data("not a zip".utf8))
  }

  @Test("opening inflates nothing: a damaged entry fails only when it is read")
  func selectiveRead() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = try packedBundle(in: temp)
    let english = "Resources/en.lproj/Localizable.strings"
    var bytes = try Data(contentsOf: zip)
    let damaged = try #require(try ZipArchive(url: zip, limits: .init()).files.first { $0.path == english })
    bytes[damaged.dataRange.lowerBound] ^= 0x55
    try FileManager.default.removeItem(at: zip)
    try bytes.write(to: zip)

    let archive = try ZipArchive(url: zip, limits: .init())
    let englishIndex = try #require(archive.files.firstIndex { $0.path == english })
    let germanIndex = try #require(archive.files.firstIndex { $0.path == Self.german })
    #expect(try archive.data(at: germanIndex) == ArchiveFixtures.smallBundle["de.lproj/Localizable.strings"])
    #expect(throws: ArchiveProblem.self) { try archive.data(at: englishIndex) }
    #expect(throws: ArchiveProblem.self) { try archive.readFiles() }
  }

  @Test("files read in parallel from one open equal a front-to-back read")
  func parallelReads() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(ZipStreamWriterTests.manyFiles, at: temp.appendingPathComponent("src/Resources"))
    let zip = temp.appendingPathComponent("many.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    let archive = try ZipArchive(url: zip, limits: .init())
    let results = ParallelResults<Result<Data, ArchiveProblem>>(count: archive.files.count)
    DispatchQueue.concurrentPerform(iterations: archive.files.count) { index in
      results.set(index, Result { () throws(ArchiveProblem) -> Data in try archive.data(at: index) })
    }
    let parallel = try results.values.map { try $0.get() }
    #expect(parallel == (try archive.readFiles()).map(\.data))
  }

  @Test("unpacking from an open archive writes every file and the archive's directories")
  func unpack() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let archive = try ZipArchive(url: try packedBundle(in: temp), limits: .init())
    let out = temp.appendingPathComponent("out")
    #expect(try archive.unpack(to: out) == archive.files.map(\.path))
    #expect(
      try ArchiveFixtures.readTree(out)
        == Dictionary(uniqueKeysWithValues: ArchiveFixtures.smallBundle.map { ("Resources/\($0.key)", $0.value) }))
  }
}
