import Foundation
import Testing

@testable import GlossaCore

@Suite("StringCatalogDocument diagnostics", .timeLimit(.minutes(10)))
struct StringCatalogDiagnosticsTests {
  static func messages(_ text: String) -> [String] {
    let document = CatalogFixtures.document(text, file: "C.xcstrings")
    #expect(document.serialized() == Data(text.utf8))
    return document.diagnostics.map(\.description)
  }

  @Test("broken JSON gives a parse error at the exact place and keeps what came before")
  func brokenJSON() {
    let text =
      "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"new\",\n            \"value\" : \"x\"\n          }\n        }\n      }\n    },\n    \"b\" : [\n"
    let document = CatalogFixtures.document(text, file: "C.xcstrings")
    #expect(document.diagnostics.first?.description == "C.xcstrings:15:1: expected a value, found the end of the file")
    #expect(document.units.map(\.value) == ["x"])
  }

  @Test("wrong types name the member, the line and column, and what was expected")
  func wrongTypes() {
    let text = """
      {
        "sourceLanguage" : 3,
        "strings" : {
          "a" : "text",
          "b" : {
            "shouldTranslate" : "no",
            "localizations" : {
              "de" : {
                "stringUnit" : {
                  "state" : "done",
                  "value" : 7
                }
              },
              "fr" : {
                "variations" : {
                  "plural" : {
                    "several" : { "stringUnit" : { "state" : "new", "value" : "x" } },
                    "one" : { "variations" : { "device" : { } } }
                  }
                },
                "substitutions" : {
                  "n" : { "argNum" : "1" }
                }
              }
            }
          }
        }
      }
      """
    #expect(
      Self.messages(text) == [
        "C.xcstrings:2:22: expected a language code for \"sourceLanguage\", found the number 3",
        "C.xcstrings:4:11: expected an object for key \"a\", found a string",
        "C.xcstrings:6:27: expected true or false for \"shouldTranslate\", found a string",
        "C.xcstrings:10:23: unknown state \"done\"; expected new, translated, needs_review or stale",
        "C.xcstrings:11:23: expected a string for \"value\", found the number 7",
        "C.xcstrings:9:26: expected a \"value\" string in the stringUnit of \"b\" [de]",
        "C.xcstrings:17:15: unknown plural category \"several\"; expected zero, one, two, few, many or other",
        "C.xcstrings:18:42: device variations belong directly under a language; they cannot sit inside another variation or a substitution",
        "C.xcstrings:22:32: expected a whole number for \"argNum\", found a string",
        "C.xcstrings:1:1: expected a \"sourceLanguage\" member naming the development language",
      ])
  }

  @Test("invalid UTF-8, an empty file, a non-object top level and nesting bombs never crash")
  func hostile() {
    let invalid = StringCatalogDocument(data: Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]), file: "C.xcstrings")
    #expect(invalid.diagnostics.map(\.kind) == [.encodingError])
    #expect(invalid.serialized() == Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]))
    #expect(Self.messages("") == ["C.xcstrings:1:1: expected a String Catalog object, found an empty file"])
    #expect(
      Self.messages("[1]") == [
        "C.xcstrings:1:1: expected an object at the top level of a String Catalog, found an array"
      ])
    let deep = String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000)
    #expect(Self.messages(deep).first?.contains("nesting deeper than") == true)
    let duplicate = #"{"sourceLanguage":"en","strings":{"k":{},"k":{}}}"#
    #expect(Self.messages(duplicate) == ["C.xcstrings:1:42: key 'k' appears again; the first occurrence is on line 1"])
  }
}
