import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("StringCatalogDocument editing", .timeLimit(.minutes(10)))
struct StringCatalogEditTests {
  /// `text` with `range` (byte offsets) replaced: what a confined edit must produce.
  static func splice(_ data: Data, _ edits: [(Range<Int>, String)]) -> Data {
    var bytes = [UInt8](data)
    for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      bytes.replaceSubrange(range, with: Array(text.utf8))
    }
    return Data(bytes)
  }

  @Test(
    "an edit changes only the value's bytes",
    arguments: [
      CatalogUnitPath(key: "Hello", language: "de"),
      CatalogUnitPath(key: "%lld items", language: "pl", plural: .few),
      CatalogUnitPath(key: "Tap to open", language: "de", device: "mac"),
      CatalogUnitPath(key: "Tap to open", language: "en", device: "iphone", plural: .other),
      CatalogUnitPath(key: "followers %lld", language: "de", substitution: "count", plural: .one),
    ])
  func confined(path: CatalogUnitPath) throws {
    var document = CatalogFixtures.document()
    let before = document.serialized()
    let unit = try #require(document.unit(at: path))
    let value = "Neu \"x\" / ü\n\t\u{1}"
    try document.setValue(value, at: path)
    let literal = #""Neu \"x\" / ü\n\t\u0001""#
    #expect(document.serialized() == Self.splice(before, [(unit.valueRange, literal)]))
    #expect(document.unit(at: path)?.value == value)
    #expect(document.unit(at: path)?.state == .translated)
    #expect(document.diagnostics.isEmpty)
  }

  @Test("editing a unit that needs review marks it translated: two literals change, nothing else")
  func editMarksTranslated() throws {
    var document = CatalogFixtures.document()
    let before = document.serialized()
    let path = CatalogUnitPath(key: "followers %lld", language: "de")
    let unit = try #require(document.unit(at: path))
    let stateRange = try #require(unit.stateRange)
    try document.setValue("%#@count@!", at: path)
    #expect(
      document.serialized()
        == Self.splice(before, [(unit.valueRange, "\"%#@count@!\""), (stateRange, "\"translated\"")]))
    var reviewed = CatalogFixtures.document()
    let stale = CatalogUnitPath(key: "Hello", language: "fr")
    let staleRange = try #require(reviewed.unit(at: stale)?.stateRange)
    try reviewed.setState(.translated, at: stale)
    #expect(reviewed.serialized() == Self.splice(before, [(staleRange, "\"translated\"")]))
    #expect(reviewed.unit(at: stale)?.state == .translated)
    try reviewed.setState(.translated, at: stale)
    #expect(reviewed.serialized() == Self.splice(before, [(staleRange, "\"translated\"")]))
  }

  @Test("an edit in the real catalog changes only that value's bytes (plain, plural, device, substitution)", .corpus)
  func corpusConfined() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let data = try Data(contentsOf: url)
    let original = StringCatalogDocument(data: data, file: url.lastPathComponent)
    let picks = [
      original.units.first {
        $0.path.plural == nil && $0.path.device == nil && $0.path.substitution == nil && $0.path.language == "pl"
      },
      original.units.first { $0.path.plural == .few && $0.path.substitution == nil },
      original.units.first { $0.path.device == "ipad" },
      original.units.first { $0.path.substitution != nil && $0.path.plural == .other },
    ]
    for pick in picks {
      let unit = try #require(pick)
      var document = original
      try document.setValue("Zmieniono — ✓", at: unit.path, state: unit.state ?? .translated)
      #expect(document.serialized() == Self.splice(data, [(unit.valueRange, "\"Zmieniono — ✓\"")]), "\(unit.path)")
    }
  }

  static let insertions: [(CatalogUnitPath, [String])] = [
    (CatalogUnitPath(key: "Hello", language: "en-GB"), ["strings", "Hello", "localizations", "en-GB", "stringUnit"]),
    (
      CatalogUnitPath(key: "%lld items", language: "pl", plural: .many),
      ["strings", "%lld items", "localizations", "pl", "variations", "plural", "many", "stringUnit"]
    ),
    (
      CatalogUnitPath(key: "Tap to open", language: "de", device: "iphone"),
      ["strings", "Tap to open", "localizations", "de", "variations", "device", "iphone", "stringUnit"]
    ),
    (
      CatalogUnitPath(key: "Tap to open", language: "de", device: "ipad", plural: .one),
      [
        "strings", "Tap to open", "localizations", "de", "variations", "device", "ipad", "variations", "plural", "one",
        "stringUnit",
      ]
    ),
    (CatalogUnitPath(key: "", language: "de"), ["strings", "", "localizations", "de", "stringUnit"]),
    (
      CatalogUnitPath(key: "%lld items", language: "fr", plural: .one),
      ["strings", "%lld items", "localizations", "fr", "variations", "plural", "one", "stringUnit"]
    ),
  ]

  @Test("inserted units are laid out and ordered exactly as Python's json.dumps with Xcode's separators")
  func insertsMatchOracle() throws {
    for (path, names) in Self.insertions {
      var document = CatalogFixtures.document()
      try document.setValue("Neu “\(path.key)” \\ /", at: path)
      #expect(document.unit(at: path)?.value == "Neu “\(path.key)” \\ /")
      #expect(document.diagnostics.isEmpty)
      let operation: [Any] = names + [["state": "translated", "value": "Neu “\(path.key)” \\ /"]]
      guard
        let expected = try PythonJSONOracle.render(
          original: Data(CatalogFixtures.catalog.utf8), operations: [operation])
      else {
        print("skipped oracle comparison: python3 not found")
        return
      }
      #expect(
        CatalogFixtures.text(document) == String(decoding: expected, as: UTF8.self), "\(path)")
    }
  }

  @Test("a new key, a new substitution and a key-level insert match the oracle")
  func newKeyAndSubstitution() throws {
    var document = CatalogFixtures.document()
    try document.setValue("Tschüss", at: CatalogUnitPath(key: "Goodbye", language: "de"))
    try document.setValue(
      "%arg abonné", at: CatalogUnitPath(key: "followers %lld", language: "fr", substitution: "count", plural: .one))
    try document.addKey("zebra 2", comment: "Animal")
    let unit = ["state": "translated", "value": ""]
    let operations: [[Any]] = [
      [
        "strings", "Goodbye",
        [
          "extractionState": "manual",
          "localizations": ["de": ["stringUnit": unit.merging(["value": "Tschüss"]) { $1 }]],
        ],
      ],
      [
        "strings", "followers %lld", "localizations", "fr", "substitutions", "count",
        [
          "argNum": 1, "formatSpecifier": "lld",
          "variations": ["plural": ["one": ["stringUnit": unit.merging(["value": "%arg abonné"]) { $1 }]]],
        ],
      ],
      ["strings", "zebra 2", ["comment": "Animal", "extractionState": "manual"]],
    ]
    #expect(
      document.keys.map(\.key) == [
        "", "%lld items", "App Name", "followers %lld", "Goodbye", "Hello", "Tap to open", "zebra 2",
      ])
    guard
      let expected = try PythonJSONOracle.render(original: Data(CatalogFixtures.catalog.utf8), operations: operations)
    else {
      print("skipped oracle comparison: python3 not found")
      return
    }
    #expect(CatalogFixtures.text(document) == String(decoding: expected, as: UTF8.self))
  }

  @Test("inserting into the real catalog matches the oracle and keeps Xcode's key order", .corpus)
  func corpusInsert() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let data = try Data(contentsOf: url)
    var document = StringCatalogDocument(data: data, file: url.lastPathComponent)
    let key = try #require(
      document.keys.first { !$0.languages.contains("fr") && $0.shouldTranslate && !$0.key.isEmpty })
    try document.setValue("Bonjour", at: CatalogUnitPath(key: key.key, language: "fr"))
    try document.setValue("Neu", at: CatalogUnitPath(key: "status.glossa-test", language: "de"))
    let keys = document.keys.map(\.key)
    let position = try #require(keys.firstIndex(of: "status.glossa-test"))
    #expect(CatalogKeyOrder.precedes(keys[position - 1], "status.glossa-test"))
    #expect(CatalogKeyOrder.precedes("status.glossa-test", keys[position + 1]))
    let unit = { (value: String) -> [String: Any] in ["stringUnit": ["state": "translated", "value": value]] }
    let operations: [[Any]] = [
      ["strings", key.key, "localizations", "fr", unit("Bonjour")],
      ["strings", "status.glossa-test", ["extractionState": "manual", "localizations": ["de": unit("Neu")]]],
    ]
    guard let expected = try PythonJSONOracle.render(original: data, operations: operations) else {
      print("skipped oracle comparison: python3 not found")
      return
    }
    #expect(document.serialized() == expected)
  }

  @Test("removing units collapses emptied variation and language objects; removing every member leaves {\\n\\n}")
  func removal() throws {
    var document = CatalogFixtures.document()
    try document.removeUnit(at: CatalogUnitPath(key: "%lld items", language: "ja", plural: .one))
    try document.removeUnit(at: CatalogUnitPath(key: "%lld items", language: "ja", plural: .other))
    #expect(!document.keys[1].languages.contains("ja"))
    try document.removeUnit(at: CatalogUnitPath(key: "Hello", language: "ja"))
    try document.removeKey("App Name")
    let operations: [[Any]] = [
      ["strings", "%lld items", "localizations", "ja", PythonJSONOracle.delete],
      // The Japanese localization keeps its unknown member, so only the unit goes.
      ["strings", "Hello", "localizations", "ja", "stringUnit", PythonJSONOracle.delete],
      ["strings", "App Name", PythonJSONOracle.delete],
    ]
    if let expected = try PythonJSONOracle.render(original: Data(CatalogFixtures.catalog.utf8), operations: operations)
    {
      #expect(CatalogFixtures.text(document) == String(decoding: expected, as: UTF8.self))
    }
    var single = CatalogFixtures.document(
      #"{"sourceLanguage" : "en", "strings" : {"a" : {"localizations" : {"de" : {"stringUnit" : {"state" : "new", "value" : "x"}}}}}}"#
    )
    try single.removeUnit(at: CatalogUnitPath(key: "a", language: "de"))
    #expect(CatalogFixtures.text(single) == "{\"sourceLanguage\" : \"en\", \"strings\" : {\"a\" : {\n\n}}}")
    #expect(throws: GlossaError.self) { try single.removeUnit(at: CatalogUnitPath(key: "a", language: "de")) }
    #expect(throws: GlossaError.self) { try single.removeKey("zzz") }
  }

  @Test("shape conflicts and malformed paths are refused with file:line:column")
  func refusals() throws {
    var document = CatalogFixtures.document()
    let plain = #expect(throws: GlossaError.self) {
      try document.setValue("x", at: CatalogUnitPath(key: "%lld items", language: "pl"))
    }
    #expect(plain?.message.hasPrefix("Localizable.xcstrings:") == true)
    #expect(plain?.message.contains("give a plural category or device") == true)
    let variation = #expect(throws: GlossaError.self) {
      try document.setValue("x", at: CatalogUnitPath(key: "Hello", language: "de", plural: .one))
    }
    #expect(variation?.message.contains("holds a single value") == true)
    #expect(throws: GlossaError.self) {
      try document.setValue("x", at: CatalogUnitPath(key: "followers %lld", language: "de", substitution: "count"))
    }
    #expect(throws: GlossaError.self) {
      try document.setState(.translated, at: CatalogUnitPath(key: "Hello", language: "xx"))
    }
    #expect(document.serialized() == Data(CatalogFixtures.catalog.utf8))
    var broken = CatalogFixtures.document("{\"sourceLanguage\" : \"en\", \"strings\" : {\"a\" : }")
    let error = #expect(throws: GlossaError.self) {
      try broken.setValue("x", at: CatalogUnitPath(key: "a", language: "de"))
    }
    #expect(error?.message.hasPrefix("Localizable.xcstrings:1:") == true)
  }
}
