import Foundation
import Testing

@testable import GlossaCore

/// The catalog is read straight from the bytes (no JSON tree): these pin down what the tree
/// reader did, so both give the same units, diagnostics and views.
@Suite("StringCatalogDocument: the streaming reader")
struct StringCatalogStreamingTests {
  /// `substitutions` written before `stringUnit` and `variations`, and broken in both places.
  static let substitutionsFirst = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "k" : {
          "localizations" : {
            "de" : {
              "substitutions" : {
                "n" : {
                  "argNum" : "x",
                  "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "new", "value" : "ein" } } } }
                }
              },
              "stringUnit" : { "state" : "bogus", "value" : "%#@n@" },
              "variations" : 5
            }
          }
        }
      }
    }
    """

  @Test("a language's plain unit and variations come before its substitutions, in units and in diagnostics")
  func substitutionsAfterTheRest() {
    let document = CatalogFixtures.document(Self.substitutionsFirst, file: "C.xcstrings")
    #expect(document.units.map(\.value) == ["%#@n@", "ein"])
    #expect(document.units.map(\.path.substitution) == [nil, "n"])
    #expect(
      document.diagnostics.map(\.description) == [
        "C.xcstrings:13:38: unknown state \"bogus\"; expected new, translated, needs_review or stale",
        "C.xcstrings:14:26: expected an object for \"variations\", found the number 5",
        "C.xcstrings:9:26: expected a whole number for \"argNum\", found a string",
      ])
    #expect(document.substitutions.map(\.name) == ["n"])
  }

  static let duplicated = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "A1" } } } },
        "b" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "B" } } } },
        "a" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "A2" } } } }
      },
      "version" : "1.0"
    }
    """

  @Test("a key written twice: every occurrence shows every unit of the key, a lookup finds the later unit")
  func duplicateKeys() throws {
    let document = CatalogFixtures.document(Self.duplicated, file: "C.xcstrings")
    #expect(
      document.diagnostics.map(\.description) == [
        "C.xcstrings:6:5: key 'a' appears again; the first occurrence is on line 4"
      ])
    #expect(document.unit(at: CatalogUnitPath(key: "a", language: "de"))?.value == "A2")
    #expect(document.units(ofKey: "a", language: "de").map(\.value) == ["A1", "A2"])
    #expect(document.units(ofKey: "b", language: "de").map(\.value) == ["B"])
    #expect(document.units(ofKey: "a", language: "fr").isEmpty)
    #expect(document.units(ofKey: "zz", language: "de").isEmpty)
    let view = StringCatalogView(catalog: document, language: "de", carriesDiagnostics: false)
    #expect(view.entries.map { "\($0.key)=\($0.value)" } == ["a=A1", "a=A2", "b=B", "a=A1", "a=A2"])
    let source = StringCatalogView(catalog: document, language: "en", carriesDiagnostics: false)
    #expect(source.entries.map(\.value) == ["a", "b", "a"])
  }

  @Test("edits find their place without a tree: set, add and remove on a catalog with duplicates and a BOM")
  func editsReadOnlyThePath() throws {
    var document = CatalogFixtures.document("\u{FEFF}" + Self.duplicated, file: "C.xcstrings")
    try document.setValue("B2", at: CatalogUnitPath(key: "b", language: "de"))
    try document.setValue("neu", at: CatalogUnitPath(key: "c", language: "de"))
    try document.removeUnit(at: CatalogUnitPath(key: "b", language: "de"))
    #expect(document.serialized().starts(with: [0xEF, 0xBB, 0xBF, 0x7B]))
    #expect(document.unit(at: CatalogUnitPath(key: "c", language: "de"))?.value == "neu")
    #expect(document.unit(at: CatalogUnitPath(key: "b", language: "de")) == nil)
    #expect(document.key("b") != nil)
    #expect(document.diagnostics.map(\.kind) == [.duplicateKey])
    let fresh = StringCatalogDocument(data: document.serialized(), file: "C.xcstrings")
    #expect(fresh.units.map(\.value) == document.units.map(\.value))
  }

  @Test("an unedited catalog serialises to its bytes, BOM and all, without keeping a second copy")
  func unedited() {
    for text in [Self.duplicated, "\u{FEFF}" + Self.duplicated, Self.substitutionsFirst] {
      let document = StringCatalogDocument(data: Data(text.utf8), file: "C.xcstrings")
      #expect(document.serialized() == Data(text.utf8))
    }
    let invalid = Data([0x7B, 0xFF, 0x7D])
    #expect(StringCatalogDocument(data: invalid, file: "C.xcstrings").serialized() == invalid)
  }
}
