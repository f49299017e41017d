import GlossaTestSupport
import Testing

@testable import GlossaCore

@Suite struct InconsistentTranslationTests {
  static let source = [
    ("menu.open", "Open"), ("toolbar.open", "open"), ("file.open", "Open…"), ("hike.save", "Save hike"),
    ("route.save", "Save Hike."), ("done", "Done"), ("count", "%@"), ("count2", "%@"), ("party", "Party 🎉"),
    ("party2", "Party 🎉!"), ("mute", "Mute"), ("mute.user", "Mute %@"), ("mute.named", "Mute (%@)"),
  ]

  @Test func oneRenderingInEveryScriptIsClean() {
    let found = TextCheckFixtures.found(
      .inconsistentTranslation, source: Self.source,
      [
        // Case and end punctuation differ, the rendering does not; untranslated and empty
        // values and letterless texts are left out.
        "de": [
          ("menu.open", "Öffnen"), ("toolbar.open", "öffnen"), ("file.open", "Öffnen …"),
          ("hike.save", "Wanderung sichern"), ("route.save", "Wanderung sichern."), ("count", "%@"),
          ("count2", "%1$@"), ("party", "Party 🎉"), ("party2", ""),
          // A specifier or bracket at the end is part of the text: “Mute %@” is not “Mute”.
          ("mute", "Stummschalten"), ("mute.user", "%@ stummschalten"), ("mute.named", "Stumm (%@)"),
        ],
        "ja": [("menu.open", "開く"), ("toolbar.open", "開く"), ("file.open", "開く…"), ("hike.save", "ハイキングを保存")],
        "zh-Hans": [("menu.open", "打开"), ("file.open", "打开…"), ("party", "派对 🎉"), ("party2", "派对 🎉！")],
        // Vowel marks are the writer's choice: فَتْح is فتح.
        "ar": [("menu.open", "فتح"), ("toolbar.open", "فَتْح"), ("file.open", "فتح…"), ("done", "تم")],
      ])
    #expect(found.isEmpty)
  }

  @Test func differentRenderingsAreReportedOncePerGroup() {
    let found = TextCheckFixtures.messages(
      .inconsistentTranslation, source: Self.source,
      [
        "de": [("menu.open", "Öffnen"), ("toolbar.open", "Aufmachen"), ("file.open", "Öffnen…")],
        "ja": [("hike.save", "ハイキングを保存"), ("route.save", "ルートを保存。")],
        "ar": [("menu.open", "فتح"), ("toolbar.open", "افتح"), ("file.open", "فتح…")],
        "fr": [("party", "Fête 🎉"), ("party2", "Soirée 🎉 !")],
      ])
    #expect(found.map(\.0) == ["ar menu.open", "de menu.open", "fr party", "ja hike.save"])
    #expect(
      found[1].1
        == "The source text “Open” is translated 2 ways in de: “Öffnen” (menu.open, file.open); “Aufmachen” (toolbar.open)."
    )
    #expect(found.allSatisfy { !$0.1.isEmpty })
  }

  @Test func groupsReachAcrossTablesAndNameThem() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Trail\";\n",
      "en.lproj/Map.strings": "\"b\" = \"trail\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Weg\";\n",
      "de.lproj/Map.strings": "\"b\" = \"Pfad\";\n",
    ])
    let found = CheckFixtures.findings(.inconsistentTranslation, in: bundle)
    #expect(found.count == 1)
    #expect(found.first?.message == "The source text “Trail” is translated 2 ways in de: “Weg” (a); “Pfad” (Map: b).")
    #expect(found.first?.file == "de.lproj/Localizable.strings")
    #expect(found.first?.line == 1)
    #expect(found.first?.severity == .info)
  }

  /// Members are read in the order their values lie in the language's table, then compared
  /// group by group: a translation listing its keys in another order than the source's, or with
  /// a key the source lacks (its table then looked up key by key), reads alike.
  @Test func keyOrderAndTablesNotIndexedLikeTheSourceReadAlike() {
    let source = [
      ("a.open", "Open"), ("b.save", "Save"), ("c.open", "open"), ("d.close", "Close"), ("e.save", "Save."),
      ("f.open", "Open…"), ("g.close", "close"), ("h.save", "save"),
    ]
    let values = [
      ("a.open", "Öffnen"), ("b.save", "Sichern"), ("c.open", "Aufmachen"), ("d.close", "Schließen"),
      ("e.save", "Speichern"), ("f.open", "öffnen"), ("g.close", "Schliessen"), ("h.save", "sichern!"),
    ]
    let found = TextCheckFixtures.messages(
      .inconsistentTranslation, source: source,
      ["de": values, "fr": values.reversed(), "it": values + [("z.extra", "Extra")], "nl": Array(values.dropFirst())])
    let byLanguage = Dictionary(grouping: found) { $0.0.split(separator: " ")[0] }
    let expected = [
      "a.open The source text “Open” is translated 2 ways in XX: “Öffnen” (a.open, f.open); “Aufmachen” (c.open).",
      "b.save The source text “Save” is translated 2 ways in XX: “Sichern” (b.save, h.save); “Speichern” (e.save).",
      "d.close The source text “Close” is translated 2 ways in XX: “Schließen” (d.close); “Schliessen” (g.close).",
    ]
    for language in ["de", "fr", "it"] {
      let lines = (byLanguage[Substring(language)] ?? []).map {
        String($0.0.split(separator: " ")[1]) + " " + $0.1.replacingOccurrences(of: " in \(language):", with: " in XX:")
      }
      #expect(lines.sorted() == expected, "\(language)")
    }
    // Without a.open, the open group's first translated key is c.open.
    #expect(byLanguage["nl"]?.map(\.0) == ["nl b.save", "nl c.open", "nl d.close"])
  }

  @Test func aKeysSourceCommentLeavesItOut() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"a\" = \"Open\";\n/* The adjective. glossa-ignore: inconsistent-translation */\n\"b\" = \"Open\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Öffnen\";\n\"b\" = \"Geöffnet\";\n",
    ])
    #expect(CheckFixtures.findings(.inconsistentTranslation, in: bundle).isEmpty)
  }

  /// `quotedShort` quotes without measuring only texts that surely fit: the same as `quoted`.
  @Test func shortQuotesAreQuotedAtForty() {
    let pieces = [
      "Open", "öffnen", "開く", "ファイル", "фа", "ملف", "फ़ाइल", "ไฟล์", "🎉", "👍🏽", "\u{301}", "e\u{301}", "\t", "\n", "\u{7F}",
      "\u{85}", " ", "…", "ｱ", "가", "\u{200B}", "#\u{FE0F}\u{20E3}",
      "\u{9F}", "\u{A0}", "\u{80}", "\u{1F}", "ÿ",
    ]
    var generator = SplitMix(seed: 3434)
    for _ in 0..<3000 {
      let count = Int(generator.next() % 30)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      #expect(InconsistentTranslation.quotedShort(text) == quoted(text, limit: 40), "\(text)")
    }
  }

  /// `Renderings` (hashes, the value placed last tried first, normalizing only from a second
  /// rendering on) places every value as the simple reading does: a value is the rendering whose
  /// first value has its bytes, else — the first rendering taken as it is, if it may have a
  /// letter — the first whose normalized text is its normalized text, else a new one.
  @Test func renderingsAreTheSimpleReading() {
    let values = [
      "Öffnen", "öffnen", "Öffnen …", "Öffnen.", "Open", "open", "", "%@", "—", "…", "Auf", "auf!", "فتح", "فَتْح", "开",
      "  Öffnen", "Ö\u{308}ffnen", "O\u{308}ffnen", "42", "x",
    ]
    let sources = ["Open", "open", "Open…", "Ö\u{308}ffnen"]
    var generator = SplitMix(seed: 3435)
    for _ in 0..<2000 {
      let count = Int(generator.next() % 12) + 1
      let members = (0..<count).map { _ in
        (
          Array(values[Int(generator.next() % UInt64(values.count))].utf8),
          Array(sources[Int(generator.next() % UInt64(sources.count))].utf8)
        )
      }
      var renderings = InconsistentTranslation.Renderings()
      renderings.reset()
      for (position, (value, source)) in members.enumerated() {
        value.withUnsafeBufferPointer { v in
          source.withUnsafeBufferPointer {
            if InconsistentTranslation.Renderings.mayBeRendering(v, source: $0) {
              renderings.place(member: position, value: v)
            }
          }
        }
      }
      var found = [Int?](repeating: nil, count: count)
      let listed = renderings.listed()
      for (index, rendering) in listed.enumerated() { for member in rendering.members { found[member] = index } }
      let (expected, texts) = Self.simpleReading(members)
      #expect(found == expected, "\(members.map { String(decoding: $0.0, as: UTF8.self) })")
      #expect(listed.map(\.text) == texts)
      #expect(renderings.firstMember == expected.firstIndex { $0 != nil })
    }
  }

  /// Each member's rendering and the renderings' first values, found without hashes.
  private static func simpleReading(_ members: [([UInt8], [UInt8])]) -> ([Int?], [String]) {
    var raws: [[UInt8]] = []
    var normalized: [[UInt8]?] = []
    let placed = members.map { (value, source) -> Int? in
      if value.isEmpty { return nil }
      let same = value.withUnsafeBufferPointer { v in source.withUnsafeBufferPointer { EntryText.compare(v, $0) } }
      if same ?? (String(decoding: value, as: UTF8.self) == String(decoding: source, as: UTF8.self)) { return nil }
      if let index = raws.firstIndex(of: value) { return index }
      if raws.isEmpty {
        guard value.contains(where: { $0 >= 0x80 || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }) else { return nil }
        raws.append(value)
        normalized.append(nil)
        return 0
      }
      guard let mine = value.withUnsafeBufferPointer(SourceTextGroups.normalized) else { return nil }
      for index in normalized.indices where normalized[index] == nil {
        normalized[index] = raws[index].withUnsafeBufferPointer(SourceTextGroups.normalized) ?? []
      }
      if let index = normalized.firstIndex(where: { $0 == mine }) { return index }
      raws.append(value)
      normalized.append(mine)
      return raws.count - 1
    }
    return (placed, raws.map { String(decoding: $0, as: UTF8.self) })
  }
}
