import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `EntryText`: a range of a file's text or a string of its own reads, compares and hashes as
/// the string it stands for.
@Suite(.timeLimit(.minutes(10))) struct EntryTextTests {
  static let text = Array("\"k\" = \"café\"; /* note */ \"e\" = \"cafe\u{301}\"; ascii".utf8)

  static func slice(_ string: String) -> EntryText {
    let bytes = Array(string.utf8)
    let start = try! #require(
      (0...(text.count - bytes.count)).first { Array(text[$0..<($0 + bytes.count)]) == bytes })
    return EntryText(slice: start..<(start + bytes.count), of: text)
  }

  @Test func aSliceReadsAsItsBytes() {
    let cafe = Self.slice("café")
    #expect(cafe.string == "café")
    #expect(cafe.utf8Count == 5)
    #expect(cafe.withUTF8 { Array($0) } == Array("café".utf8))
    #expect(Self.slice("").string.isEmpty)
    #expect(EntryText("ß").withUTF8 { Array($0) } == [0xC3, 0x9F])
  }

  @Test func sameTextIsByteForByteAndEqualIsAsStringsCompare() {
    let precomposed = Self.slice("café")
    let decomposed = Self.slice("cafe\u{301}")
    #expect(precomposed.isSameText(as: EntryText("café")))
    #expect(!precomposed.isSameText(as: decomposed))
    #expect(precomposed.isEqual(to: decomposed))  // "café" == "cafe\u{301}" in Swift
    #expect(!Self.slice("ascii").isEqual(to: EntryText("ASCII")))
    #expect(Self.slice("ascii").isEqual(to: EntryText("ascii")))
    #expect(!Self.slice("note").isSameText(as: Self.slice("ascii")))
  }

  @Test func entriesCompareAndHashByTheirStrings() {
    var parsed = Entry(
      key: EntryText("k"), valueText: Self.slice("café"), commentText: Self.slice("note"), plural: nil, line: 1,
      column: 1)
    let built = Entry(key: "k", value: "cafe\u{301}", comment: "note", line: 1)
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
    #expect(!parsed.isIdentical(to: built))
    parsed.value = "x"
    #expect(parsed.value == "x" && parsed.comment == "note" && parsed != built)
    parsed.variable = "count"
    parsed.device = "ipad"
    #expect(parsed.variable == "count" && parsed.device == "ipad")
    parsed.variable = nil
    #expect(parsed.variable == nil && parsed.device == "ipad")
  }

  @Test func aParsedDocumentsValuesAndCommentsReadBackAfterAnEdit() throws {
    let source = "/* first */\n\"a\" = \"Wert \\\"eins\\\"\";\n// second\n\"b\" = 'zwei';\n\"c\";\n"
    var document = StringsDocument(data: Data(source.utf8), file: "de.lproj/Localizable.strings")
    #expect(document.entries.map(\.value) == ["Wert \"eins\"", "zwei", "c"])
    #expect(document.entries.map(\.comment) == ["first", "second", nil])
    try document.setValue("neu", forKey: "a", plural: nil, variable: nil, comment: nil)
    // The other entries still read their old text; the edited one its new value.
    #expect(document.entries.map(\.value) == ["neu", "zwei", "c"])
    #expect(document.entries.map(\.comment) == ["first", "second", nil])
    let fresh = StringsDocument(data: document.serialized(), file: "de.lproj/Localizable.strings")
    #expect(fresh.entries == document.entries)
  }
}

/// `EntryText.isEqual` settles most comparisons from the bytes; every answer must be the one
/// Swift's string comparison (canonical equivalence) gives.
@Suite(.timeLimit(.minutes(10))) struct EntryTextEqualityTests {
  /// Scalars of every kind the byte rules care about: ASCII, precomposed and combining forms,
  /// scalars that normalize to others (Kelvin, Ohm, Greek question mark, a CJK compatibility
  /// ideograph), conjoining Hangul jamo, kana with voicing marks, emoji.
  static let pool: [String] = [
    "a", "e", "K", "k", ";", " ", "\u{301}", "\u{308}", "\u{323}", "é", "ë", "\u{212A}", "\u{2126}", "Ω", "\u{37E}",
    "\u{F900}", "豈", "ᄀ", "ᅡ", "ᆨ", "가", "각", "か", "\u{3099}", "が", "ж", "й", "и\u{306}", "ά", "\u{1F71}", "😀", "ß",
    "Å", "\u{212B}", "A\u{30A}", "ö", "o\u{308}", "\u{2000}", "\u{2002}", "ي", "\u{654}", "`", "\u{1FEF}", "o",
    "O", "\u{30A}", "x",
  ]

  @Test func everyAnswerIsTheStringComparisons() {
    var generator = SplitMix(seed: 44)
    for _ in 0..<20000 {
      let a = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.pool.randomElement(using: &generator)! }
        .joined()
      // Half the time a spelling of the same text (NFC or NFD), else another random text.
      let b: String
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: b = a.precomposedStringWithCanonicalMapping
      case 1: b = a.decomposedStringWithCanonicalMapping
      default:
        b = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.pool.randomElement(using: &generator)! }
          .joined()
      }
      #expect(
        EntryText(a).isEqual(to: EntryText(b)) == (a == b), "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
    }
  }

  @Test func theBytesSettleTheCommonCases() {
    func settled(_ a: String, _ b: String) -> Bool? {
      Array(a.utf8).withUnsafeBufferPointer { x in Array(b.utf8).withUnsafeBufferPointer { EntryText.compare(x, $0) } }
    }
    #expect(settled("Save", "Save") == true)
    #expect(settled("Save", "Sichern") == false)
    #expect(settled("Änderungen", "Save changes") == false)  // both surely NFC
    #expect(settled("Привет", "Hello") == false)
    #expect(settled("café", "cafe\u{301}") == nil)  // only strings can tell: they are equal
    #expect(settled("\u{212A}", "K") == nil)
    // An ASCII scalar against another: the ASCII side going on with ASCII (or ending) settles
    // it, unless the other is one of the three that decompose to ASCII.
    #expect(settled("cafe", "café") == false)
    #expect(settled("cafes", "cafés") == false)
    #expect(settled("cafe\u{301}s", "cafés") == nil)  // equal: only strings can tell
    #expect(settled("Ka", "\u{212A}a") == nil)  // equal
    #expect(settled("Ja", "\u{212A}a") == false)
    #expect(settled("a;", "a\u{37E}") == nil)  // equal
    #expect(settled("`", "\u{1FEF}") == nil)  // equal
    #expect(settled("Việt", "Viet") == false)
    #expect(settled("a", "a\u{301}") == false)  // one ends, the other goes on
    #expect(settled("a\u{301}", "a") == false)
  }

  @Test func theNFCRangesHoldOnlyScalarsThatStayThemselves() {
    let ranges: [ClosedRange<UInt32>] = [
      0x80...0x2FF, 0x386...0x386, 0x388...0x3CE, 0x400...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x621...0x64A,
      0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
      0xAC00...0xD7A3, 0xFF01...0xFF5E, 0x1F300...0x1FAFF,
    ]
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(scalar)
        let bytes = Array(text.utf8)
        // In NFC alone, a starter, and still in the range when anything comes before it.
        #expect(bytes.withUnsafeBufferPointer(EntryText.isSurelyNFC), "\(value)")
        #expect(text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]), "\(value)")
        #expect(scalar.properties.canonicalCombiningClass == .notReordered, "\(value)")
      }
    }
  }
}

/// Entries kept apart from their file's entries array hold texts of their own: as ranges they
/// would keep a whole copy of the file (a 36 MB catalog, a large `.strings` file) alive.
@Suite(.timeLimit(.minutes(10))) struct DetachedEntryTests {
  @Test func aValueAddedAtTheEndHasATextOfItsOwn() throws {
    var document = StringsDocument(data: Data("\"a\" = \"eins\";\n".utf8), file: "de.lproj/Localizable.strings")
    #expect(document.entries[0].sharesText)
    try document.setValue("zwei", forKey: "b", plural: nil, variable: nil, comment: "neu")
    let added = try #require(document.entries.last)
    #expect(added.key == "b" && added.value == "zwei" && added.comment == "neu")
    #expect(!added.sharesText)
  }

  @Test func recordsKeepDevicesAndReviewStatesApart() throws {
    let temp = TemporaryDirectory()
    let bundle = try CatalogFixtures.bundle(in: temp)
    for table in bundle.tables {
      let index = TableIndex(table)
      for entries in index.entriesNeedingReview.values {
        for entry in entries { #expect(!entry.sharesText, "\(entry.key)") }
      }
      for record in index.records {
        for device in record.devices { #expect(!device.sharesText, "\(device.key)") }
      }
    }
    // The fixture has units that need review; the catalog's other values are ranges.
    #expect(bundle.tables.contains { !TableIndex($0).entriesNeedingReview.isEmpty })
    #expect(bundle.tables.contains { $0.entries.contains { $0.sharesText } })
  }
}
