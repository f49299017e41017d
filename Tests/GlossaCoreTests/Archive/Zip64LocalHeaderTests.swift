import Foundation
import Testing

@testable import GlossaCore

/// Zips whose headers use ZIP64 fields although the files are small: Python's `zipfile` with
/// `force_zip64=True` (what a server streaming a zip of unknown size writes) marks the local
/// header's sizes all ones and gives them in a ZIP64 extra field; other writers do the same in
/// the central directory. `unzip -t` accepts both; so does Glossa, and it keeps checking that the
/// two records agree.
@Suite(
  "ZIP64 fields in small zips", .enabled(if: ArchiveFixtures.python != nil, "python3 builds the zips"),
  .timeLimit(.minutes(10)))
struct Zip64LocalHeaderTests {
  static let files = [
    ("Resources/en.lproj/Localizable.strings", "\"hello\" = \"Hello\";\n"),
    ("Resources/ja.lproj/Localizable.strings", "\"hello\" = \"こんにちは\";\n"),
    ("Resources/ar.lproj/Localizable.strings", "\"hello\" = \"مرحبا 👋🏽\";\n"),
  ]

  func build(_ method: String, tamper: String = "") throws -> (temp: URL, zip: URL) {
    let temp = try ArchiveFixtures.makeTempDirectory()
    let zip = temp.appendingPathComponent("bundle.zip")
    let entries = Self.files.map { "(\(Self.python($0.0)), \(Self.python($0.1)))" }.joined(separator: ", ")
    try ArchiveFixtures.pythonZip(
      """
      with zipfile.ZipFile(os.environ['OUT'], 'w', zipfile.\(method)) as z:
          for name, text in [\(entries)]:
              with z.open(name, 'w', force_zip64=True) as f:
                  f.write(text.encode('utf-8'))
      # Some Python versions write the real sizes when they fit, others all ones: make every
      # local header say all ones, as a streaming writer does, so the extra field is what counts.
      data = bytearray(open(os.environ['OUT'], 'rb').read())
      pos = 0
      while data[pos:pos + 4] == b'PK\\x03\\x04':
          name_len, extra_len = struct.unpack('<HH', data[pos + 26:pos + 30])
          compressed = struct.unpack('<Q', data[pos + 30 + name_len + 12:pos + 30 + name_len + 20])[0]
          struct.pack_into('<II', data, pos + 18, 0xFFFFFFFF, 0xFFFFFFFF)
          pos += 30 + name_len + extra_len + compressed
      open(os.environ['OUT'], 'wb').write(bytes(data))
      \(tamper)
      """, at: zip)
    return (temp, zip)
  }

  /// A Python bytes-free string literal of `text` (UTF-8 escapes).
  static func python(_ text: String) -> String {
    "'"
      + text.unicodeScalars.map {
        $0.isASCII && $0 != "'" && $0 != "\\" && $0.value >= 0x20 ? String($0) : String(format: "\\U%08x", $0.value)
      }.joined() + "'"
  }

  @Test(
    "stored and deflated entries with ZIP64 local headers read, rewrite and unpack",
    arguments: ["ZIP_STORED", "ZIP_DEFLATED"])
  func readsLikeUnzip(method: String) throws {
    let (temp, zip) = try build(method)
    defer { try? FileManager.default.removeItem(at: temp) }
    #expect(try ArchiveFixtures.unzipAccepts(zip))
    var bundle = try LocalizationBundle.load(zip.path)
    #expect(bundle.value(at: ValueAddress(language: "ja", table: "Localizable", key: "hello")) == "こんにちは")
    #expect(bundle.value(at: ValueAddress(language: "ar", table: "Localizable", key: "hello")) == "مرحبا 👋🏽")
    try bundle.setValue("Hallo", forKey: "hello", language: "en", table: "Localizable")
    _ = try bundle.save()
    #expect(try ArchiveFixtures.unzipAccepts(zip))
    let again = try LocalizationBundle.load(zip.path)
    #expect(again.value(at: ValueAddress(language: "en", table: "Localizable", key: "hello")) == "Hallo")
    #expect(again.value(at: ValueAddress(language: "ar", table: "Localizable", key: "hello")) == "مرحبا 👋🏽")
  }

  @Test("a ZIP64 local size that disagrees with the directory is still refused")
  func disagreementRefused() throws {
    // The first local header's ZIP64 size (8 bytes after the extra field's 4-byte head) is changed.
    let (temp, zip) = try build(
      "ZIP_STORED",
      tamper: """
        data = bytearray(open(os.environ['OUT'], 'rb').read())
        name_len, extra_len = struct.unpack('<HH', data[26:30])
        start = 30 + name_len + 4
        struct.pack_into('<Q', data, start, 7)
        open(os.environ['OUT'], 'wb').write(bytes(data))
        """)
    defer { try? FileManager.default.removeItem(at: temp) }
    #expect(throws: GlossaError.self) { try LocalizationBundle.load(zip.path) }
  }
}
