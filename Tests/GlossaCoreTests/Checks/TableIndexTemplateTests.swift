import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// `TableIndex.init(files:like:)`: an index built expecting its source's keys in the source's
/// order is the index `init(files:)` builds, whatever order, gaps, repeats, extra keys, plural
/// families and spellings the translation has; and it answers every lookup the same.
@Suite(.timeLimit(.minutes(10))) struct TableIndexTemplateTests {
  /// Keys of several shapes: ASCII, non-ASCII, one written in NFC in one place and NFD in
  /// another (equal as strings, not as bytes), a Kelvin sign (canonically a `K`).
  static let pool: [String] =
    (0..<40).map { "key.\($0)" } + [
      "Tip: Export with ⌘T", "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "%d files", "%d items", "",
    ]

  static func stringsFile(_ keys: [(key: String, plural: String?)]) -> String {
    keys.map { key, plural in
      let written = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      return "\"\(written)\(plural.map { "##{\($0)}" } ?? "")\" = \"v\";\n"
    }.joined()
  }

  /// A random table: plain keys, plural families written in `.strings`, repeats, and perhaps a
  /// `.stringsdict` of families (some of whose keys the `.strings` file also has).
  static func files(language: String, keys: [String], random: inout SplitMix) -> [(String, Data)] {
    var lines: [(key: String, plural: String?)] = []
    for key in keys {
      if random.next(below: 8) == 0 {
        for category in ["one", "other"] { lines.append((key, category)) }
      } else {
        lines.append((key, nil))
      }
      if random.next(below: 30) == 0, let earlier = lines.randomElement(using: &random) { lines.append(earlier) }
    }
    var files = [("\(language).lproj/Localizable.strings", Data(stringsFile(lines).utf8))]
    if random.next(below: 2) == 0 {
      let family = random.next(below: 2) == 0 ? (keys.randomElement(using: &random) ?? "%d files") : "%d items"
      files.append(
        (
          "\(language).lproj/Localizable.stringsdict",
          Data(CheckFixtures.stringsdict(key: family, forms: [("one", "%d"), ("other", "%d")]).utf8)
        ))
    }
    return files
  }

  /// The source's keys changed as translations are: keys dropped, moved, added, respelled.
  static func translated(_ source: [String], random: inout SplitMix) -> [String] {
    var keys = source.filter { _ in random.next(below: 12) != 0 }
    switch random.next(below: 6) {
    case 0: keys.shuffle(using: &random)
    case 1 where keys.count > 2: keys.swapAt(0, keys.count - 1)
    case 2: keys.insert("only.here.\(random.next(below: 3))", at: random.next(below: keys.count + 1))
    case 3: keys = keys.map { $0 == "caf\u{E9}" ? "cafe\u{301}" : $0 == "Kelvin" ? "\u{212A}elvin" : $0 }
    default: break
    }
    return keys
  }

  static func expectSameLookups(_ a: TableIndex, _ b: TableIndex, probes: [String], _ what: String) {
    TableIndexUpdateTests.expectSame(a, b, what)
    for key in probes {
      #expect(a.slot(of: key) == b.slot(of: key), "\(what): \(key.debugDescription)")
      #expect(a.slot(of: EntryText(key)) == b.slot(of: EntryText(key)), "\(what): \(key.debugDescription)")
    }
  }

  @Test(arguments: 0..<300) func aTranslationIndexedLikeItsSourceIsTheSameIndex(seed: Int) throws {
    var random = SplitMix(seed: UInt64(seed) &* 7919 &+ 1)
    var source = Array(Self.pool.shuffled(using: &random).prefix(random.next(below: 30) + 1))
    // Source keys are distinct as strings compare.
    var seen = Set<String>()
    source = source.filter { seen.insert($0).inserted }
    let translation = seed % 5 == 0 ? source : Self.translated(source, random: &random)
    let bundle = CheckFixtures.bundle(
      data: Self.files(language: "en", keys: source, random: &random)
        + Self.files(language: "de", keys: translation, random: &random))
    let template = TableIndex(files: bundle.tables.filter { $0.language == "en" })
    let files = bundle.tables.filter { $0.language == "de" }
    let plain = TableIndex(files: files)
    let liked = TableIndex(files: files, like: template)
    Self.expectSameLookups(liked, plain, probes: Self.pool + ["only.here.0", "only.here.2", "nope"], "seed \(seed)")
    // The walk over the translation's keys lists the same keys in the same order whether the
    // index knows each key's source slot (built like the source) or finds it.
    func unit(_ translation: TableIndex) -> TableUnit {
      TableUnit(
        language: "de", name: "Localizable", isSource: false, source: template, translation: translation,
        remote: nil, hasRemote: false, languageTables: [translation])
    }
    #expect(unit(liked).keys() == unit(plain).keys(), "seed \(seed)")
    // Each key's source slot, when the index kept them, is the slot the source finds for it;
    // they belong to that source index only, not to another of equal contents.
    if let slots = liked.sourceSlots(in: template) {
      #expect(slots.map { Int($0) } == liked.keys.map { template.slot(of: $0) }, "seed \(seed)")
      let again = TableIndex(files: bundle.tables.filter { $0.language == "en" })
      #expect(liked.sourceSlots(in: again) == nil)
    }
    // An edit's update of the index built like its source is the same as of the plain one.
    if let key = plain.keys.first {
      let (a, b) = (liked.updating(key, files: files), plain.updating(key, files: files))
      #expect((a == nil) == (b == nil))
      if let a, let b { TableIndexUpdateTests.expectSame(a, b, "seed \(seed), updated") }
    }
  }

  /// The shape of a generated bundle and of most apps: plural families written in `.strings`
  /// (`KEY##{one}`), a `.stringsdict` family whose key the `.strings` file also has, a repeat,
  /// and a few keys missing: every key is found in the source, none hashed.
  @Test func aTranslationWithFamiliesAndGapsFollowsItsSource() throws {
    var source: [(key: String, plural: String?)] = [("a", nil), ("%d files", "one"), ("%d files", "other")]
    source += (0..<20).map { ("k\($0)", nil) } + [("%d items", nil)]
    var translation = source.filter { $0.key != "k3" && $0.key != "k11" }
    translation.append(("k5", nil))
    let family = CheckFixtures.stringsdict(key: "%d items", forms: [("one", "%d"), ("other", "%d")])
    let bundle = CheckFixtures.bundle(data: [
      ("en.lproj/Localizable.strings", Data(Self.stringsFile(source).utf8)),
      ("en.lproj/Localizable.stringsdict", Data(family.utf8)),
      ("de.lproj/Localizable.strings", Data(Self.stringsFile(translation).utf8)),
      ("de.lproj/Localizable.stringsdict", Data(family.utf8)),
    ])
    let template = TableIndex(files: bundle.tables.filter { $0.language == "en" })
    let files = bundle.tables.filter { $0.language == "de" }
    let liked = TableIndex(files: files, like: template)
    Self.expectSameLookups(liked, TableIndex(files: files), probes: source.map(\.key) + ["nope"], "families")
    let slots = try #require(liked.sourceSlots(in: template))
    #expect(slots.map { Int($0) } == liked.keys.map { template.slot(of: $0) })
    #expect(!liked.keyTableIsShared(with: template))
  }

  /// One key written twice in a translation, once in NFC and once in NFD: the second is a
  /// repeat of the first (equal as strings), found through the source's table, not by bytes.
  @Test func aKeyWrittenInTwoNormalFormsIsOneKey() throws {
    let source = Self.stringsFile([("caf\u{E9}", nil), ("b", nil)])
    let translation = Self.stringsFile([("caf\u{E9}", nil), ("b", nil), ("cafe\u{301}", nil)])
    let bundle = CheckFixtures.bundle(data: [
      ("en.lproj/Localizable.strings", Data(source.utf8)), ("de.lproj/Localizable.strings", Data(translation.utf8)),
    ])
    let template = TableIndex(files: bundle.tables.filter { $0.language == "en" })
    let files = bundle.tables.filter { $0.language == "de" }
    let liked = TableIndex(files: files, like: template)
    Self.expectSameLookups(liked, TableIndex(files: files), probes: ["caf\u{E9}", "cafe\u{301}", "b"], "nfd")
    #expect(liked.keyCount == 2 && liked.sourceSlots(in: template) == [0, 1])
  }

  @Test func theSameKeysInTheSameOrderShareTheSourcesTable() throws {
    let keys = (0..<200).map { "k\($0)" }
    let text = Self.stringsFile(keys.map { ($0, nil) })
    let bundle = CheckFixtures.bundle(
      data: [("en.lproj/Localizable.strings", Data(text.utf8)), ("fr.lproj/Localizable.strings", Data(text.utf8))])
    let template = TableIndex(files: bundle.tables.filter { $0.language == "en" })
    let french = TableIndex(files: bundle.tables.filter { $0.language == "fr" }, like: template)
    Self.expectSameLookups(
      french, TableIndex(files: bundle.tables.filter { $0.language == "fr" }), probes: keys + ["k200"], "same")
    #expect(french.keyTableIsShared(with: template))
    #expect(french.sourceSlots(in: template) == (0..<200).map { Int32($0) })
    // With one key missing the table is the translation's own, made when asked for.
    let fewer = Self.stringsFile(keys.dropFirst(7).map { ($0, nil) })
    let gap = CheckFixtures.bundle(data: [("fr.lproj/Localizable.strings", Data(fewer.utf8))])
    let index = TableIndex(files: gap.tables, like: template)
    #expect(!index.keyTableIsShared(with: template))
    #expect(index.sourceSlots(in: template) == (7..<200).map { Int32($0) })
    #expect(index.slot(of: "k7") == 0 && index.slot(of: "k0") == nil && index.slot(of: "k199") == 192)
  }

  @Test func manyThreadsAskingForAMissingTableGetOne() async throws {
    let keys = (0..<2_000).map { "key\($0)" }
    let bundle = CheckFixtures.bundle(
      data: [
        ("en.lproj/Localizable.strings", Data(Self.stringsFile(keys.map { ($0, nil) }).utf8)),
        ("de.lproj/Localizable.strings", Data(Self.stringsFile(keys.dropLast().map { ($0, nil) }).utf8)),
      ])
    let template = TableIndex(files: bundle.tables.filter { $0.language == "en" })
    let index = TableIndex(files: bundle.tables.filter { $0.language == "de" }, like: template)
    // Every task asks for 50 keys (some past the last: absent), all before the table exists.
    let answers = await withTaskGroup(of: [(Int, Int?)].self) { group in
      for part in 0..<8 {
        group.addTask { (part..<(part + 50)).map { n in (n * 37, index.slot(of: "key\(n * 37)")) } }
      }
      return await group.reduce(into: [(Int, Int?)]()) { $0 += $1 }
    }
    #expect(answers.count == 400)
    for (n, slot) in answers { #expect(slot == (n < 1_999 ? n : nil), "key\(n)") }
    #expect(index.slot(of: "key1998") == 1998 && index.slot(of: "key1999") == nil)
  }
}
