import Foundation
import Testing

@testable import GlossaCore

/// Python snippets that patch little-endian fields of a finished zip (`b` is its bytearray).
private let patchHelpers = """
  def patch(fn):
      b = bytearray(open(os.environ['OUT'], 'rb').read())
      fn(b)
      open(os.environ['OUT'], 'wb').write(bytes(b))
  def central(b):
      return b.find(b'PK\\x01\\x02')

  """

@Suite(
  "BundleArchive hostile archives", .enabled(if: ArchiveFixtures.python != nil, "python3 builds the zips"),
  .timeLimit(.minutes(10)))
struct BundleArchiveHostileTests {
  /// Builds `bundle.zip` with `script`, unpacks it into `work/a/out`, and checks the exact message and
  /// that the temp tree is unchanged (nothing outside, nothing inside the target).
  func expectRejected(_ script: String, problem: (URL) -> String, limits: ArchiveLimits = .init())
    throws
  {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("bundle.zip")
    try ArchiveFixtures.pythonZip(patchHelpers + script, at: zip)
    try FileManager.default.createDirectory(
      at: temp.appendingPathComponent("work/a"), withIntermediateDirectories: true)
    let target = temp.appendingPathComponent("work/a/out")
    let before = ArchiveFixtures.listing(temp)
    #expect(
      thrownMessage {
        try BundleArchive.unpack(zip, to: target, limits: limits)
      } == "\(zip.path): \(problem(zip)); nothing was unpacked")
    #expect(ArchiveFixtures.listing(temp) == before)
    #expect(!FileManager.default.fileExists(atPath: target.path))
    #expect(
      thrownMessage {
        try BundleArchive.readFiles(at: zip, limits: limits)
      } == "\(zip.path): \(problem(zip))")
  }

  @Test(
    "paths escaping the target are refused",
    arguments: [
      "../evil.txt", "Resources/../../evil.txt", "/etc/x", "..\\evil.txt", "C:\\x.txt", "c:/x.txt",
      "\\\\server\\x", "../\u{301}evil.txt", "Resources/../\u{301}../evil.txt", "/\u{301}etc/x",
    ])
  func escapingPaths(_ name: String) throws {
    let literal = name.replacingOccurrences(of: "\\", with: "\\\\")
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w')
      z.writestr('Resources/ok.strings', 'fine')
      z.writestr(zipfile.ZipInfo('\(literal)'), 'evil')
      z.close()
      """, problem: { _ in "entry '\(name)' would be written outside the target directory" })
  }

  @Test("an existing link is not followed when the next component starts with a combining mark")
  func linkBeforeCombiningMark() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("bundle.zip")
    try ArchiveFixtures.pythonZip(
      "z = zipfile.ZipFile(os.environ['OUT'], 'w'); z.writestr('Resources/\u{301}a.strings', 'x'); z.close()",
      at: zip)
    let target = temp.appendingPathComponent("out")
    let elsewhere = temp.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: target.appendingPathComponent("Resources").path, withDestinationPath: elsewhere.path)
    #expect(
      thrownMessage {
        try BundleArchive.unpack(zip, to: target)
      } == "\(zip.path): cannot unpack 'Resources': '\(target.path)/Resources' is a symbolic link; nothing was unpacked"
    )
    #expect(ArchiveFixtures.listing(elsewhere).isEmpty)
  }

  @Test("a backslash inside an otherwise safe path is refused")
  func backslash() throws {
    try expectRejected(
      "z = zipfile.ZipFile(os.environ['OUT'], 'w'); z.writestr('Resources\\\\a.strings', 'x'); z.close()",
      problem: { _ in "entry 'Resources\\a.strings' has a backslash in its path; zip paths use '/'" })
  }

  @Test("symbolic link entries are refused")
  func symlink() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w')
      info = zipfile.ZipInfo('Resources/link')
      info.create_system = 3
      info.external_attr = 0o120777 << 16
      z.writestr(info, '/etc/passwd')
      z.close()
      """, problem: { _ in "entry 'Resources/link' is a symbolic link; bundle archives may not hold links" })
  }

  @Test("more entries than the limit are refused before reading any")
  func tooManyEntries() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w')
      for i in range(5): z.writestr('Resources/f%d.strings' % i, 'x')
      z.close()
      """, problem: { _ in "archive holds 5 entries, more than the limit of 3" },
      limits: ArchiveLimits(maxEntries: 3))
  }

  @Test("a declared total above the limit is refused")
  func declaredTooLarge() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_DEFLATED)
      z.writestr('Resources/a.strings', 'x' * 600)
      z.writestr('Resources/b.strings', 'y' * 600)
      z.close()
      """, problem: { _ in "archive declares 1200 uncompressed bytes, more than the limit of 1000" },
      limits: ArchiveLimits(maxUncompressedBytes: 1000))
  }

  @Test("a zip bomb that lies about its size is stopped while inflating")
  func lyingBomb() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_DEFLATED)
      z.writestr('Resources/bomb.strings', b'\\0' * (8 << 20))
      z.close()
      def lie(b):
          struct.pack_into('<I', b, 22, 100)
          struct.pack_into('<I', b, central(b) + 24, 100)
      patch(lie)
      """, problem: { _ in "entry 'Resources/bomb.strings' inflates past the limit of 1048576 uncompressed bytes" },
      limits: ArchiveLimits(maxUncompressedBytes: 1 << 20))
  }

  @Test("a lying size within the limit is still caught as damage")
  func lyingSize() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_DEFLATED)
      z.writestr('Resources/a.strings', b'a' * 5000)
      z.close()
      def lie(b):
          struct.pack_into('<I', b, 22, 100)
          struct.pack_into('<I', b, central(b) + 24, 100)
      patch(lie)
      """, problem: { _ in "entry 'Resources/a.strings' is damaged (declared 100 bytes, holds 5000)" })
  }

  @Test("a truncated archive is refused")
  func truncated() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_DEFLATED)
      z.writestr('Resources/a.strings', 'hello ' * 1000)
      z.close()
      b = open(os.environ['OUT'], 'rb').read()
      open(os.environ['OUT'], 'wb').write(b[:len(b) // 2])
      """, problem: { _ in "archive is truncated (its end-of-central-directory record is missing)" })
  }

  @Test("a deflate stream running past its entry is refused, not looped on")
  func runawayDeflate() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_STORED)
      z.writestr('Resources/a.strings', b'\\x00\\xff\\xff\\x00\\x00abc')
      z.close()
      def deflate(b):
          struct.pack_into('<H', b, 8, 8)
          struct.pack_into('<H', b, central(b) + 10, 8)
      patch(deflate)
      """, problem: { _ in "entry 'Resources/a.strings' is truncated (its data runs past the end of the archive)" })
  }

  @Test("bytes that are not a zip are refused")
  func notZip() throws {
    try expectRejected(
      "open(os.environ['OUT'], 'w').write('\"hello\" = \"world\";\\n' * 10)",
      problem: { _ in "not a zip archive" })
  }

  @Test("a CRC mismatch is refused")
  func crc() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.ZIP_STORED)
      z.writestr('Resources/a.strings', 'hello world')
      z.close()
      def flip(b):
          b[30 + len('Resources/a.strings')] ^= 1
      patch(flip)
      """, problem: { _ in "entry 'Resources/a.strings' is damaged (CRC-32 mismatch)" })
  }

  @Test("duplicate entry paths are refused, also when spelled differently")
  func duplicates() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w')
      z.writestr('Resources/a.strings', 'one')
      z.writestr('./Resources//a.strings', 'two')
      z.close()
      """, problem: { _ in "entry 'Resources/a.strings' occurs more than once" })
  }

  @Test("a path used as both file and directory is refused")
  func fileAndDirectory() throws {
    try expectRejected(
      """
      z = zipfile.ZipFile(os.environ['OUT'], 'w')
      z.writestr('Resources/de.lproj', 'file')
      z.writestr('Resources/de.lproj/a.strings', 'x')
      z.close()
      """, problem: { _ in "entry 'Resources/de.lproj' is both a file and a directory" })
  }

  @Test("a link already inside the target is never followed")
  func existingLinkInTarget() throws {
    let temp = try ArchiveFixtures.makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: temp) }
    let zip = temp.appendingPathComponent("bundle.zip")
    try ArchiveFixtures.writeTree(["de.lproj/a.strings": Data("x".utf8)], at: temp.appendingPathComponent("src"))
    try BundleArchive.pack(directory: temp.appendingPathComponent("src"), to: zip)
    let target = temp.appendingPathComponent("out")
    let elsewhere = temp.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: target.appendingPathComponent("Resources").path, withDestinationPath: elsewhere.path)
    #expect(
      thrownMessage {
        try BundleArchive.unpack(zip, to: target)
      } == "\(zip.path): cannot unpack 'Resources': '\(target.path)/Resources' is a symbolic link; nothing was unpacked"
    )
    #expect(ArchiveFixtures.listing(elsewhere).isEmpty)
  }
}
