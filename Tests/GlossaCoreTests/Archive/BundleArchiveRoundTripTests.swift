import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("BundleArchive round trip", .timeLimit(.minutes(10)))
struct BundleArchiveRoundTripTests {
  @Test("pack → unpack → pack reproduces every file and the same zip bytes")
  func roundTripSmallBundle() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let source = temp.appendingPathComponent("bundle")
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: source)
    try Data("junk".utf8).write(to: source.appendingPathComponent(".DS_Store"))
    try Data("junk".utf8).write(to: source.appendingPathComponent("de.lproj/.X.strings.glossa-1-2.tmp"))

    let zip = temp.appendingPathComponent("bundle.zip")
    let summary = try BundleArchive.pack(directory: source, to: zip)
    #expect(summary.files == ArchiveFixtures.smallBundle.count)
    #expect(summary.bytes == UInt64(ArchiveFixtures.smallBundle.values.reduce(0) { $0 + $1.count }))

    let out = temp.appendingPathComponent("out")
    let written = try BundleArchive.unpack(zip, to: out)
    let expected = Dictionary(
      uniqueKeysWithValues: ArchiveFixtures.smallBundle.map { ("Resources/\($0.key)", $0.value) })
    #expect(Set(written) == Set(expected.keys))
    #expect(try ArchiveFixtures.readTree(out) == expected)

    // The unpacked tree has Resources/ at its root; packing it again gives identical bytes.
    let again = temp.appendingPathComponent("again.zip")
    try BundleArchive.pack(directory: out, to: again)
    #expect(try Data(contentsOf: again) == Data(contentsOf: zip))
  }

  @Test("readFiles lists regular files in sorted archive order with their bytes")
  func readFilesOrder() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("b"))
    let zip = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("b"), to: zip)
    let files = try BundleArchive.readFiles(at: zip)
    #expect(
      files.map(\.path) == [
        "Resources/Info.plist", "Resources/de.lproj/Localizable.strings", "Resources/de.lproj/Plurals.stringsdict",
        "Resources/en.lproj/Localizable.strings", "Resources/ja.lproj/Empty.strings",
        "Resources/ja.lproj/Nested/Deep.json",
      ])
    for file in files {
      #expect(ArchiveFixtures.smallBundle[String(file.path.dropFirst("Resources/".count))] == file.data)
    }
  }

  @Test("pack is deterministic: same tree, different mtimes → identical bytes; unzip -t accepts it")
  func determinism() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let first = temp.appendingPathComponent("one/Resources")
    let second = temp.appendingPathComponent("two/Resources")
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: first)
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: second)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000), .posixPermissions: 0o600],
      ofItemAtPath: second.appendingPathComponent("Info.plist").path)
    let zipA = temp.appendingPathComponent("a.zip")
    let zipB = temp.appendingPathComponent("b.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("one"), to: zipA)
    try BundleArchive.pack(directory: temp.appendingPathComponent("two"), to: zipB)
    #expect(try Data(contentsOf: zipA) == Data(contentsOf: zipB))
    if ArchiveFixtures.unzip != nil {
      #expect(try ArchiveFixtures.unzipAccepts(zipA))
    }
  }

  @Test("a failed pack leaves the old zip intact")
  func failedPackKeepsOldZip() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("b.zip")
    try Data("old".utf8).write(to: zip)
    let notBundle = temp.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: notBundle, withIntermediateDirectories: true)
    #expect(
      thrownMessage {
        try BundleArchive.pack(directory: notBundle, to: zip)
      }
        == "\(notBundle.path): nothing to pack (expected a Resources/ folder, or .lproj folders, Info.plist, a .xcstrings catalog or localized-object .json files at its top level)"
    )
    let linked = temp.appendingPathComponent("linked/de.lproj")
    try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: linked.appendingPathComponent("X.strings").path,
      withDestinationPath: "/etc/passwd")
    #expect(
      thrownMessage {
        try BundleArchive.pack(directory: temp.appendingPathComponent("linked"), to: zip)
      } == "\(linked.path)/X.strings: is a symbolic link; pack does not follow links")
    #expect(try Data(contentsOf: zip) == Data("old".utf8))
    #expect(ArchiveFixtures.listing(temp).filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  @Test("corpus .lproj files survive pack → unpack byte for byte", .corpus)
  func corpusRoundTrip() throws {
    let corpus = try Corpus.root()
    let paths = ArchiveFixtures.listing(corpus).filter {
      $0.contains(".lproj/") && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
    }
    var tree: [String: Data] = [:]
    for path in paths {
      let url = corpus.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
      tree[path] = try Data(contentsOf: url)
    }
    #expect(tree.count > 10)
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    try ArchiveFixtures.writeTree(tree, at: temp.appendingPathComponent("src/Resources"))
    let zip = temp.appendingPathComponent("corpus.zip")
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    let out = temp.appendingPathComponent("out")
    try BundleArchive.unpack(zip, to: out)
    let expected = Dictionary(uniqueKeysWithValues: tree.map { ("Resources/\($0.key)", $0.value) })
    #expect(try ArchiveFixtures.readTree(out) == expected)
    if ArchiveFixtures.unzip != nil {
      #expect(try ArchiveFixtures.unzipAccepts(zip))
    }
  }
}
