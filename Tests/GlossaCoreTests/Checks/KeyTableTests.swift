import Testing

@testable import GlossaCore

/// `KeyTable`: the slots of an index's keys answer exactly as a `[String: Int]` of the same
/// keys would, with Swift's string equality (canonical equivalence), through growth, removal of
/// the last key and keys that are not ASCII. The keys are held as an index holds them: ranges
/// of one text.
@Suite(.timeLimit(.minutes(10))) struct KeyTableTests {
  /// `input` as ranges of one array of bytes, as entries read from one file are.
  static func texts(_ input: [String]) -> [EntryText] {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for key in input {
      let start = bytes.count
      bytes += key.utf8
      ranges.append(start..<bytes.count)
    }
    return ranges.map { EntryText(slice: $0, of: bytes) }
  }

  /// Inserts `keys` in order the way an index does (a repeat keeps its first slot) and checks
  /// every answer against a dictionary.
  static func build(_ input: [String]) -> (KeyTable, [EntryText], [String: Int]) {
    var table = KeyTable(capacity: 0)
    var keys: [EntryText] = []
    var expected: [String: Int] = [:]
    for (key, text) in zip(input, texts(input)) {
      let slot = table.slot(of: text, orInsert: keys.count, in: keys)
      let known = expected[key]
      #expect(slot == (known ?? keys.count), "\(key)")
      if known == nil {
        expected[key] = keys.count
        keys.append(text)
      }
    }
    return (table, keys, expected)
  }

  static func expectAnswers(_ table: KeyTable, _ keys: [EntryText], _ expected: [String: Int], probes: [String]) {
    for key in keys {
      #expect(table.slot(of: key, in: keys) == expected[key.string], "\(key.string)")
      #expect(table.slot(of: key.string, in: keys) == expected[key.string], "\(key.string)")
    }
    for probe in probes {
      #expect(table.slot(of: probe, in: keys) == expected[probe], "\(probe)")
      #expect(table.slot(of: texts([probe])[0], in: keys) == expected[probe], "\(probe)")
    }
  }

  @Test func answersLikeADictionaryThroughGrowth() {
    let input = (0..<5000).map { "screen_\($0 % 3000).title" } + ["", "a", "a"]
    let (table, keys, expected) = Self.build(input)
    #expect(keys.count == 3002)
    Self.expectAnswers(table, keys, expected, probes: ["screen_3000.title", "screen_1.titl", "b", "A"])
  }

  @Test func keysThatAreNotASCIIAndCanonicalEquivalents() {
    // `\u{212A}` (KELVIN SIGN) is canonically `K`, `\u{37E}` is `;`, `\u{1FEF}` is the grave
    // accent: Swift calls those strings equal to their ASCII spellings, so must the table.
    // `é` and `e` + U+0301 are equal too; `ｋ` (fullwidth) is not `k`.
    let input = [
      "Key", "\u{212A}ey", "a;b", "a\u{37E}b", "`x", "\u{1FEF}x", "café", "cafe\u{301}", "ｋ", "k", "日本",
      "\u{212A}é",
    ]
    let (table, keys, expected) = Self.build(input)
    #expect(keys.map(\.string) == ["Key", "a;b", "`x", "café", "ｋ", "k", "日本", "\u{212A}é"])
    Self.expectAnswers(table, keys, expected, probes: ["KEY", "Ké", "K\u{E9}", "k\u{301}", "日", "x"])
    #expect(table.slot(of: "\u{212A}ey", in: keys) == 0)
    #expect(table.slot(of: "cafe\u{301}", in: keys) == 3)
    #expect(table.slot(of: "Ke\u{301}", in: keys) == 7)
    #expect(table.slot(of: "K\u{E9}", in: keys) == 7)
  }

  @Test func removingTheLastKeyKeepsEveryOtherAnswer() {
    // After the table has grown several times, keys are placed again: every answer must
    // survive emptying the last key's bucket, one key after another.
    var (table, keys, expected) = Self.build((0..<2000).map { "k\($0)" } + ["é\(1)", "é\(2)"])
    while let last = keys.last {
      table.removeLast(last, in: keys)
      keys.removeLast()
      expected[last.string] = nil
      #expect(table.slot(of: last, in: keys) == nil, "\(last.string)")
      if keys.count % 7 == 0 || keys.count < 300 { Self.expectAnswers(table, keys, expected, probes: []) }
    }
    // The emptied table takes keys again.
    #expect(table.slot(of: EntryText("k0"), orInsert: 0, in: []) == 0)
    #expect(table.slot(of: "k0", in: [EntryText("k0")]) == 0)
  }

  @Test func theHashOfAKeyIsItsASCIISpellings() {
    func hash(_ key: String) -> UInt64? { KeyTable.hash(EntryText(key)) }
    #expect(hash("Key") == hash("\u{212A}ey"))
    #expect(hash("a;b") == hash("a\u{37E}b"))
    #expect(hash("`x") == hash("\u{1FEF}x"))
    #expect(hash("café") == nil)
    #expect(hash("") != nil)
  }
}
