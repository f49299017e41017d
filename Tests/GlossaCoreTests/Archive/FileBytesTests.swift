import Foundation
import Testing

@testable import GlossaCore

/// `FileBytes` reads a regular file straight into an array and leaves anything else to the
/// ordinary read (nil), which reports why it fails.
@Suite(.timeLimit(.minutes(10))) struct FileBytesTests {
  @Test func aRegularFileReadsAsItsBytes() throws {
    let temp = TemporaryDirectory()
    // Around the size read in two halves at once, with halves not a whole number of pages.
    let parallel = FileBytes.parallelBytes
    for count in [0, 1, 4096, 3 << 20, parallel - 1, parallel, parallel + 4097, 2 * parallel + 12_345] {
      let url = temp.url.appendingPathComponent("f\(count)")
      let bytes = MappedFileTests.pattern(count)
      try bytes.write(to: url)
      #expect(FileBytes.read(url.path).map { Data($0) } == bytes, "\(count) bytes")
    }
  }

  @Test func anythingElseIsLeftToTheOrdinaryRead() throws {
    let temp = TemporaryDirectory()
    #expect(FileBytes.read(temp.url.appendingPathComponent("missing").path) == nil)
    #expect(FileBytes.read(temp.url.path) == nil)  // a directory
    let fifo = temp.url.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(FileBytes.read(fifo.path) == nil)  // not opened for its bytes, and never blocks
  }

  @Test func aCatalogReadThroughTheArrayEqualsOneReadThroughData() throws {
    let temp = TemporaryDirectory()
    let catalog = """
      {"sourceLanguage":"en","version":"1.0","strings":{"a":{"comment":"c","localizations":{"de":{"stringUnit":\
      {"state":"translated","value":"Wert \\"x\\" ü"}},"en":{"stringUnit":{"state":"translated","value":"A"}}}}}}
      """
    try Data(catalog.utf8).write(to: temp.url.appendingPathComponent("Localizable.xcstrings"))
    let bundle = try LocalizationBundle.open(.directory(temp.url), name: "t")
    let viaArray = try #require(bundle.tables.first { $0.language == "de" })
    let document = StringCatalogDocument(data: Data(catalog.utf8), file: "t/Localizable.xcstrings")
    let viaData = StringCatalogView.views(of: document, fallbackLanguage: "en").first { $0.language == "de" }
    #expect(viaArray.entries == viaData?.entries)
    #expect(viaArray.entries.map(\.value) == ["Wert \"x\" ü"])
  }
}
