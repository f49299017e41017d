import Foundation
import Testing

@testable import GlossaCore

/// Deciding what a downloaded body is from its bytes.
@Suite("RemoteBodyKind", .timeLimit(.minutes(10)))
struct RemoteBodyKindTests {
  func kind(_ bytes: [UInt8]) -> String {
    do {
      return try RemoteBodyKind.sniff(Data(bytes)).rawValue
    } catch {
      return error.text
    }
  }

  func kind(_ text: String) -> String { kind(Array(text.utf8)) }

  @Test func zipMagic() {
    #expect(kind([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]) == "zip")
    #expect(kind([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)) == "zip")
  }

  @Test func stringsTables() {
    #expect(kind("\"a\" = \"b\";\n") == "strings")
    #expect(kind("/* comment */\n// more\n  \"a\" = \"b\";") == "strings")
    #expect(kind("bare_key = \"b\";") == "strings")
    #expect(kind([0xEF, 0xBB, 0xBF] + Array("\"a\" = \"b\";".utf8)) == "strings")
    #expect(kind([0xFF, 0xFE, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00]) == "strings")
    #expect(kind([0xFE, 0xFF, 0x00, 0x22, 0x00, 0x61]) == "strings")
    #expect(kind([0xEF, 0xBB, 0xBF] + Array("/* empty table */\n".utf8)) == "strings")
  }

  @Test func jsonAndPlist() {
    #expect(kind("  {\"a\": \"b\"}") == "json")
    #expect(kind("[1]") == "json")
    #expect(kind("<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<plist version=\"1.0\"><dict/></plist>") == "stringsdict")
  }

  @Test func refusesHTMLAndText() {
    #expect(kind("<html><head>") == "server sent HTML/text, not a bundle (body starts with “<html><head>”)")
    #expect(
      kind("Service temporarily unavailable\nretry")
        == "server sent HTML/text, not a bundle (body starts with “Service temporarily unavailable”)")
    #expect(kind([0x00, 0x01, 0xFF, 0xC0]) == "server sent HTML/text, not a bundle (body starts with 00 01 ff c0)")
    #expect(kind([]) == "server sent an empty body, not a bundle")
    #expect(
      kind("<?xml version=\"1.0\"?><html><plist>")
        == "server sent HTML/text, not a bundle (body starts with “<?xml version=\"1.0\"?><html><plist>”)")
  }
}
