import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// Entries keep their key, value and comment as ranges of one byte array (their file's text,
/// or bytes of their own). These tests hold the byte-level answers (key searches, identity,
/// sharing) against the string-level ones they stand for.
@Suite(.timeLimit(.minutes(10))) struct EntryBytesTests {
  /// Keys that compare equal or unequal as Swift strings do, canonical equivalents included.
  static let keys = [
    "a", "b", "K", "\u{212A}", "café", "cafe\u{301}", "x##{one}", "", "screen_1.title", "screen_1.titles",
    "日本", "k", "a;b", "a\u{37E}b",
  ]

  /// A `.strings` text holding each of `keys` as an entry, some repeated, some with escapes.
  static func text(_ picks: [Int]) -> String {
    picks.enumerated().map { n, pick in
      let key = keys[pick]
      // Every third entry writes its key with an escape, so it gets bytes of its own.
      let written = n % 3 == 0 ? key.replacingOccurrences(of: "a", with: "\\u0061") : key
      return "\"\(written)\" = \"v\(n)\";\n"
    }.joined()
  }

  @Test func keySearchesAnswerAsStringComparisonDoes() {
    var generator = SplitMix(seed: 43)
    for round in 0..<300 {
      let picks = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        Int.random(in: 0..<Self.keys.count, using: &generator)
      }
      let document = StringsDocument(data: Data(Self.text(picks).utf8), file: "t\(round).strings")
      let entries = document.entries
      for key in Self.keys {
        let odd: (Entry) -> Bool = { $0.line % 2 == 1 }
        #expect(entries.lastIndex(ofKey: key) == entries.lastIndex { $0.key == key }, "\(key) in \(picks)")
        #expect(entries.lastIndex(ofKey: key, where: odd) == entries.lastIndex { $0.key == key && odd($0) })
        #expect(entries.entries(ofKey: key) == entries.filter { $0.key == key }, "\(key) in \(picks)")
        for entry in entries { #expect(entry.hasKey(key) == (entry.key == key), "\(entry.key) vs \(key)") }
      }
    }
  }

  @Test func identityReadThroughPointersMatchesTheFieldByFieldAnswer() throws {
    let text = "/* note */\n\"a\" = \"one\";\n\"b\" = \"tw\\u006f\";\n\"c\" = \"three\";\n"
    let first = StringsDocument(data: Data(text.utf8), file: "x.strings").entries
    // The same bytes read again: another array, equal bytes.
    let again = StringsDocument(data: Data(text.utf8), file: "x.strings").entries
    var edited = first
    edited[0].value = "one"  // the same text, now bytes of its own
    var moved = first
    moved[2].line += 1
    var renamed = first
    renamed[1].comment = "other"
    var marked = first
    marked[2].state = .needsReview
    let versions = [first, again, edited, moved, renamed, marked]
    for a in versions {
      for b in versions {
        for i in a.indices {
          let fast = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { Entry.identical(x.baseAddress! + i, $0.baseAddress! + i) }
          }
          #expect(fast == a[i].isIdentical(to: b[i]), "entry \(i)")
          #expect(
            a[i].hasSameTexts(as: b[i])
              == (a[i].key == b[i].key && a[i].value == b[i].value && a[i].comment == b[i].comment))
        }
      }
    }
    // Copies of one entry are identical at once; a moved or re-stated one is not.
    #expect(EntryChange(from: first, to: again, tail: false) == .none)
    #expect(EntryChange(from: first, to: edited, tail: false) == .none)
    #expect(EntryChange(from: first, to: moved, tail: false) == .oneKey("c"))
    #expect(EntryChange(from: first, to: marked, tail: false) == .oneKey("c"))
  }

  @Test func aFileReadWithoutEscapesSharesItsTextAndEscapesGetBytesOfTheirOwn() {
    let text = """
      /* greeting */
      "hello" = "Hallo";
      "files##{one}" = "%d Datei";
      "short";
      "quote" = "Sag \\"Hi\\"";
      "tab\\tkey" = "x";
      // a line comment
      // continued
      "joined" = "y";

      """
    let document = StringsDocument(data: Data(text.utf8), file: "de.lproj/Localizable.strings")
    let entries = document.entries
    #expect(entries.map(\.key) == ["hello", "files", "short", "quote", "tab\tkey", "joined"])
    #expect(entries.map(\.value) == ["Hallo", "%d Datei", "short", "Sag \"Hi\"", "x", "y"])
    #expect(entries.map(\.comment) == ["greeting", nil, nil, nil, nil, "a line comment\ncontinued"])
    #expect(entries[1].plural == .one)
    // Ranges of the file's text, except an escaped value or key and a joined `//` run.
    #expect(entries.map(\.sharesText) == [true, true, true, false, false, false])
    // The shorthand's value is its key as written, a plural one's suffix included.
    let shorthand = StringsDocument(data: Data("\"n##{few}\";\n".utf8), file: "x.strings").entries[0]
    #expect(shorthand.key == "n" && shorthand.plural == .few && shorthand.value == "n##{few}" && shorthand.sharesText)
  }

  /// A `.strings` text of `count` entries, every other one escaped, some with joined comments
  /// and plural suffixes.
  static func escapedText(_ count: Int) -> String {
    (0..<count).map { i in
      let comment = i % 3 == 0 ? "// c\(i)\n// more \(i)\n" : i % 3 == 1 ? "/* plain \(i) */\n" : ""
      let key = i % 4 == 1 ? "k\\t\(i)" : i % 5 == 0 ? "n\(i)##{one}" : "k\(i)"
      let value = i.isMultiple(of: 2) ? "v \\\"\(i)\\\" é\\n" : "plain \(i)"
      return comment + "\"\(key)\" = \"\(value)\";\n"
    }.joined()
  }

  @Test func entriesWithTextsOfTheirOwnShareOneBufferPerFile() throws {
    let text = Self.escapedText(60)
    let document = StringsDocument(data: Data(text.utf8), file: "de.lproj/Localizable.strings")
    let entries = document.entries
    #expect(entries.count == 60)
    // Against Foundation's reading of the same text (keys with their plural suffixes).
    let oracle = try #require(
      try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String])
    for entry in entries {
      let raw = entry.plural.map { "\(entry.key)##{\($0.rawValue)}" } ?? entry.key
      #expect(oracle[raw] == entry.value, "\(raw)")
    }
    let own = entries.filter { !$0.sharesText }
    #expect(own.count > 20)
    own.withUnsafeBufferPointer { own in
      for index in own.indices.dropFirst() { #expect(Entry.sameBytes(own.baseAddress!, own.baseAddress! + index)) }
    }
    // Each document has its own buffer, and the file still writes back byte for byte.
    let again = StringsDocument(data: Data(text.utf8), file: "de.lproj/Localizable.strings")
    let first = try #require(own.first)
    let other = try #require(again.entries.first { !$0.sharesText })
    [first, other].withUnsafeBufferPointer { #expect(!Entry.sameBytes($0.baseAddress!, $0.baseAddress! + 1)) }
    #expect(document.serialized() == Data(text.utf8))
    // Detached, an entry of the buffer gets bytes holding its texts alone.
    let detached = [first.detached, own[1]]
    #expect(detached[0] == first)
    detached.withUnsafeBufferPointer { #expect(!Entry.sameBytes($0.baseAddress!, $0.baseAddress! + 1)) }
  }

  @Test func pastTheBufferLimitEntriesGetArraysOfTheirOwnAndReadTheSame() {
    let text = Array(Self.escapedText(40).utf8)
    var roomy = StringsParser(text: text, file: "x.strings")
    roomy.parse()
    var tight = StringsParser(text: text, file: "x.strings", sideLimit: 120)
    tight.parse()
    #expect(roomy.entries == tight.entries)
    #expect(roomy.spans == tight.spans)
    // Some entries went to the buffer before it filled, the rest got arrays of their own.
    let own = tight.entries.filter { !$0.sharesText }
    own.withUnsafeBufferPointer { own in
      let sharing = own.indices.filter { Entry.sameBytes(own.baseAddress!, own.baseAddress! + $0) }
      #expect(sharing.count > 1 && sharing.count < own.count)
    }
  }

  @Test func aRawKeyWithItsSuffixNamesThePluralForm() throws {
    var document = StringsDocument(
      data: Data("\"files##{one}\" = \"%d Datei\";\n\"files##{other}\" = \"%d Dateien\";\n".utf8), file: "x.strings")
    #expect(document.lastIndex(of: "files##{other}", plural: nil) == 1)
    #expect(document.lastIndex(of: "files", plural: .one) == 0)
    #expect(document.lastIndex(of: "files", plural: nil) == nil)
    try document.setValue("%d Dateien!", forKey: "files##{other}", plural: nil, variable: nil, comment: nil)
    #expect(document.entries[1].value == "%d Dateien!" && document.entries[1].plural == .other)
    #expect(document.entries.count == 2)
  }

  @Test func aCatalogLanguageIsOneBufferOfItsKeysCommentsAndValues() throws {
    let temp = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(in: temp)
    let catalogs = bundle.tables.compactMap { $0.document as? StringCatalogView }
    try #require(!catalogs.isEmpty)
    for view in catalogs {
      for entry in view.entries {
        #expect(entry.sharesText, "\(view.language) \(entry.key)")
        let key = try #require(view.catalog.keys.first { $0.key == entry.key })
        #expect(entry.comment == key.comment, "\(view.language) \(entry.key)")
      }
      // The values read back as the catalog's units hold them.
      for unit in view.catalog.units where unit.path.language == view.language {
        let path = unit.path
        let found = view.entries.last {
          $0.key == path.key && $0.plural == path.plural && $0.device == path.device && $0.variable == path.substitution
        }
        #expect(found?.value == unit.value, "\(path)")
        #expect(found?.state == unit.state, "\(path)")
      }
    }
  }
}
