import Foundation
import Testing

@testable import GlossaCore

@Suite("Stringsdict diagnostics", .timeLimit(.minutes(10)))
struct StringsdictDiagnosticsTests {
  static func diagnose(_ text: String) -> [String] {
    StringsdictDocument(data: Data(text.utf8), file: "T.stringsdict").diagnostics.map {
      "\($0.kind.rawValue) \($0.line ?? 0):\($0.column ?? 0) \($0.message)"
    }
  }

  static let broken = """
    <plist version="1.0">
    <dict>
      <key>a</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@n@ %1$#@ghost@</string>
        <key>n</key>
        <dict>
          <key>NSStringFormatValueTypeKey</key>
          <string>d</string>
          <key>one</key>
          <string>one</string>
          <key>lots</key>
          <string>lots</string>
          <key>few</key>
          <integer>3</integer>
        </dict>
        <key>dev</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringDeviceSpecificRuleType</string>
          <key>mac</key>
          <string>Mac</string>
        </dict>
        <key>stray</key>
        <string>x</string>
      </dict>
      <key>b</key>
      <string>not a dict</string>
      <key>c</key>
      <dict>
        <key>m</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringPluralRuleType</string>
          <key>other</key>
          <string>x</string>
        </dict>
      </dict>
    </dict>
    </plist>
    """

  @Test("structural problems each give one diagnostic with its line")
  func structural() {
    #expect(
      Self.diagnose(Self.broken) == [
        "plural-structure 6:5 key 'a': the format names %#@ghost@ but there is no 'ghost' dict",
        "plural-structure 7:5 key 'a' variable 'n' has no NSStringFormatSpecTypeKey",
        "plural-structure 13:7 key 'a' variable 'n' has unknown category key 'lots'; expected zero, one, two, few, many or other",
        "plural-structure 16:7 key 'a' variable 'n' category 'few' should be a <string>, found <integer>",
        "plural-structure 7:5 key 'a' variable 'n' has no 'other' form, which every plural rule needs",
        "plural-structure 21:7 note: key 'a' variable 'dev' has NSStringFormatSpecTypeKey 'NSStringDeviceSpecificRuleType', not NSStringPluralRuleType; its forms are not read as plural forms",
        "plural-structure 26:5 key 'a': variable 'stray' should be a <dict>, found <string>",
        "plural-structure 29:3 key 'b': expected a <dict>, found <string>",
        "plural-structure 30:3 key 'c' has no NSStringLocalizedFormatKey",
      ])
  }

  @Test("syntax errors name line, column and what was expected; earlier keys survive")
  func syntax() {
    let text = """
      <plist version="1.0">
      <dict>
        <key>a</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@n@</string>
          <key>n</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
            <key>other</key>
            <string>x</string>
          </dict>
        </dict>
        <key>b</key>
        <string>unclosed
      </dict>
      </plist>
      """
    let document = StringsdictDocument(data: Data(text.utf8), file: "T.stringsdict")
    #expect(
      document.diagnostics.first.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        == "19:1 expected text or </string>, found </dict>")
    #expect(document.entries.map(\.value) == ["x"])
    #expect(document.serialized() == Data(text.utf8))
    #expect(
      Self.diagnose("<plist><dict><key>a</key></dict></plist>") == [
        "parse-error 1:26 expected a value after <key>a</key>, found </dict>"
      ])
    #expect(
      Self.diagnose("<plist><dict><key>a &bogus; b</key></dict></plist>") == [
        "parse-error 1:21 unknown character reference &bogus; in <key>"
      ])
    #expect(
      Self.diagnose("<plist><dict>\n<key>a</key>\n<string>x</string>") == [
        "parse-error 1:8 expected </dict> to close the <dict> opened here, found the end of the file",
        "plural-structure 3:1 key 'a': expected a <dict>, found <string>",
      ])
    #expect(
      Self.diagnose("<plist><dict><key>a</key><string x=\"1\"") == [
        "parse-error 1:26 unterminated tag <string: expected '>'"
      ])
    #expect(Self.diagnose("") == [])
  }

  @Test("hostile nesting is capped, not recursed into")
  func deepNesting() {
    let depth = 100_000
    let text =
      "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
    #expect(
      Self.diagnose(text) == [
        "parse-error 1:456 nesting deeper than 64 levels is not supported",
        "plural-structure 1:8 expected a <dict> at the top level, found <array>",
      ])
  }

  @Test("invalid bytes give an encoding error and keep the bytes")
  func encoding() throws {
    let data = Data([0x3C, 0x70, 0xFF, 0xFE, 0x41, 0x00, 0x80])
    var document = StringsdictDocument(data: data, file: "Bad.stringsdict")
    #expect(document.diagnostics.map(\.kind) == [.encodingError])
    #expect(document.entries.isEmpty)
    #expect(document.serialized() == data)
    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "k", plural: .other, variable: nil, comment: nil)
    }
  }

  @Test("UTF-8 BOM and UTF-16 files are read and written back in their encoding")
  func encodings() throws {
    let text = StringsdictDocumentTests.files
    let bom = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    let withBOM = StringsdictDocument(data: bom, file: "B.stringsdict")
    #expect(withBOM.entries.count == 4)
    #expect(withBOM.serialized() == bom)
    var utf16 = Data([0xFF, 0xFE])
    for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    var document = StringsdictDocument(data: utf16, file: "U.stringsdict")
    #expect(document.entries.count == 4)
    #expect(document.serialized() == utf16)
    try document.setValue("é", forKey: "%d files", plural: .one, variable: "count", comment: nil)
    let back = document.serialized()
    #expect(back.prefix(2) == Data([0xFF, 0xFE]))
    let decoded = String(data: back.dropFirst(2), encoding: .utf16LittleEndian)
    #expect(decoded == text.replacingOccurrences(of: "<string>%ld file</string>", with: "<string>é</string>"))
  }
}
