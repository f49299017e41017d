import Foundation
import Testing

@testable import GlossaCore

@Suite("JSONTableDocument", .timeLimit(.minutes(10)))
struct JSONTableDocumentTests {
  static let nested = """
    {
      "login": {
        "title": "Sign in",
        "button": "Go \\"now\\""
      },
      "count": 3,
      "flags": [true, null, "not an entry"],
      "home.title": "Caf\\u00e9 \\ud83d\\ude00\\nline"
    }

    """

  static func document(_ text: String) -> JSONTableDocument {
    JSONTableDocument(data: Data(text.utf8), file: "t.json")
  }

  static func text(_ document: JSONTableDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  @Test("nested objects flatten to dotted keys; escapes decode; non-strings are kept but skipped")
  func nestedAndEscapes() {
    let document = Self.document(Self.nested)
    #expect(document.diagnostics.isEmpty)
    #expect(
      document.entries.map { "\($0.key)=\($0.value)@\($0.line):\($0.column)" } == [
        "login.title=Sign in@3:5", "login.button=Go \"now\"@4:5", "home.title=Café 😀\nline@8:3",
      ])
    #expect(document.entries.allSatisfy { $0.comment == nil && $0.plural == nil })
    #expect(document.serialized() == Data(Self.nested.utf8))
  }

  @Test("flat tables and a BOM")
  func flat() {
    let text = "\u{FEFF}{\"a.b\": \"x\", \"c\": \"y\"}"
    let document = Self.document(text)
    #expect(document.entries.map(\.key) == ["a.b", "c"])
    #expect(document.serialized() == Data(text.utf8))
  }

  @Test("editing keeps the file's escaping style and changes only the literal")
  func edit() throws {
    var document = Self.document(Self.nested)
    try document.setValue("Entrée \"ok\"\\\t😀", forKey: "login.title", plural: nil, variable: nil, comment: nil)
    #expect(
      Self.text(document)
        == Self.nested.replacingOccurrences(
          of: "\"Sign in\"", with: "\"Entr\\u00e9e \\\"ok\\\"\\\\\\t\\ud83d\\ude00\""))
    #expect(document.value(forKey: "login.title") == "Entrée \"ok\"\\\t😀")
    var raw = Self.document("{\n  \"a\": \"é\"\n}\n")
    try raw.setValue("ü\u{1}", forKey: "a", plural: nil, variable: nil, comment: nil)
    #expect(Self.text(raw) == "{\n  \"a\": \"ü\\u0001\"\n}\n")
  }

  @Test("adding walks into the deepest object and matches indentation and separators")
  func add() throws {
    var document = Self.document(Self.nested)
    try document.setValue("Forgot?", forKey: "login.help", plural: nil, variable: nil, comment: nil)
    #expect(
      Self.text(document)
        == Self.nested.replacingOccurrences(
          of: "\"button\": \"Go \\\"now\\\"\"", with: "\"button\": \"Go \\\"now\\\"\",\n    \"help\": \"Forgot?\""))
    try document.setValue("Deep", forKey: "settings.privacy.title", plural: nil, variable: nil, comment: nil)
    #expect(
      Self.text(document).hasSuffix(
        "\"home.title\": \"Caf\\u00e9 \\ud83d\\ude00\\nline\",\n  \"settings\": {\n    \"privacy\": {\n      \"title\": \"Deep\"\n    }\n  }\n}\n"
      ))
    #expect(document.value(forKey: "settings.privacy.title") == "Deep")
    #expect(document.diagnostics.isEmpty)

    var tabs = Self.document("{\n\t\"a\" : \"x\"\n}")
    try tabs.setValue("y", forKey: "b.c", plural: nil, variable: nil, comment: nil)
    #expect(Self.text(tabs) == "{\n\t\"a\" : \"x\",\n\t\"b.c\" : \"y\"\n}")

    var empty = Self.document("")
    try empty.setValue("v", forKey: "k", plural: nil, variable: nil, comment: nil)
    #expect(Self.text(empty) == "{\n  \"k\": \"v\"\n}\n")

    var inner = Self.document("{\n  \"a\": {}\n}\n")
    try inner.setValue("v", forKey: "a.b", plural: nil, variable: nil, comment: nil)
    #expect(Self.text(inner) == "{\n  \"a\": {\n    \"b\": \"v\"\n  }\n}\n")

    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "count.more", plural: nil, variable: nil, comment: nil)
    }
    #expect(throws: GlossaError.self) {
      try document.setValue("x", forKey: "login.title", plural: .one, variable: nil, comment: nil)
    }
  }

  @Test("removing drops the member's line and the right comma")
  func remove() throws {
    var document = Self.document(Self.nested)
    try document.removeValue(forKey: "login.title", plural: nil, variable: nil)
    #expect(Self.text(document) == Self.nested.replacingOccurrences(of: "    \"title\": \"Sign in\",\n", with: ""))
    try document.removeValue(forKey: "home.title", plural: nil, variable: nil)
    #expect(Self.text(document).hasSuffix("\"flags\": [true, null, \"not an entry\"]\n}\n"))
    try document.removeValue(forKey: "login.button", plural: nil, variable: nil)
    #expect(Self.text(document).hasPrefix("{\n  \"login\": {},\n"))
    #expect(throws: GlossaError.self) { try document.removeValue(forKey: "nope", plural: nil, variable: nil) }
    var inline = Self.document("{\"a\": \"1\", \"b\": \"2\", \"c\": \"3\"}")
    try inline.removeValue(forKey: "b", plural: nil, variable: nil)
    #expect(Self.text(inline) == "{\"a\": \"1\", \"c\": \"3\"}")
  }

  @Test("duplicate keys name both lines")
  func duplicates() {
    let document = Self.document("{\n  \"a.b\": \"1\",\n  \"a\": {\n    \"b\": \"2\"\n  }\n}")
    let duplicate = document.diagnostics.first
    #expect(duplicate?.kind == .duplicateKey)
    #expect(duplicate?.line == 4)
    #expect(duplicate?.relatedLine == 2)
    #expect(duplicate?.key == "a.b")
    #expect(duplicate?.message == "key 'a.b' appears again; the first occurrence is on line 2")
    #expect(document.value(forKey: "a.b") == "2")
  }

  @Test("locale-keyed files parse as nested tables without trouble")
  func localeKeyed() {
    let document = Self.document("{\"en\": {\"hi\": \"Hi\"}, \"de\": {\"hi\": \"Hallo\"}}")
    #expect(document.entries.map(\.key) == ["en.hi", "de.hi"])
  }
}
