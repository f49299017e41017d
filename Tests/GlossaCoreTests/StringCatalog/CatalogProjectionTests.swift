import Foundation
import Testing

import GlossaTestSupport

@testable import GlossaCore

/// Every language projected at once (one walk over the units per thread) gives each view the
/// same entries and plural families, in the same order, as the language projected alone.
@Suite(.timeLimit(.minutes(10))) struct CatalogProjectionTests {
  /// A random catalog: `en` on every key, `de` and `ja` on most, `ko` on few (a language that
  /// appends its own keys instead of sharing the catalog's key text), with comments, plurals,
  /// devices, substitutions, escapes and keys without any localization.
  static func catalog(seed: UInt64, duplicate: Bool) throws -> String {
    var r = SplitMix(seed: seed)
    var members: [String] = []
    for index in 0..<40 {
      var key: [String: Any] = [:]
      var localizations: [String: Any] = [:]
      for (language, odds) in [("en", 1), ("de", 6), ("ja", 4), ("ko", 8)] {
        let present = language == "en" ? r.next(below: 6) > 0 : r.next(below: odds) > (language == "ko" ? 6 : 0)
        if present { localizations[language] = CatalogTriggersTests.localization(&r) }
      }
      if r.next(below: 8) > 0 { key["localizations"] = localizations }
      switch r.next(below: 6) {
      case 0: key["comment"] = "Button \"title\" \(index)"
      case 1: key["comment"] = "max-length: \(r.next(below: 20))"
      case 2: key["extractionState"] = "stale"
      case 3: key["shouldTranslate"] = false
      default: break
      }
      let name = index % 9 == 4 ? "tab\there \(index)" : "key.\(index) é"
      let data = try JSONSerialization.data(withJSONObject: [name: key], options: [.prettyPrinted, .sortedKeys])
      let text = String(decoding: data, as: UTF8.self)
      // The member alone, without the braces of the object it was written in.
      members.append(String(text.dropFirst().dropLast()))
    }
    if duplicate { members.append(members[3]) }
    return #"{"sourceLanguage":"en","version":"1.0","strings":{"# + members.joined(separator: ",") + "}}"
  }

  /// The views of a catalog just read, made of the entries its reader gathered key by key (on
  /// one thread, or in two halves whose parts a language's entries then span), equal each
  /// language projected alone from the units; a key written twice, or a source language
  /// written after the keys, leaves nothing gathered, and the views are projected.
  @Test(arguments: [false, true]) func everyLanguageGatheredEqualsEachAlone(duplicate: Bool) throws {
    var gathered = 0
    var spanningHalves = 0
    for seed in 0..<40 {
      var json = try Self.catalog(seed: UInt64(seed), duplicate: duplicate)
      let sourceLast = seed % 5 == 4
      if sourceLast {
        json = json.replacingOccurrences(
          of: #"{"sourceLanguage":"en","version":"1.0","strings":{"#, with: #"{"strings":{"#)
        json.removeLast()
        json += #","version":"1.0","sourceLanguage":"en"}"#
      }
      for splitAbove in [nil, 0] as [Int?] {
        let document = StringCatalogDocument(
          data: Data(json.utf8), file: "Localizable.xcstrings", splitAbove: splitAbove)
        let context = "seed \(seed) split \(splitAbove != nil)"
        let languages = document.languages
        #expect(languages == ["en", "de", "ja", "ko"] || languages.count < 4, "\(context)")
        #expect(document.hasGathered == !(duplicate || sourceLast), "\(context)")
        if document.hasGathered { gathered += 1 }
        if document.hasGathered && document.readInHalves { spanningHalves += 1 }
        let views = StringCatalogView.views(of: document, fallbackLanguage: "en")
        #expect(views.map(\.language) == languages)
        for (index, view) in views.enumerated() {
          let alone = StringCatalogView(catalog: document, language: view.language, carriesDiagnostics: index == 0)
          #expect(view.entries == alone.entries, "\(context) \(view.language)")
          #expect(view.entries.map(\.key) == alone.entries.map(\.key), "\(context) \(view.language)")
          #expect(view.entries.map(\.comment) == alone.entries.map(\.comment), "\(context) \(view.language)")
          #expect(view.entries.map(\.variable) == alone.entries.map(\.variable), "\(context) \(view.language)")
          #expect(view.entries.map(\.device) == alone.entries.map(\.device), "\(context) \(view.language)")
          #expect(view.pluralFamilies == alone.pluralFamilies, "\(context) \(view.language)")
          #expect(view.diagnostics == alone.diagnostics)
          // The views' catalog keeps no gathered entries (they would outlive their use).
          #expect(!view.catalog.hasGathered)
        }
        // Every unit of the catalog is an entry of its language.
        #expect(views.map(\.entries.count).reduce(0, +) >= document.units.count, "\(context)")
      }
    }
    #expect(duplicate ? gathered == 0 : gathered == 64)
    #expect(duplicate || spanningHalves > 20)
  }

  /// A catalog whose source language has no unit at all, and one with no keys, gather their
  /// source language's view too: every key as its own text, or nothing.
  @Test func aSourceLanguageWithoutUnitsIsGathered() throws {
    let texts = [
      #"{"sourceLanguage":"en","strings":{"a":{"comment":"c","localizations":{"de":{"stringUnit":{"state":"translated","value":"A"}}}},"b":{}},"version":"1.0"}"#,
      #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#,
    ]
    for text in texts {
      let document = StringCatalogDocument(data: Data(text.utf8), file: "L.xcstrings", splitAbove: nil)
      #expect(document.hasGathered)
      for view in StringCatalogView.views(of: document, fallbackLanguage: "en") {
        let alone = StringCatalogView(catalog: document, language: view.language, carriesDiagnostics: false)
        #expect(view.entries == alone.entries, "\(view.language)")
        #expect(view.entries.map(\.comment) == alone.entries.map(\.comment), "\(view.language)")
      }
    }
    let views = StringCatalogView.views(
      of: StringCatalogDocument(data: Data(texts[0].utf8), file: "L.xcstrings"), fallbackLanguage: "en")
    #expect(views.map(\.language) == ["en", "de"])
    #expect(views[0].entries.map(\.key) == ["a", "b"])
    #expect(views[0].entries.map(\.value) == ["a", "b"])
    #expect(views[0].entries.map(\.comment) == ["c", nil])
    #expect(views[1].entries.map(\.value) == ["A"])
  }

  /// The unit index the reader gathers equals one worked out from the units afterwards: per
  /// language, positions ordered by key (file order within a key) and the values' bytes; on
  /// one thread and in two halves.
  @Test func theGatheredUnitIndexEqualsTheUnitsIndexedAfterwards() throws {
    var documents: [StringCatalogDocument] = []
    for seed in 0..<20 {
      let json = try Self.catalog(seed: UInt64(seed), duplicate: seed % 3 == 0)
      documents.append(StringCatalogDocument(data: Data(json.utf8), file: "L.xcstrings"))
    }
    let sample = try Data(
      contentsOf: Corpus.packageRoot.appendingPathComponent("SampleBundles/catalog/Localizable.xcstrings"))
    let halves = StringCatalogDocument(data: sample, file: "L.xcstrings", splitAbove: 0)
    #expect(halves.readInHalves)
    documents += [halves, StringCatalogDocument(data: sample, file: "L.xcstrings", splitAbove: nil)]
    for document in documents {
      var languages = Set(document.units.map(\.path.language))
      languages.insert("xx")
      for language in languages {
        let ordered = document.units.indices.filter { document.units[$0].path.language == language }
          .enumerated()
          .sorted {
            let (a, b) = (document.units[$0.element].keyOrdinal, document.units[$1.element].keyOrdinal)
            return a != b ? a < b : $0.offset < $1.offset
          }
          .map { Int32($0.element) }
        #expect(document.unitIndex.positions(of: language) == ordered, "\(language)")
        let bytes = document.units.filter { $0.path.language == language }.map { $0.value.utf8.count }.reduce(0, +)
        #expect(document.unitIndex.valueBytes(of: language) == bytes, "\(language)")
      }
      // The languages gathered while reading (with units, or with an empty localization) are
      // every key's.
      #expect(document.languages == StringCatalogSplitReadTests.languagesOfKeys(document))
      // Without a key written twice, the keys with units are counted exactly.
      if document.unitIndex.isInKeyOrder {
        for language in languages {
          let keys = Set(document.units.filter { $0.path.language == language }.map(\.keyOrdinal))
          #expect(document.unitIndex.keyCount(of: language) == keys.count, "\(language)")
        }
      }
      // Without a key written twice, the index says the units are in key order.
      let duplicates = Set(document.keys.map(\.key)).count != document.keys.count
      #expect(document.unitIndex.isInKeyOrder == !duplicates)
    }
  }

  /// A language whose localizations hold no unit (an empty object, or no object at all) is a
  /// language of the catalog all the same, read on one thread or in two halves.
  @Test func aLanguageWithoutUnitsIsStillALanguage() throws {
    var members: [String] = []
    for index in 0..<300 {
      let extra = index == 7 ? ",\n        \"fr\" : {\n\n        }" : index == 250 ? ",\n        \"it\" : 5" : ""
      members.append(
        "    \"k\(index)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
          + "            \"state\" : \"translated\",\n            \"value\" : \"W\(index)\"\n          }\n        }"
          + extra + "\n      }\n    }")
    }
    let text =
      "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + members.joined(separator: ",\n")
      + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    for splitAbove in [nil, 0] as [Int?] {
      let document = StringCatalogDocument(data: Data(text.utf8), file: "L.xcstrings", splitAbove: splitAbove)
      #expect(document.readInHalves == (splitAbove != nil))
      #expect(document.languages == ["en", "de", "fr", "it"])
      #expect(document.languages == StringCatalogSplitReadTests.languagesOfKeys(document))
    }
  }

  /// The key text holds every key and comment, each range reading back as its string.
  @Test func keyTextRangesReadBackAsTheKeysAndComments() throws {
    let json = try Self.catalog(seed: 7, duplicate: false)
    let document = StringCatalogDocument(data: Data(json.utf8), file: "Localizable.xcstrings")
    let text = document.keyText
    for (index, key) in document.keys.enumerated() {
      #expect(String(decoding: text.bytes[text.key(index)], as: UTF8.self) == key.key)
      #expect(text.comment(index).map { String(decoding: text.bytes[$0], as: UTF8.self) } == key.comment)
    }
    #expect(document.keys.contains { $0.comment != nil } && document.keys.contains { $0.comment == nil })
  }
}
