import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct EncodingErrorTests {
  @Test func invalidUTF8WithoutABOMIsAnEncodingError() {
    let bad = Data("\"a\" = \"caf".utf8) + Data([0xE9, 0x22, 0x3B, 0x0A])
    let bundle = CheckFixtures.bundle(data: [
      ("en.lproj/Localizable.strings", Data("\"a\" = \"Cafe\";\n".utf8)),
      ("fr.lproj/Localizable.strings", bad),
    ])
    let found = CheckFixtures.findings(.encodingError, in: bundle)
    #expect(found.count == 1)
    #expect(found.first?.file == "fr.lproj/Localizable.strings")
    #expect(found.first?.severity == .error)
  }

  @Test func aUTF16FileWithABOMIsReadAndChecked() throws {
    var utf16 = Data([0xFF, 0xFE])
    for unit in "\"a\" = \"Caf\u{E9}\";\n\"b\" = \"%d\";\n".utf16 {
      utf16.append(UInt8(unit & 0xFF))
      utf16.append(UInt8(unit >> 8))
    }
    let bundle = CheckFixtures.bundle(data: [
      ("en.lproj/Localizable.strings", Data("\"a\" = \"Cafe\";\n\"b\" = \"%@\";\n".utf8)),
      ("fr.lproj/Localizable.strings", utf16),
    ])
    let all = try Checker().findings(in: bundle)
    #expect(!all.contains { $0.kind == .encodingError || $0.kind == .parseError })
    #expect(all.filter { $0.kind == .formatMismatch }.map(\.key) == ["b"])
  }
}
