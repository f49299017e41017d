import Foundation
import Testing

import GlossaTestSupport

@testable import GlossaCore

/// The catalog is read straight from the bytes (no JSON tree): these pin down what the tree
/// reader did, so both give the same units, diagnostics and views.
@Suite("StringCatalogDocument: the streaming reader", .timeLimit(.minutes(10)))
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

@Suite("StringCatalogDocument: a large catalog read in two halves", .timeLimit(.minutes(10)))
struct StringCatalogSplitReadTests {
  static func same(_ a: StringCatalogDocument, _ b: StringCatalogDocument) -> Bool {
    a.diagnostics == b.diagnostics && a.keys == b.keys && a.units == b.units && a.substitutions == b.substitutions
      && a.sourceLanguage == b.sourceLanguage && a.version == b.version && a.languages == b.languages
      && a.languages == Self.languagesOfKeys(a)
  }

  /// The catalog's languages worked out from its keys alone (what the reader gathers).
  static func languagesOfKeys(_ catalog: StringCatalogDocument) -> [String] {
    var seen = Set(catalog.keys.flatMap(\.languages))
    if let source = catalog.sourceLanguage { seen.remove(source) }
    return (catalog.sourceLanguage.map { [$0] } ?? []) + seen.sorted()
  }

  @Test("the sample and real catalogs read the same in two halves as on one thread, and the halves are taken")
  func wellFormed() throws {
    var texts = [
      try String(
        contentsOf: Corpus.packageRoot.appendingPathComponent("SampleBundles/catalog/Localizable.xcstrings"),
        encoding: .utf8)
    ]
    if let corpus = Corpus.location {
      texts.append(
        try String(
          contentsOf: corpus.appendingPathComponent(
            "IceCubesApp/IceCubesApp/Resources/Localization/Localizable.xcstrings"), encoding: .utf8))
    }
    for text in texts {
      let data = Data(text.utf8)
      let serial = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: nil)
      let split = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: 0)
      #expect(split.readInHalves)
      #expect(!serial.readInHalves)
      #expect(Self.same(serial, split))
      for language in serial.languages {
        let one = StringCatalogView(catalog: serial, language: language, carriesDiagnostics: true)
        let two = StringCatalogView(catalog: split, language: language, carriesDiagnostics: true)
        #expect(one.entries == two.entries && one.pluralFamilies == two.pluralFamilies)
      }
      // The second half's units stay in the array its thread filled: read in place, in file
      // order, with the key ordinals of the whole catalog, as one thread's units are.
      #expect(split.units.count == serial.units.count)
      #expect(split.units.indices.allSatisfy { split.units[$0] == serial.units[$0] })
      #expect(split.units.map(\.keyOrdinal) == serial.units.map(\.keyOrdinal))
      #expect(split.units.map(\.keyOrdinal).last == split.keys.count - 1)
      #expect(Array(split.units.reversed()) == Array(serial.units.reversed()))
    }
  }

  @Test("a duplicate across the halves, a syntax error after the middle, a guess inside a key: read on one thread")
  func fallsBack() throws {
    let sample = try String(
      contentsOf: Corpus.packageRoot.appendingPathComponent("SampleBundles/catalog/Localizable.xcstrings"),
      encoding: .utf8)
    let data = Data(sample.utf8)
    let split = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: 0)
    let middle = sample.utf8.count / 2
    // The first key written again at the end of "strings".
    let firstKey = try #require(split.keys.first?.key)
    let closing = try #require(sample.range(of: "\n  },\n  \"version\"", options: .backwards))
    let duplicated = sample.replacingCharacters(
      in: closing.lowerBound..<closing.lowerBound, with: ",\n    \"\(firstKey)\" : {\n\n    }")
    // A value after the middle cut short.
    let broken = String(sample.prefix(middle + 200)) + "\"\n"
    // A nested member line past the middle indented like a key: the guess lands inside a
    // key's object, and the first half never meets a member there.
    let bytes = Array(sample.utf8)
    func find(_ needle: String, from start: Int) -> Int? {
      let pattern = Array(needle.utf8)
      return (start..<(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
    // Where CatalogSplit.guess starts looking: the middle of what follows the first key.
    let firstKeyOffset = try #require(find("\n    \"", from: 0)) + 5
    let guessFrom = firstKeyOffset + (bytes.count - firstKeyOffset) / 2
    let nested = try #require(find(",\n        \"", from: guessFrom))
    // Key lines between the middle and that line indented deeper, so the guess passes them.
    var edited = Array(bytes[..<guessFrom])
    var from = guessFrom
    while let key = find(",\n    \"", from: from), key < nested {
      edited += bytes[from..<key] + Array(",\n      ".utf8)
      from = key + 6
    }
    let moved = edited.count + (nested - from) + 6
    edited += bytes[from..<nested] + Array(",\n    ".utf8) + bytes[(nested + 10)...]
    let shifted = String(decoding: edited, as: UTF8.self)
    #expect(CatalogSplit.guess(edited, firstKey: firstKeyOffset, minimum: 0) == moved)
    for text in [duplicated, broken, shifted] {
      let serial = StringCatalogDocument(data: Data(text.utf8), file: "L.xcstrings", splitAbove: nil)
      for stealAbove in [CatalogSplit.stealAbove, 1] {
        let halves = StringCatalogDocument(
          data: Data(text.utf8), file: "L.xcstrings", splitAbove: 0, stealAbove: stealAbove)
        // Past a guess that was no member boundary, the first thread voids the piece there and
        // reads on; the other thread may then take a piece of what is left, which is correct.
        #expect(text == shifted || !halves.readInHalves)
        let matches = Self.same(serial, halves)  // bound first: a failure would print both documents
        #expect(matches)
      }
    }
  }

  /// A catalog of `keys` keys in `languages` languages as Xcode writes it, with a comment on
  /// every third key, a plural on every seventh and an escape on every fifth value.
  static func xcodeCatalog(keys: Int, languages: [String]) -> String {
    var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
    for k in 0..<keys {
      text += "    \"key \(k) é\" : {\n"
      if k % 3 == 0 { text += "      \"comment\" : \"Comment \(k)\",\n" }
      text += "      \"localizations\" : {\n"
      for (index, language) in languages.enumerated() {
        let value = k % 5 == 0 ? "Wert \\\"\(k)\\\" \(language)" : "Wert \(k) \(language)"
        if k % 7 == 0 {
          text += "        \"\(language)\" : {\n          \"variations\" : {\n            \"plural\" : {\n"
          text += "              \"one\" : {\n                \"stringUnit\" : {\n"
          text += "                  \"state\" : \"translated\",\n                  \"value\" : \"\(value) 1\"\n"
          text +=
            "                }\n              },\n              \"other\" : {\n                \"stringUnit\" : {\n"
          text += "                  \"state\" : \"new\",\n                  \"value\" : \"\(value) n\"\n"
          text += "                }\n              }\n            }\n          }\n        }"
        } else {
          text += "        \"\(language)\" : {\n          \"stringUnit\" : {\n"
          text += "            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n"
          text += "          }\n        }"
        }
        text += index == languages.count - 1 ? "\n" : ",\n"
      }
      text += "      }\n    }" + (k == keys - 1 ? "\n" : ",\n")
    }
    return text + "  },\n  \"version\" : \"1.0\"\n}\n"
  }

  @Test("pieces split off for whichever thread runs out of work read the same as one thread, again and again")
  func manyPieces() throws {
    let text = Self.xcodeCatalog(keys: 600, languages: ["en", "de", "fr", "ja"])
    let data = Data(text.utf8)
    let serial = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: nil)
    let serialViews = StringCatalogView.views(of: serial, fallbackLanguage: "en")
    var most = 0
    for _ in 0..<30 {
      // A piece is split again while a single byte of it is left: as many pieces as the
      // threads' timing gives.
      let pieces = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: 0, stealAbove: 1)
      #expect(pieces.readInHalves)
      let matches = Self.same(serial, pieces)  // bound first: a failure would print both documents
      #expect(matches)
      #expect(pieces.units.map(\.keyOrdinal) == serial.units.map(\.keyOrdinal))
      #expect(pieces.units.indices.allSatisfy { pieces.units[$0] == serial.units[$0] })
      #expect(pieces.unitIndex.positions(of: "de") == serial.unitIndex.positions(of: "de"))
      #expect(pieces.keys.map { pieces.key($0.key)?.line } == serial.keys.map(\.line))
      let views = StringCatalogView.views(of: pieces, fallbackLanguage: "en")
      #expect(views.map(\.entries) == serialViews.map(\.entries))
      #expect(views.map(\.pluralFamilies) == serialViews.map(\.pluralFamilies))
      // Gathered across the pieces, as each language projected alone from the units.
      for view in views where view.language != "fr" {
        let alone = StringCatalogView(catalog: pieces, language: view.language, carriesDiagnostics: false)
        #expect(view.entries == alone.entries && view.entries.map(\.comment) == alone.entries.map(\.comment))
      }
      most = max(most, pieces.piecesTaken)
    }
    // The first thread took the other's half and, at least once, a piece of its own or more.
    #expect(most >= 2)
  }

  @Test("a second \"strings\" member after one read in pieces: its units follow the pieces' in one numbering")
  func secondStringsObjectAfterPieces() throws {
    var text = Self.xcodeCatalog(keys: 300, languages: ["en", "de", "ja"])
    let closing = try #require(text.range(of: "\n  },\n  \"version\"", options: .backwards))
    text.replaceSubrange(
      closing.lowerBound..<closing.upperBound,
      with: "\n  },\n  \"strings\" : {\n    \"extra\" : {\n      \"localizations\" : {\n        \"de\" : {\n"
        + "          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Extra\"\n"
        + "          }\n        }\n      }\n    }\n  },\n  \"version\"")
    let data = Data(text.utf8)
    let serial = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: nil)
    #expect(serial.units.count == 300 * 3 + 300 / 7 * 3 + 3 + 1)
    for stealAbove in [CatalogSplit.stealAbove, 1] {
      let pieces = StringCatalogDocument(data: data, file: "L.xcstrings", splitAbove: 0, stealAbove: stealAbove)
      #expect(pieces.readInHalves)
      let matches = Self.same(serial, pieces)  // bound first: a failure would print both documents
      #expect(matches)
      for language in ["en", "de", "ja"] {
        #expect(pieces.unitIndex.positions(of: language) == serial.unitIndex.positions(of: language))
        let one = StringCatalogView(catalog: serial, language: language, carriesDiagnostics: false)
        let other = StringCatalogView(catalog: pieces, language: language, carriesDiagnostics: false)
        #expect(one.entries == other.entries)
      }
      #expect(pieces.units(ofKey: "extra", language: "de").map(\.value) == ["Extra"])
      #expect(pieces.units(ofKey: "key 299 é", language: "ja").map(\.value) == ["Wert 299 ja"])
    }
  }
}
