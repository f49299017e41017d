import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Setting the value an entry already has is no edit, in every format: not a byte changes, the
/// table is not marked modified, `save()` writes nothing, and a String Catalog unit keeps its
/// state (`needs_review` stays `needs_review`). Values are spelled unusually on purpose
/// (escapes, entities, single quotes), so a rewrite of the literal would show.
@Suite("An unchanged value is no edit", .timeLimit(.minutes(10)))
struct UnchangedValueTests {
  /// `.strings` (escapes, single quotes, unquoted, `"key";` shorthand, a key also in the
  /// `.stringsdict`), `.stringsdict` (entities, CDATA) and a JSON table (`\u` and `\/` escapes).
  static let lproj: [String: String] = [
    "en.lproj/Localizable.strings": #"""
    /* A comment */
    "plain" = "Plain";
    "escaped" = "Caf\U00e9 \"quoted\"\n";
    'single' = 'Single';
    unquoted = Word;
    "shorthand";
    "files" = "files";

    """#,
    "de.lproj/Localizable.strings": #"""
    "plain" = "Schlicht";
    "escaped" = "Caf\U00E9 \"zitiert\"\n";
    'single' = 'Einzeln';
    unquoted = Wort;
    "shorthand";
    "files" = "files";

    """#,
    "en.lproj/Localizable.stringsdict": stringsdict(one: "%d file&apos;s", other: "%d <![CDATA[files & more]]>"),
    "de.lproj/Localizable.stringsdict": stringsdict(one: "%d Datei &#x2014; eine", other: "%d Dateien &amp; mehr"),
    "en.lproj/Menu.json": #"{"menu": {"open": "Caf\u00e9 \/ open", "close": "Close"}}"# + "\n",
    "de.lproj/Menu.json": #"{"menu": {"open": "Caf\u00E9 \/ \u00f6ffnen", "close": "Schlie\u00dfen"}}"# + "\n",
  ]

  static func stringsdict(one: String, other: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>files</key>
    	<dict>
    		<key>NSStringLocalizedFormatKey</key>
    		<string>%#@count@</string>
    		<key>count</key>
    		<dict>
    			<key>NSStringFormatSpecTypeKey</key>
    			<string>NSStringPluralRuleType</string>
    			<key>NSStringFormatValueTypeKey</key>
    			<string>d</string>
    			<key>one</key>
    			<string>\(one)</string>
    			<key>other</key>
    			<string>\(other)</string>
    		</dict>
    	</dict>
    </dict>
    </plist>

    """
  }

  /// A localized-object file: escapes, a regional override and a key a regional language
  /// reads from its base language.
  static let content = #"""
    {
      "greeting": {"en": "Hello", "en-GB": "Good day", "de": "Gr\u00fc\u00df dich"},
      "farewell": {
        "en": "Goodbye \/ bye",
        "de": "Tsch\u00fcss"
      }
    }

    """#

  /// The catalog fixture with every `translated` unit marked `needs_review` (20 of its 22:
  /// plain, plural, device, device → plural and substitution units; one `stale`, one `new`).
  static let catalog = CatalogFixtures.catalog.replacingOccurrences(
    of: #""state" : "translated""#, with: #""state" : "needs_review""#)

  /// Writes `files` into `directory` and returns each file's bytes by path.
  static func write(_ files: [String: String], in directory: TemporaryDirectory) throws -> [String: Data] {
    var written: [String: Data] = [:]
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      written[path] = Data(text.utf8)
    }
    return written
  }

  /// Each file's bytes under `directory`, by path.
  static func read(_ paths: some Sequence<String>, in directory: TemporaryDirectory) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in paths { result[path] = try Data(contentsOf: directory.url.appendingPathComponent(path)) }
    return result
  }

  /// Sets every entry of every table of `bundle` to its own value through `setValue`, and
  /// through `apply` of an edit from the value to itself.
  static func setEveryValueToItself(_ bundle: inout LocalizationBundle) throws -> Int {
    var count = 0
    for table in bundle.tables {
      for entry in table.entries where entry.device == nil {
        try bundle.setValue(
          entry.value, forKey: entry.key, language: table.language, table: table.name, plural: entry.plural,
          variable: entry.variable)
        let address = ValueAddress(
          language: table.language, table: table.name, key: entry.key, plural: entry.plural, variable: entry.variable)
        try bundle.apply(Edit(address: address, oldValue: entry.value, newValue: entry.value))
        count += 1
      }
    }
    return count
  }

  @Test(".strings, .stringsdict and JSON tables: the same value changes no byte and saves nothing")
  func lprojFormats() throws {
    let directory = TemporaryDirectory()
    let original = try Self.write(Self.lproj, in: directory)
    var bundle = try LocalizationBundle.load(directory.url.path)
    #expect(Set(bundle.tables.map(\.format)) == [.strings, .stringsdict, .json])
    let count = try Self.setEveryValueToItself(&bundle)
    #expect(count == 20)
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written == [])
    #expect(try Self.read(original.keys, in: directory) == original)
    // The documents themselves: the same value leaves every byte as read.
    for table in bundle.tables {
      var document = table.document
      for entry in table.entries {
        try document.setValue(
          entry.value, forKey: entry.key, plural: entry.plural, variable: entry.variable, comment: nil)
      }
      #expect(document.serialized() == original[table.path], "\(table.path)")
    }
    // A different value is still an edit.
    try bundle.setValue("Café!", forKey: "escaped", language: "de", table: "Localizable")
    let saved = try bundle.save().written
    #expect(saved == ["de.lproj/Localizable.strings"])
  }

  @Test("a canonically equivalent but different spelling is a change")
  func otherSpellingIsAChange() throws {
    let directory = TemporaryDirectory()
    _ = try Self.write(["de.lproj/Localizable.strings": "\"k\" = \"Cafe\u{301}\";\n"], in: directory)
    var bundle = try LocalizationBundle.load(directory.url.path)
    try bundle.setValue("Caf\u{E9}", forKey: "k", language: "de", table: "Localizable")
    #expect(try bundle.save().written == ["de.lproj/Localizable.strings"])
    let written = try Data(contentsOf: directory.url.appendingPathComponent("de.lproj/Localizable.strings"))
    #expect(written == Data("\"k\" = \"Caf\u{E9}\";\n".utf8))
    let address = ValueAddress(language: "de", table: "Localizable", key: "k")
    #expect(!Edit(address: address, oldValue: "Cafe\u{301}", newValue: "Caf\u{E9}").isNoOp)
    #expect(Edit(address: address, oldValue: "Caf\u{E9}", newValue: "Caf\u{E9}").isNoOp)
  }

  @Test("localized-object JSON: the same value changes no byte and saves nothing")
  func localizedObjects() throws {
    let directory = TemporaryDirectory()
    let original = try Self.write(["content.json": Self.content], in: directory)
    var bundle = try LocalizationBundle.load(directory.url.appendingPathComponent("content.json").path)
    #expect(bundle.languages == ["en", "de", "en-GB"])
    let count = try Self.setEveryValueToItself(&bundle)
    #expect(count == 5)
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written == [])
    #expect(try Self.read(original.keys, in: directory) == original)
    var document = LocalizedObjectDocument(data: original["content.json"] ?? Data(), file: "content.json")
    try document.setValue("Grüß dich", forKey: "greeting", language: "de")
    try document.setValue("Goodbye / bye", forKey: "farewell", language: "en")
    #expect(document.serialized() == original["content.json"])
    // en-GB reads "farewell" from en but has no value of its own: setting one is an edit.
    try bundle.setValue("Goodbye / bye", forKey: "farewell", language: "en-GB", table: "content")
    #expect(try bundle.save().written == ["content.json"])
  }

  @Test("String Catalogs: the same value keeps every unit's needs_review state and every byte")
  func catalogUnits() throws {
    let directory = TemporaryDirectory()
    var bundle = try CatalogFixtures.bundle(Self.catalog, in: directory)
    let url = directory.url.appendingPathComponent("Localizable.xcstrings")
    let original = try Data(contentsOf: url)
    let units = try #require(bundle.catalog(table: "Localizable")).units
    #expect(units.count == 22)
    #expect(units.filter { $0.state == .needsReview }.count == 20)
    #expect(Set(units.map { [$0.path.substitution != nil, $0.path.device != nil, $0.path.plural != nil] }).count == 5)
    for unit in units {
      try bundle.setCatalogValue(unit.value, at: unit.path, table: "Localizable")
      let address = ValueAddress(
        language: unit.path.language, table: "Localizable", key: unit.path.key, plural: unit.path.plural,
        variable: unit.path.substitution, device: unit.path.device)
      try bundle.apply(Edit(address: address, oldValue: unit.value, newValue: unit.value))
      #expect(bundle.catalogUnit(at: unit.path, table: "Localizable")?.state == unit.state, "\(unit.path)")
    }
    // The source language's view reads a key without units as its own text: setting that is no edit either.
    let count = try Self.setEveryValueToItself(&bundle)
    #expect(count == 19)
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written == [])
    #expect(try Data(contentsOf: url) == original)
    // The document: the same value, no state given, changes nothing.
    var document = StringCatalogDocument(data: original, file: "Localizable.xcstrings")
    for unit in units { try document.setValue(unit.value, at: unit.path) }
    try document.setValue("Hello", at: CatalogUnitPath(key: "Hello", language: "en"))
    #expect(document.serialized() == original)
  }

  @Test("String Catalogs: an explicit state is applied with the same value; a new value becomes translated")
  func catalogStates() throws {
    let original = Data(Self.catalog.utf8)
    let path = CatalogUnitPath(key: "Tap to open", language: "de", device: "mac")
    var document = StringCatalogDocument(data: original, file: "Localizable.xcstrings")
    let unit = try #require(document.unit(at: path))
    #expect(unit.state == .needsReview)
    try document.setValue(unit.value, at: path, state: .translated)
    let stateRange = try #require(unit.stateRange)
    #expect(document.serialized() == StringCatalogEditTests.splice(original, [(stateRange, #""translated""#)]))
    var edited = StringCatalogDocument(data: original, file: "Localizable.xcstrings")
    try edited.setValue("Klicken", at: path)
    #expect(edited.unit(at: path)?.state == .translated)
    // Through the bundle: the same value with an explicit state is an edit of the state alone.
    let directory = TemporaryDirectory()
    var bundle = try CatalogFixtures.bundle(Self.catalog, in: directory)
    try bundle.setCatalogValue(unit.value, at: path, table: "Localizable", state: .needsReview)
    #expect(try bundle.save().written == [])
    try bundle.setCatalogValue(unit.value, at: path, table: "Localizable", state: .translated)
    #expect(try bundle.save().written == ["Localizable.xcstrings"])
    #expect(bundle.catalogUnit(at: path, table: "Localizable")?.state == .translated)
  }

  @Test("the real catalog: every needs_review unit set to its own value keeps its state and every byte", .corpus)
  func corpusCatalog() throws {
    let url = try CatalogFixtures.corpusCatalog()
    let original = try Data(contentsOf: url)
    var document = StringCatalogDocument(data: original, file: url.lastPathComponent)
    let reviewing = document.units.filter { $0.state == .needsReview }
    #expect(reviewing.count == 278)
    for unit in reviewing { try document.setValue(unit.value, at: unit.path) }
    #expect(document.serialized() == original)
    #expect(document.units.filter { $0.state == .needsReview }.count == 278)
    // Through a bundle, a few of them (each bundle edit re-projects every language's view).
    let directory = TemporaryDirectory()
    let copy = directory.url.appendingPathComponent("Localizable.xcstrings")
    try original.write(to: copy)
    var bundle = try LocalizationBundle.load(copy.path)
    for unit in reviewing.enumerated().filter({ $0.offset % 40 == 0 }).map(\.element) {
      try bundle.setCatalogValue(unit.value, at: unit.path, table: bundle.tableNames[0])
      #expect(bundle.catalogUnit(at: unit.path, table: bundle.tableNames[0])?.state == .needsReview)
    }
    #expect(!bundle.hasUnsavedChanges)
    #expect(try bundle.save().written == [])
    #expect(try Data(contentsOf: copy) == original)
  }
}
