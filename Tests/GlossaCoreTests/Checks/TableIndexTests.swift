import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct TableIndexTests {
  @Test func aKeyInBothFilesKeepsEachPartsFileAndLine() throws {
    let bundle = CheckFixtures.placeholderBesidePlural(["en": [("one", "%d file"), ("other", "%d files")]])
    let index = TableIndex(files: bundle.tables)
    let record = try #require(index.record(for: "files"))
    #expect(record.entry?.value == "files")
    #expect(record.file == "en.lproj/Localizable.strings")
    #expect(record.line == 3)
    #expect(record.familyFile == "en.lproj/Localizable.stringsdict")
    #expect(record.location.file == "en.lproj/Localizable.stringsdict")
    #expect(record.location.line == CheckFixtures.stringsdictLine)
  }

  @Test func aKeyInOneFileIsLocatedThere() throws {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n",
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file"), ("other", "%d files")]),
    ])
    let index = TableIndex(files: bundle.tables)
    let plural = try #require(index.record(for: "n"))
    #expect(plural.familyFile == "en.lproj/Localizable.strings")
    #expect(plural.location.file == "en.lproj/Localizable.strings" && plural.location.line == 2)
    let files = try #require(index.record(for: "files"))
    #expect(files.file == "en.lproj/Localizable.stringsdict" && files.familyFile == files.file)
    #expect(files.location.file == files.file && files.location.line == CheckFixtures.stringsdictLine)
  }
}

/// `TableIndex.updating`: after an edit of one key, the index with that key's record read again
/// equals an index of the edited files built from scratch, or is refused.
@Suite(.timeLimit(.minutes(10))) struct TableIndexUpdateTests {
  static let files: KeyValuePairs<String, String> = [
    "de.lproj/Localizable.strings":
      "\"title\" = \"Fotos\";\n\"dup\" = \"a\";\n\"dup\" = \"b\";\n\"n##{one}\" = \"%d Datei\";\n\"n##{other}\" = \"%d Dateien\";\n\"files\" = \"x\";\n\"last\" = \"z\";\n",
    "de.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
      key: "files", forms: [("one", "%d Datei"), ("other", "%d Dateien")]),
  ]

  static func expectSame(_ a: TableIndex, _ b: TableIndex, _ what: String) {
    #expect(a.keys == b.keys, "\(what)")
    #expect(a.records == b.records, "\(what)")
    #expect(a.duplicates == b.duplicates, "\(what)")
    #expect(a.entriesNeedingReview == b.entriesNeedingReview, "\(what)")
    #expect(a.untranslatable == b.untranslatable && a.isUndecodable == b.isUndecodable, "\(what)")
    #expect(a.files.map(\.revision) == b.files.map(\.revision), "\(what)")
  }

  @Test func anEditedKeyReadAgainEqualsAFreshIndex() throws {
    let edits: [(String, PluralCategory?, String)] = [
      ("title", nil, "Fotos und Videos"), ("dup", nil, "c"), ("n", .one, "%d Datei!"), ("n", .other, "viele"),
      ("files", .one, "eine Datei"), ("files", nil, "y"), ("last", nil, "two\nlines"), ("title", nil, "\"q\""),
    ]
    var updated = 0
    for (key, plural, value) in edits {
      var bundle = CheckFixtures.bundle(Self.files)
      let before = TableIndex(files: bundle.tables)
      try bundle.setValue(value, forKey: key, language: "de", table: "Localizable", plural: plural)
      let fresh = TableIndex(files: bundle.tables)
      guard let patched = before.updating(key, files: bundle.tables) else { continue }
      updated += 1
      Self.expectSame(patched, fresh, "\(key) \(plural.map(\.rawValue) ?? "") = \(value)")
    }
    // Every edit but the one adding a `.strings` entry for a `.stringsdict` family is a patch.
    #expect(updated >= edits.count - 1)
  }

  @Test func aKeyAddedAtTheEndAndRemovedAgainEqualsAFreshIndex() throws {
    var bundle = CheckFixtures.bundle([
      "de.lproj/Localizable.strings": "\"title\" = \"Fotos\";\n\"dup\" = \"a\";\n\"dup\" = \"b\";\n"
    ])
    let before = TableIndex(files: bundle.tables)
    try bundle.setValue("neu", forKey: "new.key", language: "de", table: "Localizable")
    let added = try #require(before.updating("new.key", files: bundle.tables))
    Self.expectSame(added, TableIndex(files: bundle.tables), "added")
    #expect(added.keys.last == "new.key")
    try bundle.removeValue(forKey: "new.key", language: "de", table: "Localizable")
    let removed = try #require(added.updating("new.key", files: bundle.tables))
    Self.expectSame(removed, TableIndex(files: bundle.tables), "removed")
    #expect(removed.keys == before.keys)
    // Removing a key that is not the last one: refused (the keys after it would move).
    try bundle.removeValue(forKey: "title", language: "de", table: "Localizable")
    #expect(removed.updating("title", files: bundle.tables) == nil)
  }

  @Test func anythingElseChangedIsRefused() throws {
    var bundle = CheckFixtures.bundle(Self.files)
    let before = TableIndex(files: bundle.tables)
    try bundle.setValue("Neu", forKey: "title", language: "de", table: "Localizable")
    // Another key changed: refused.
    #expect(before.updating("last", files: bundle.tables) == nil)
    // A key added to the `.strings` file, which is not the last file of the table: refused
    // (its place would be before the `.stringsdict` file's keys).
    var added = CheckFixtures.bundle(Self.files)
    try added.setValue("neu", forKey: "new.key", language: "de", table: "Localizable")
    #expect(before.updating("new.key", files: added.tables) == nil)
    // Lines moved under the other keys: refused.
    var lines = CheckFixtures.bundle(Self.files)
    try lines.setValue("a\nb", forKey: "title", language: "de", table: "Localizable")
    let raw = try #require(lines.tables.first { $0.format == .strings }?.document as? StringsDocument)
    if raw.entries.last?.line != 7 {
      #expect(before.updating("title", files: lines.tables) == nil)
    }
  }
}
