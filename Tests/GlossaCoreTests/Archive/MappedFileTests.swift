import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("MappedFile: pages handed back are read again from the file", .timeLimit(.minutes(10)))
struct MappedFileTests {
  /// Bytes no two pages of which are alike, so a page read from the wrong place shows.
  static func pattern(_ count: Int) -> Data {
    var generator = SplitMix(seed: 42)
    return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  @Test("released ranges, whole pages or not, still read as the file's bytes")
  func releasedRangesReadBack() throws {
    let temp = TemporaryDirectory()
    let url = temp.url.appendingPathComponent("big.bin")
    let bytes = Self.pattern(5 * 4096 + 123)
    try bytes.write(to: url)
    let file = try MappedFile(contentsOf: url)
    #expect(file.data == bytes)
    // A range inside one page, one across a page boundary, most of the file, then all of it.
    for range in [10..<20, 4000..<9000, 100..<(bytes.count - 7), 0..<bytes.count] {
      file.release(range)
      #expect(file.data == bytes, "after releasing \(range)")
    }
  }

  @Test("the file replaced or removed after mapping: the mapping keeps the bytes it was opened with")
  func replacedFile() throws {
    let temp = TemporaryDirectory()
    let url = temp.url.appendingPathComponent("zip.bin")
    let bytes = Self.pattern(3 * 4096)
    try bytes.write(to: url)
    let file = try MappedFile(contentsOf: url)
    try FileManager.default.removeItem(at: url)
    try Data("something else".utf8).write(to: url)
    file.release(0..<bytes.count)
    #expect(file.data == bytes)
  }

  @Test("an empty file is read, not mapped, and releasing does nothing")
  func emptyFile() throws {
    let temp = TemporaryDirectory()
    let url = temp.url.appendingPathComponent("empty.bin")
    try Data().write(to: url)
    let file = try MappedFile(contentsOf: url)
    file.release(0..<0)
    #expect(file.data.isEmpty)
  }

  @Test("a missing file throws")
  func missingFile() {
    #expect(throws: (any Error).self) {
      try MappedFile(contentsOf: URL(fileURLWithPath: "/nonexistent/glossa/file.zip"))
    }
  }

  @Test("every entry of a zip reads the same the second time, after its pages were handed back")
  func zipEntriesReadTwice() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("src"))
    // Large entries, so that whole pages lie inside their compressed data.
    let big = Self.pattern(64 * 1024)
    try big.write(to: temp.appendingPathComponent("src/de.lproj/noise.bin"))
    let zip = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    let archive = try ZipArchive(url: zip, limits: .init())
    let first = try archive.files.indices.map { try archive.data(at: $0) }
    let second = try archive.files.indices.map { try archive.data(at: $0) }
    #expect(first == second)
    let noise = try #require(archive.files.firstIndex { $0.path.hasSuffix("noise.bin") })
    #expect(second[noise] == big)
    for (index, entry) in archive.files.enumerated() where !entry.path.hasSuffix("noise.bin") {
      #expect(second[index] == ArchiveFixtures.smallBundle[String(entry.path.dropFirst("Resources/".count))])
    }
  }
}
