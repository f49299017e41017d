import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Python helpers that write zip records by hand (`lh`, `ch`, `eocd`), for shapes `zipfile` will not make.
private let recordHelpers = """
  import zlib
  def lh(name, data, crc=None, size=None):
      crc = zlib.crc32(data) if crc is None else crc
      size = len(data) if size is None else size
      return struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0, crc, len(data), size, len(name), 0) + name
  def ch(name, data, offset):
      return struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, 0, 0, zlib.crc32(data), len(data),
                         len(data), len(name), 0, 0, 0, 0, 0, offset) + name
  def eocd(count, cd, cd_offset):
      return struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, count, count, len(cd), cd_offset, 0)

  """

/// Zip shapes of issue 17: overlapping entries, local headers that disagree with the central
/// directory, leading data, entries that cannot be tables, and unpack's all-or-nothing rule.
@Suite(
  "Zip structure, hostile", .enabled(if: ArchiveFixtures.python != nil, "python3 builds the zips"),
  .timeLimit(.minutes(10)))
struct ZipStructureHostileTests {
  func build(_ script: String) throws -> (temp: URL, zip: URL) {
    let temp = try ArchiveFixtures.makeTempDirectory()
    let zip = temp.appendingPathComponent("bundle.zip")
    try ArchiveFixtures.pythonZip(recordHelpers + script, at: zip)
    return (temp, zip)
  }

  @Test("entries whose data overlap are refused before anything is inflated or written")
  func overlapping() throws {
    let (temp, zip) = try build(
      """
      nb = b'Resources/en.lproj/B.strings'; bd = b'"k" = "v";\\n'
      inner = lh(nb, bd) + bd
      na = b'Resources/en.lproj/A.strings'
      body = lh(na, inner) + inner
      cd = ch(na, inner, 0) + ch(nb, bd, 30 + len(na))
      open(os.environ['OUT'], 'wb').write(body + cd + eocd(2, cd, len(body)))
      """)
    defer { try? FileManager.default.removeItem(at: temp) }
    let problem =
      "entry 'Resources/en.lproj/B.strings' overlaps 'Resources/en.lproj/A.strings' in the archive "
      + "(an overlapping-entry zip bomb?); refused"
    #expect(thrownMessage { try BundleArchive.readFiles(at: zip) } == "\(zip.path): \(problem)")
    let target = temp.appendingPathComponent("out")
    #expect(
      thrownMessage {
        try BundleArchive.unpack(zip, to: target)
      } == "\(zip.path): \(problem); nothing was unpacked")
    #expect(!FileManager.default.fileExists(atPath: target.path))
    let opening = thrownError { try LocalizationBundle.open(zip.path, options: BundleLoadOptions()) }
    #expect(
      opening
        == .archive(
          zip.path,
          problem: .overlapping(entry: "Resources/en.lproj/B.strings", other: "'Resources/en.lproj/A.strings'")))
    #expect(opening?.message == "\(zip.path): \(problem)")
  }

  @Test(
    "a local header whose CRC or size disagrees with the central directory is refused",
    arguments: [
      ("crc=0xDEADBEEF", "CRC-32 0xDEADBEEF, the central directory 0x0D4A1185"),
      ("size=999", "size 999, the central directory 11"),
    ])
  func disagreeing(patch: String, says: String) throws {
    let (temp, zip) = try build(
      """
      n = b'Resources/en.lproj/a.strings'; d = b'hello world'
      body = lh(n, d, \(patch))
      body += d
      cd = ch(n, d, 0)
      open(os.environ['OUT'], 'wb').write(body + cd + eocd(1, cd, len(body)))
      """)
    defer { try? FileManager.default.removeItem(at: temp) }
    #expect(String(DeflateCodec.crc32(Data("hello world".utf8)), radix: 16, uppercase: true) == "D4A1185")
    let problem = "entry 'Resources/en.lproj/a.strings' is damaged (its local header says \(says))"
    #expect(thrownMessage { try BundleArchive.readFiles(at: zip) } == "\(zip.path): \(problem)")
  }

  @Test(
    "a zip after leading data (a self-extracting stub, padding) is read, with or without adjusted offsets",
    arguments: [false, true])
  func leadingData(adjusted: Bool) throws {
    let (temp, zip) = try build(
      """
      stub = b'#!/bin/sh\\necho self-extracting\\nexit 0\\n' + bytes(1000)
      n = b'Resources/en.lproj/Localizable.strings'; d = b'"hello" = "Hello";\\n'
      shift = len(stub) if \(adjusted ? "True" : "False") else 0
      body = lh(n, d) + d
      cd = ch(n, d, shift)
      open(os.environ['OUT'], 'wb').write(stub + body + cd + eocd(1, cd, len(body) + shift))
      """)
    defer { try? FileManager.default.removeItem(at: temp) }
    let files = try BundleArchive.readFiles(at: zip)
    #expect(files.map(\.path) == ["Resources/en.lproj/Localizable.strings"])
    #expect(files.first?.data == Data("\"hello\" = \"Hello\";\n".utf8))
    var bundle = try LocalizationBundle.open(zip.path, options: BundleLoadOptions())
    try bundle.loadAll()
    #expect(bundle.value(at: ValueAddress(language: "en", table: "Localizable", key: "hello")) == "Hello")
  }

  @Test("entries that cannot be tables are not inflated when a bundle is opened")
  func notTablesNotInflated() throws {
    // A 900 MB entry under the 1 GiB limit whose deflate data is garbage: inflating it would
    // fail (and take time); opening neither inflates nor reports it.
    let (temp, zip) = try build(
      """
      n = b'Resources/en.lproj/Localizable.strings'; d = b'"hello" = "Hello";\\n'
      blob = b'Resources/blob.bin'; junk = bytes(range(256)) * 64
      body = lh(n, d) + d
      off = len(body)
      body += struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 8, 0, 0, 0x12345678, len(junk), 900_000_000, len(blob), 0) + blob + junk
      cd = ch(n, d, 0)
      cd += struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 8, 0, 0, 0x12345678, len(junk), 900_000_000,
                        len(blob), 0, 0, 0, 0, 0, off) + blob
      open(os.environ['OUT'], 'wb').write(body + cd + eocd(2, cd, len(body)))
      """)
    defer { try? FileManager.default.removeItem(at: temp) }
    var bundle = try LocalizationBundle.open(zip.path, options: BundleLoadOptions())
    try bundle.loadAll()
    #expect(bundle.languages == ["en"])
  }

  @Test(
    "unpack refuses a name the file system cannot hold, naming the entry, and leaves nothing behind",
    arguments: [
      (
        "'Resources/' + 'x' * 300 + '/en.lproj/a.strings'",
        "its component 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is 300 bytes, longer than the 255 a file name may have"
      ),
      ("'Resources/' + '/'.join(['d' * 9] * 500) + '/a.strings'", "would be"),
    ])
  func unpackLongNames(name: String, says: String) throws {
    let (temp, zip) = try build(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_DEFLATED)
      z.writestr('Resources/en.lproj/Localizable.strings', '"a" = "b";')
      z.writestr(\(name), 'x')
      z.close()
      """)
    defer { try? FileManager.default.removeItem(at: temp) }
    let target = temp.appendingPathComponent("out")
    let before = ArchiveFixtures.listing(temp)
    do {
      try BundleArchive.unpack(zip, to: target)
      Issue.record("unpack should have failed")
    } catch let error as GlossaError {
      #expect(error.message.hasPrefix("\(zip.path): cannot unpack 'Resources/"))
      #expect(error.message.contains(says))
      #expect(error.message.hasSuffix("; nothing was unpacked"))
      #expect(error.message.count < 600)
    }
    #expect(ArchiveFixtures.listing(temp) == before)
  }

  @Test("a write leaves no temporary file of a dead writer behind; a live writer's is kept")
  func staleTemporaries() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    // A process id that named a process which has ended (spawned and reaped here).
    let child = try TestProcess.start("/bin/true")
    #expect(child.wait().succeeded)
    let dead = child.pid
    let target = temp.appendingPathComponent("out.zip")
    let stale = temp.appendingPathComponent(".out.zip.glossa-\(dead)-12345.tmp")
    let live = temp.appendingPathComponent(".out.zip.glossa-1-12345.tmp")  // pid 1 is always running
    let other = temp.appendingPathComponent(".other.zip.glossa-\(dead)-1.tmp")
    for file in [stale, live, other] { try Data("partial".utf8).write(to: file) }
    try ArchiveFixtures.writeTree(ArchiveFixtures.smallBundle, at: temp.appendingPathComponent("b"))
    try BundleArchive.pack(directory: temp.appendingPathComponent("b"), to: target)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: live.path))
    #expect(FileManager.default.fileExists(atPath: other.path))  // another file's temporaries are its own
    #expect(try BundleArchive.readFiles(at: target).count == ArchiveFixtures.smallBundle.count)
  }
}
