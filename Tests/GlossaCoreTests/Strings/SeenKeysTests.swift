import Foundation
import Testing

@testable import GlossaCore

/// `duplicate-key` detection: the byte-range table and its fallback to a dictionary.
struct SeenKeysTests {
  private func duplicates(_ text: String) -> [(key: String?, line: Int, first: Int?)] {
    let document = StringsDocument(data: Data(text.utf8), file: "Localizable.strings")
    return document.diagnostics.filter { $0.kind == .duplicateKey }.map { ($0.key, $0.line ?? 0, $0.relatedLine) }
  }

  @Test func asciiKeysQuotedAndUnquotedAreOneKey() {
    let found = duplicates("\"a\" = \"1\";\nb = \"2\";\na = \"3\";\n\"b\" = \"4\";\n\"c\" = \"5\";\n")
    #expect(found.map(\.key) == ["a", "b"])
    #expect(found.map(\.line) == [3, 4])
    #expect(found.map(\.first) == [1, 2])
  }

  @Test func keysThatDifferOnlyInLengthOrLastByteAreDistinct() {
    let keys = ["abcdefgh", "abcdefghi", "abcdefgi", "abcdefg", "", "a"]
    let text = keys.map { "\"\($0)\" = \"x\";" }.joined(separator: "\n")
    #expect(duplicates(text).isEmpty)
    #expect(duplicates(text + "\n\"abcdefghi\" = \"y\";").map(\.line) == [7])
  }

  @Test func anEscapedKeyMatchesItsPlainSpellingBeforeAndAfter() {
    // The escaped key moves every earlier key into the dictionary; later plain keys still match.
    let text = "\"x\" = \"0\";\n\"A\" = \"1\";\n\"\\U0041\" = \"2\";\n\"x\" = \"3\";\n"
    let found = duplicates(text)
    #expect(found.map(\.key) == ["A", "x"])
    #expect(found.map(\.first) == [2, 1])
  }

  @Test func nonASCIIKeysCompareByCanonicalEquivalence() {
    // "é" precomposed and decomposed are one key to Swift's String, as before the table.
    let text = "\"plain\" = \"0\";\n\"caf\u{E9}\" = \"1\";\n\"cafe\u{301}\" = \"2\";\n\"plain\" = \"3\";\n"
    #expect(duplicates(text).map(\.line) == [3, 4])
  }

  @Test func aKelvinSignKeyEqualsItsASCIISpelling() {
    // U+212A is canonically "K": Swift strings compare it equal, so the keys are one.
    let text = "\"Kilo\" = \"0\";\n\"\u{212A}ilo\" = \"1\";\n\"x\" = \"2\";\n\"x\" = \"3\";\n"
    #expect(duplicates(text).map(\.line) == [2, 4])
  }

  @Test func nonASCIIKeysStayBesideTheTable() {
    var seen = SeenKeys(capacity: 4)
    let text = Array("ab".utf8)
    #expect(seen.firstLine(of: "ab", bytes: 0..<2, in: text, line: 1) == nil)
    #expect(seen.firstLine(of: "caf\u{E9}", bytes: nil, in: text, line: 2) == nil)
    #expect(seen.firstLine(of: "cafe\u{301}", bytes: nil, in: text, line: 3) == 2)
    #expect(seen.firstLine(of: "ab", bytes: 0..<2, in: text, line: 4) == 1)
    #expect(seen.isTabled)
  }

  @Test func escapedASCIIKeysAreTabledByTheirDecodedBytes() {
    let text = "\"a\\tb\" = \"0\";\n\"c\" = \"1\";\n\"a\tb\" = \"2\";\n\"a\\tb\" = \"3\";\n"
    #expect(duplicates(text).map(\.line) == [3, 4])
    #expect(duplicates(text).map(\.first) == [1, 1])
  }

  @Test func theTableGrowsPastItsFirstGuess() {
    var seen = SeenKeys(capacity: 1)
    // Short keys alike but for their last bytes: a weak hash would crowd them into long runs.
    let keys = (0..<5000).map { "key.\($0)" }
    let text = Array(keys.joined().utf8)
    var offset = 0
    var ranges: [Range<Int>] = []
    for key in keys {
      ranges.append(offset..<(offset + key.utf8.count))
      offset += key.utf8.count
    }
    for (n, key) in keys.enumerated() {
      #expect(seen.firstLine(of: key, bytes: ranges[n], in: text, line: n + 1) == nil)
    }
    for (n, key) in keys.enumerated() {
      #expect(seen.firstLine(of: key, bytes: ranges[n], in: text, line: 1000) == n + 1)
    }
    #expect(seen.isTabled, "no probe run reached the limit")
  }
}
