import Foundation
import Testing

@testable import GlossaCore

@Suite("LocalizedObjectDocument", .timeLimit(.minutes(10)))
struct LocalizedObjectDocumentTests {
  static let nested = """
    {
      "home": {
        "greeting": {
          "en": "Hello",
          "en-GB": "Good day",
          "fr": "Bonjour"
        },
        "banner.title": {"en": "News", "de": "Neuigkeiten"}
      },
      "farewell": {
        "fr": "Au revoir",
        "en": "Goodbye"
      },
      "version": 3,
      "tags": ["not", "entries"]
    }

    """

  static func document(_ text: String, file: String = "t.json") -> LocalizedObjectDocument {
    LocalizedObjectDocument(data: Data(text.utf8), file: file)
  }

  static func text(_ document: LocalizedObjectDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  static func summary(_ document: LocalizedObjectDocument) -> [String] {
    document.objects.map { object in
      object.key + " "
        + object.values.map { "\($0.language)=\($0.value)@\($0.line):\($0.column)" }.joined(separator: " ")
    }
  }

  @Test("nested localized objects give key paths, languages in order, numbers and arrays kept")
  func nestedObjects() {
    let document = Self.document(Self.nested)
    #expect(document.mismatch == nil)
    #expect(document.diagnostics.isEmpty)
    #expect(!document.isWholeFile)
    #expect(
      Self.summary(document) == [
        "home.greeting en=Hello@4:7 en-GB=Good day@5:7 fr=Bonjour@6:7",
        "home.banner.title en=News@8:22 de=Neuigkeiten@8:36",
        "farewell fr=Au revoir@11:5 en=Goodbye@12:5",
      ])
    #expect(document.objects.map(\.line) == [3, 8, 10])
    #expect(document.languages == ["en", "en-GB", "fr", "de"])
    #expect(document.serialized() == Data(Self.nested.utf8))
  }

  @Test("a top-level object that is itself localized is one object with an empty key")
  func wholeFile() throws {
    let text = "{\"en\": \"Hello\", \"en-GB\": \"Good day\", \"en-US\": \"Howdy\", \"fr\": \"Bonjour\"}"
    let document = try LocalizedObjectDocument.read(Data(text.utf8), file: "hello.json")
    #expect(document.isWholeFile)
    #expect(Self.summary(document) == [" en=Hello@1:2 en-GB=Good day@1:17 en-US=Howdy@1:38 fr=Bonjour@1:56"])
    #expect(document.object(forKey: "")?.value(for: "en_gb")?.value == "Good day")
  }

  @Test(
    "detection rule: every member a locale code with a string value; no stray strings",
    arguments: [
      (
        "{\"title\": {\"en\": \"A\", \"subtitle\": \"B\"}}", "1:12: 'title.en' is a string outside any localized object"
      ),
      ("{\"a\": {\"en\": \"A\", \"fr\": 3}}", "1:8: 'a.en' is a string outside any localized object"),
      ("{\"a\": {\"en\": \"A\"}, \"b\": \"plain\"}", "1:20: 'b' is a string outside any localized object"),
      ("{\"a\": {\"ok\": \"OK\", \"no\": \"No\"}}", "1:8: 'a.ok' is a string outside any localized object"),
      ("{\"a\": {\"und\": \"x\"}}", "1:8: 'a.und' is a string outside any localized object"),
      ("{\"a\": {\"en-GB-oxendict\": \"x\"}}", "1:8: 'a.en-GB-oxendict' is a string outside any localized object"),
      ("{\"a\": {}, \"n\": 1}", "1:1: no localized object"),
      ("[{\"en\": \"x\"}]", "1:1: expected an object at the top level, found an array"),
      ("{\"a\": {\"en\": \"x\"", "1:7: expected '}' to close the object opened here, found the end of the file"),
      ("", "the file is empty; expected an object of localized objects"),
    ])
  func detection(text: String, expected: String) {
    let mismatch = Self.document(text).mismatch
    #expect(mismatch.map { String($0.description.prefix(expected.count)) } == expected)
    #expect(throws: GlossaError.self) { try LocalizedObjectDocument.read(Data(text.utf8), file: "t.json") }
  }

  @Test("locale codes: CLDR languages with optional script and region, either separator, any case")
  func localeCodes() {
    for code in ["en", "EN", "en-GB", "en_gb", "zh-Hant", "zh-Hant-HK", "es-419", "fil", "pt_BR", "iw", "sr-Latn"] {
      #expect(LocaleCode.isLocaleCode(code), "\(code)")
    }
    for code in [
      "", "e", "english", "ok", "yes", "title", "en-", "en--GB", "en-GB-x", "en-G", "en-1234", "und", "root", "zz",
    ] {
      #expect(!LocaleCode.isLocaleCode(code), "\(code)")
    }
  }

  @Test("the same language spelled twice in one object is a duplicate; the later value wins")
  func spellingDuplicate() {
    let document = Self.document(
      "{\n  \"k\": {\n    \"pt-BR\": \"um\",\n    \"pt_BR\": \"dois\",\n    \"en\": \"one\"\n  }\n}\n")
    #expect(
      document.diagnostics.map(\.description) == [
        "t.json:4:5: language 'pt_BR' of 'k' repeats 'pt-BR' from line 3; the later value wins"
      ])
    #expect(document.diagnostics.first?.relatedLine == 3)
    #expect(document.object(forKey: "k")?.value(for: "pt-BR")?.value == "dois")
    #expect(document.object(forKey: "k")?.value(for: "PT_br")?.value == "dois")
    #expect(document.object(forKey: "k")?.value(for: "pt") == nil)
    let exact = Self.document("{\"k\": {\"en\": \"a\", \"en\": \"b\"}}")
    #expect(exact.diagnostics.map(\.kind) == [.duplicateKey])
    #expect(exact.object(forKey: "k")?.value(for: "en")?.value == "b")
  }

  @Test("changing a value touches only its literal, in the file's escaping")
  func changeValue() throws {
    var document = Self.document(Self.nested)
    try document.setValue("Hi \"there\"", forKey: "home.greeting", language: "en")
    #expect(Self.text(document) == Self.nested.replacingOccurrences(of: "\"Hello\"", with: "\"Hi \\\"there\\\"\""))
    var escaped = Self.document("{\"k\": {\"en\": \"Caf\\u00e9\", \"fr\": \"x\"}}")
    try escaped.setValue("Thé", forKey: "k", language: "fr")
    #expect(Self.text(escaped) == "{\"k\": {\"en\": \"Caf\\u00e9\", \"fr\": \"Th\\u00e9\"}}")
    var spelled = Self.document("{\"k\": {\"pt_BR\": \"a\", \"en\": \"b\"}}")
    try spelled.setValue("c", forKey: "k", language: "pt-BR")
    #expect(Self.text(spelled) == "{\"k\": {\"pt_BR\": \"c\", \"en\": \"b\"}}")
  }

  @Test("a new language goes after the object's last member in the object's own layout")
  func insertLanguage() throws {
    var document = Self.document(Self.nested)
    try document.setValue("Bonjour à tous", forKey: "farewell", language: "fr-CA")
    try document.setValue("Hallo", forKey: "home.greeting", language: "de")
    try document.setValue("Nouvelles", forKey: "home.banner.title", language: "fr")
    let expected = Self.nested
      .replacingOccurrences(of: "\"Goodbye\"\n", with: "\"Goodbye\",\n    \"fr-CA\": \"Bonjour à tous\"\n")
      .replacingOccurrences(of: "\"Bonjour\"\n", with: "\"Bonjour\",\n      \"de\": \"Hallo\"\n")
      .replacingOccurrences(of: "\"Neuigkeiten\"}", with: "\"Neuigkeiten\", \"fr\": \"Nouvelles\"}")
    #expect(Self.text(document) == expected)
    #expect(document.languages == ["en", "en-GB", "fr", "de", "fr-CA"])
    var whole = Self.document("{\r\n\t\"en\" : \"Hello\"\r\n}")
    try whole.setValue("Hallo", forKey: "", language: "de")
    #expect(Self.text(whole) == "{\r\n\t\"en\" : \"Hello\",\r\n\t\"de\" : \"Hallo\"\r\n}")
  }

  @Test("a new key becomes a localized object where JSON tables put new keys")
  func insertKey() throws {
    var document = Self.document(Self.nested)
    try document.setValue("Welcome", forKey: "home.welcome", language: "en")
    try document.setValue("Menu", forKey: "menu.title", language: "en")
    #expect(document.object(forKey: "home.welcome")?.values.map(\.value) == ["Welcome"])
    #expect(document.object(forKey: "menu.title")?.line == 20)
    #expect(
      Self.text(document).contains(
        "    \"banner.title\": {\"en\": \"News\", \"de\": \"Neuigkeiten\"},\n    \"welcome\": {\n      \"en\": \"Welcome\"\n    }\n"
      ))
    #expect(
      Self.text(document).hasSuffix(
        "  \"tags\": [\"not\", \"entries\"],\n  \"menu\": {\n    \"title\": {\n      \"en\": \"Menu\"\n    }\n  }\n}\n")
    )
    #expect(document.mismatch == nil)
  }

  @Test("edits that would break the file's shape are refused and change nothing")
  func refusedEdits() {
    var document = Self.document(Self.nested)
    let cases: [(String, String, String)] = [
      ("home.greeting", "english", "t.json: 'english' is not a locale code (expected e.g. en, en-GB, zh-Hant, es-419)"),
      (
        "home.greeting.extra", "en",
        "t.json: 'home.greeting' is a localized object, so 'home.greeting.extra' cannot be added inside it"
      ),
      (
        "home", "en", "t.json: 'home' already holds the localized object 'home.greeting'; it cannot also hold languages"
      ),
    ]
    for (key, language, message) in cases {
      #expect(thrownMessage { try document.setValue("x", forKey: key, language: language) } == message)
    }
    #expect(
      thrownMessage {
        var one = Self.document("{\"x\": {\"fr\": \"a\"}, \"y\": {\"en\": \"b\"}}")
        try one.removeValue(forKey: "x", language: "fr")
      } == "t.json: 'fr' is the only language of 'x'; a localized object needs one")
    #expect(
      thrownMessage {
        try document.removeValue(forKey: "farewell", language: "de")
      } == "t.json: there is no 'de' value for 'farewell'")
    var whole = Self.document("{\"en\": \"a\"}")
    #expect(
      thrownMessage {
        try whole.setValue("x", forKey: "k", language: "en")
      } == "t.json: the file is one localized object; it has no key 'k' (leave the key empty)")
    var plain = Self.document("{\"a\": \"b\"}")
    #expect(throws: GlossaError.self) { try plain.setValue("x", forKey: "a", language: "en") }
    #expect(document.serialized() == Data(Self.nested.utf8))
  }

  @Test("removing a language removes its line and separating comma")
  func removeLanguage() throws {
    var document = Self.document(Self.nested)
    try document.removeValue(forKey: "home.greeting", language: "en-gb")
    try document.removeValue(forKey: "farewell", language: "en")
    #expect(
      Self.text(document)
        == Self.nested
        .replacingOccurrences(of: "      \"en-GB\": \"Good day\",\n", with: "")
        .replacingOccurrences(of: "\"Au revoir\",\n    \"en\": \"Goodbye\"", with: "\"Au revoir\""))
  }

  @Test("per-language views are tables: entries, file diagnostics once, edits through the view")
  func languageViews() throws {
    let document = Self.document(
      "{\"k\": {\"en\": \"a\", \"de\": \"b\",\n\"de\": \"c\", \"en\": \"a\"},\n\"m\": {\"en\": \"x\"}}")
    let tables = document.tables()
    #expect(tables.map(\.language) == ["en", "de"])
    #expect(tables[0].entries.map { "\($0.key)=\($0.value)" } == ["k=a", "m=x"])
    #expect(tables[1].entries.map { "\($0.key)=\($0.value)" } == ["k=c"])
    #expect(tables[0].diagnostics.map(\.line) == [2])
    #expect(tables[1].diagnostics.map(\.line) == [2])
    #expect(tables[0].diagnostics.map(\.key) == ["k.en"])
    #expect(tables[1].diagnostics.map(\.key) == ["k.de"])
    #expect(tables[1].value(forKey: "k") == "c")
    var german = tables[1]
    try german.setValue("d", forKey: "m", plural: nil, variable: nil, comment: nil)
    #expect(german.entries.map { "\($0.key)=\($0.value)" } == ["k=c", "m=d"])
    #expect(String(decoding: german.serialized(), as: UTF8.self).hasSuffix("\n\"m\": {\"en\": \"x\", \"de\": \"d\"}}"))
    #expect(throws: GlossaError.self) {
      try german.setValue("d", forKey: "m", plural: .one, variable: nil, comment: nil)
    }
  }
}
