import Foundation
import Testing

@testable import GlossaCore

@Suite("JSONTable diagnostics", .timeLimit(.minutes(10)))
struct JSONTableDiagnosticsTests {
  static func diagnose(_ text: String) -> [String] {
    JSONTableDocument(data: Data(text.utf8), file: "t.json").diagnostics.map {
      "\($0.kind.rawValue) \($0.line ?? 0):\($0.column ?? 0) \($0.message)"
    }
  }

  @Test("syntax errors give line, column and what was expected")
  func syntax() {
    #expect(
      Self.diagnose("{\n  \"a\": \"x\",\n  \"b\" \"y\"\n}") == [
        "parse-error 3:7 expected ':' after key \"b\", found '\"'"
      ])
    #expect(
      Self.diagnose("{\"a\": \"x\",}") == [
        "parse-error 1:11 expected a member after ',', found '}' (trailing commas are not JSON)"
      ])
    #expect(
      Self.diagnose("{\"a\": \"x\\q\"}") == [
        "parse-error 1:9 expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\q'"
      ])
    #expect(Self.diagnose("{\"a\": \"\\ud83d\"}") == ["parse-error 1:8 expected a low surrogate escape after \\uD83D"])
    #expect(
      Self.diagnose("{\"a\": \"é") == [
        "parse-error 1:7 expected '\"' to close the string opened here, found the end of the file"
      ])
    #expect(
      Self.diagnose("{\"a\": tru}") == [
        "parse-error 1:7 expected a value (string, number, object, array, true, false or null), found 't'"
      ])
    #expect(Self.diagnose("[\"a\"]") == ["parse-error 1:1 expected an object at the top level, found an array"])
    #expect(
      Self.diagnose("{} {}") == ["parse-error 1:4 expected the end of the file after the top-level value, found '{'"])
    #expect(Self.diagnose("  \n") == [])
  }

  @Test("a missing comma is reported and assumed; other errors keep what came before")
  func recovery() throws {
    var document = JSONTableDocument(
      data: Data("{\n  \"a\": \"1\"\n  \"b\": \"2\",\n  \"c\": 3 4,\n  \"d\": \"lost\"\n}".utf8), file: "t.json")
    #expect(
      document.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } == [
        "3:3 expected ',' or '}', found '\"'",
        "4:10 expected ',' or '}', found '4'",
      ])
    #expect(document.entries.map(\.key) == ["a", "b"])
    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "a", plural: nil, variable: nil, comment: nil)
    }
  }

  @Test("hostile nesting is capped")
  func deepNesting() {
    let text = "{\"a\":" + String(repeating: "[", count: 200_000)
    #expect(Self.diagnose(text) == ["parse-error 1:133 nesting deeper than 128 levels is not supported"])
  }

  @Test("invalid UTF-8 gives an encoding error and keeps the bytes")
  func encoding() {
    let data = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D])
    let document = JSONTableDocument(data: data, file: "t.json")
    #expect(document.diagnostics.map(\.kind) == [.encodingError])
    #expect(document.entries.isEmpty)
    #expect(document.serialized() == data)
  }

  @Test("an encoding error names the line and column of the first bad byte")
  func encodingPosition() {
    let data = Data("{\n  \"a\": \"caf".utf8) + Data([0xE9]) + Data("\"\n}\n".utf8)
    let document = JSONTableDocument(data: data, file: "t.json")
    #expect(
      document.diagnostics.map(\.description) == [
        "t.json:2:12: invalid UTF-8 sequence starting with byte 0xE9; expected UTF-8 JSON"
      ])
    let utf16 = JSONTableDocument(data: Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]), file: "u.json")
    #expect(utf16.diagnostics.map(\.message) == ["the file is UTF-16LE with BOM; expected UTF-8 JSON"])
  }
}
