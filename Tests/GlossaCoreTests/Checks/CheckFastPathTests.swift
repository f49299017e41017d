import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// The shortcuts the checks take on the common path must never hide a finding.
@Suite(.timeLimit(.minutes(10))) struct CheckFastPathTests {
  @Test func columnBoundIsNeverBelowTheDisplayWidth() {
    var checked = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      let width = DisplayWidth.columns(of: text)
      if width > Overlong.columnBound(text) {
        Issue.record("U+\(String(value, radix: 16)) is \(width) columns, bound \(Overlong.columnBound(text))")
        return
      }
      checked += 1
    }
    #expect(checked > 1_000_000)
    for text in ["🇩🇪🇫🇷", "👩‍👩‍👧", "#️⃣", "☺︎", "❤️", "e\u{301}", "\r\n", "한국어", "ｆｕｌｌ", "नमस्ते", "ำ"] {
      #expect(DisplayWidth.columns(of: text) <= Overlong.columnBound(text), "\(text)")
    }
  }

  @Test func plainEdgesMeanNoWhitespaceClusterAtTheEdges() {
    // Whatever comes before the last scalar (combining marks, joiners, prepended marks, Hangul,
    // emoji, regional indicators), a value judged plain neither starts nor ends with a
    // whitespace cluster.
    var neighbours = Array(UInt32(0)...0x0FFF)
    neighbours += [
      0x1100, 0x1160, 0x11A8, 0x1680, 0x17B6, 0x2000, 0x200B, 0x200C, 0x200D, 0x2028, 0x205F, 0x2060, 0x3000,
      0x3099, 0xAC00, 0xFE0F, 0xFF9E, 0x110BD, 0x111C2, 0x1F1E6, 0x1F3FB, 0x1F469, 0x1F600, 0xE0020, 0x10FFFF,
    ]
    // Every scalar judged to end a cluster, sampled: each range's ends and every 997th between.
    var lasts: [Unicode.Scalar] = []
    var previous: UInt32?
    for value in UInt32(0)...0xFFFF where ValueBytes.endsCluster(value) {
      if previous != value &- 1 || !ValueBytes.endsCluster(value + 1) || value % 997 == 0 {
        lasts.append(Unicode.Scalar(value)!)
      }
      previous = value
    }
    var judged = 0
    for value in neighbours {
      guard let neighbour = Unicode.Scalar(value) else { continue }
      for last in lasts {
        for text in ["a" + String(neighbour) + String(last), String(neighbour) + String(last)] {
          guard ValueBytes.hasPlainEdges(text) else { continue }
          judged += 1
          if text.last?.isWhitespace != false || text.first?.isWhitespace != false || text.allSatisfy(\.isWhitespace) {
            Issue.record("\(text.unicodeScalars.map { String($0.value, radix: 16) }) judged plain")
            return
          }
        }
      }
    }
    #expect(judged > 50_000)
    var whitespace = 0
    for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value)?.properties.isWhitespace == true {
      #expect(ValueBytes.isWhitespace(value), "U+\(String(value, radix: 16))")
      whitespace += 1
    }
    #expect(whitespace == (UInt32(0)...0x10FFFF).filter(ValueBytes.isWhitespace).count)
    for value in UInt32(0)...0x3100 {
      guard let first = Unicode.Scalar(value) else { continue }
      for suffix in ["\u{301}", "a"] {
        let text = String(first) + suffix + "a"
        if ValueBytes.hasPlainEdges(text) {
          #expect(text.first?.isWhitespace == false, "U+\(String(value, radix: 16))")
        }
      }
    }
    for text in [
      "", " a", "a ", "a\n", "\u{A0}a", "a\u{A0}", "a\u{2028}", "\ta", "\u{85}a", "a\u{3000}", "a \u{301}",
      "a\u{200D}\u{301}", "\u{301}",
    ] {
      #expect(!ValueBytes.hasPlainEdges(text), "\(text.unicodeScalars.map(\.value))")
    }
    for text in [
      "a", "ab c", "%@", "é", "Öiuare", "naïve ö", "\u{2FF}x\u{A1}", "Привет…", "日本語。", "مرحبا؟", "\u{301}a",
      "x\u{301}", "क\u{94D}", "बतॄथयि", "สวัสดี",
    ] {
      #expect(ValueBytes.hasPlainEdges(text), "\(text)")
    }
  }

  @Test func valuesEndingInMarksAreJudgedByTheirBase() {
    // Every scalar below U+1000 (and some joiners) as the base of one or two trailing marks:
    // whatever is judged plain must really start and end with a non-whitespace cluster.
    var bases = Array(UInt32(0)...0x0FFF)
    bases += [0x1100, 0x1680, 0x17B6, 0x2000, 0x200B, 0x200C, 0x200D, 0x2028, 0x3000, 0xFF9E, 0x1F469, 0x1F1E6]
    let marks: [String] = [
      "\u{301}", "\u{93E}", "\u{94D}", "\u{903}", "\u{E31}", "\u{E33}", "\u{20DD}", "\u{FF9E}", "\u{301}\u{93E}",
    ]
    var judged = 0
    for value in bases {
      guard let base = Unicode.Scalar(value) else { continue }
      for mark in marks {
        for text in ["a" + String(Character(base)) + mark, "ab" + String(base) + mark] {
          guard ValueBytes.hasPlainEdges(text) else { continue }
          judged += 1
          if text.last?.isWhitespace != false || text.first?.isWhitespace != false {
            Issue.record("\(text.unicodeScalars.map { String($0.value, radix: 16) }) judged plain")
            return
          }
        }
      }
    }
    #expect(judged > 10_000)
  }

  @Test func byteSearchFindsWhatContainsFinds() {
    for text in ["", "%", "a%", "100 % off", "{x}", "日本%", "no"] {
      for byte in [UInt8(ascii: "%"), UInt8(ascii: "{")] {
        #expect(ValueBytes.contains(text, byte) == text.utf8.contains(byte), "\(text)")
      }
    }
  }

  @Test func specifiersWrittenAlikeAgreeWithTheParser() {
    let sources = ["%@", "%1$@ and %2$ld", "%d%%", "Save %.1f%% of %@", "%#@files@", "%@ %lld %s"]
    let translations = [
      "%@", "x %@ y", "%2$ld and %1$@", "%d%%", "%d %", "%%d", "%ld", "%1$@ und %2$ld", "%@%@",
      "Spare %.1f%% von %@", "%.1f%% %@ %", "%#@files@", "%#@file@", "%@ %lld %s", "%@ %ld %s", "",
      "%", "% %@", "%@ 100 % off",
    ]
    for source in sources {
      let facts = SourceFacts(
        record: KeyRecord(key: "k", entry: Entry(key: "k", value: source, line: 1), families: [], file: "f"),
        key: "k", options: CheckOptions())
      for translation in translations where FormatMismatch.writtenAlike(translation, facts.specifiers) {
        #expect(
          FormatMismatch.sameText(FormatSpecifier.parse(translation), FormatSpecifier.parse(source)),
          "\(source) / \(translation)")
      }
      #expect(FormatMismatch.writtenAlike(source, facts.specifiers), "\(source)")
    }
  }

  @Test func aSlotOfTheFlatTableReadsAsItsOwnSpecifiers() {
    // Sources with none, one and several specifiers side by side, so that slots start at
    // every kind of offset in the shared arrays.
    let sources = ["plain", "%@", "", "%1$@ and %2$ld", "%d%%", "100%", "Save %.1f%% of %@", "%@ %lld %s", "x"]
    let translations = [
      "%@", "x %@ y", "%2$ld and %1$@", "%d%%", "%ld", "%1$@ und %2$ld", "Spare %.1f%% von %@", "%@ %lld %s",
      "%@ %ld %s", "", "plain", "%", "100%%", "%lld",
    ]
    let texts = sources.map { SpecifierText(FormatSignature($0).specifiers) }
    let table = SpecifierTable(texts)
    table.withPointers { pointers in
      for (slot, text) in texts.enumerated() {
        let run = pointers.run(slot)
        #expect(run.ends.count == text.ends.count, "\(sources[slot])")
        for translation in translations + sources {
          let viaTable = Array(translation.utf8).withUnsafeBufferPointer { FormatMismatch.writtenAlike($0, run) }
          #expect(viaTable == FormatMismatch.writtenAlike(translation, text), "\(sources[slot]) / \(translation)")
        }
      }
    }
  }

  @Test func quotedASCIIMatchesTheGeneralPath() {
    // Newlines and tabs are escaped byte by byte, in any script and however long the value.
    let long = String(repeating: "Zeile öffnen\n行を開く\t", count: 300)
    for text in [
      "", "short", String(repeating: "a", count: 60), String(repeating: "b", count: 61), "tab\there", "ö\n", "\n",
      "行\t二\n三", "ملف\nجديد", "👍🏽\n👍🏽\t", "e\u{301}\n\u{301}", "\r\n", long, String(long.dropFirst(5)),
    ] {
      // Scalar by scalar, as `quoted` escaped before it copied bytes.
      let escaped = String(
        String.UnicodeScalarView(
          text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            scalar == "\n" ? ["\\", "n"] : scalar == "\t" ? ["\\", "t"] : [scalar]
          }))
      for limit in [60, 10, 2] {
        #expect(
          quoted(text, limit: limit) == "“\(DisplayWidth.truncated(escaped, toColumns: limit, ellipsis: "…"))”",
          "\(text)")
      }
    }
    #expect(quoted(String(repeating: "c", count: 70), limit: 10) == "“ccccccccc…”")
  }

  @Test func crc32MatchesTheReference() {
    #expect(DeflateCodec.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
    #expect(DeflateCodec.crc32(Data()) == 0)
    var generator = SplitMix(seed: 46)
    for count in [1, 7, 8, 9, 63, 64, 65, 1000, 4097] {
      let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
      var reference: UInt32 = 0xFFFF_FFFF
      for byte in data {
        reference ^= UInt32(byte)
        for _ in 0..<8 { reference = reference & 1 != 0 ? 0xEDB8_8320 ^ (reference >> 1) : reference >> 1 }
      }
      #expect(DeflateCodec.crc32(data) == reference ^ 0xFFFF_FFFF, "\(count) bytes")
    }
  }

  @Test func sourceFactsMatchWhatTheChecksWouldMeasure() {
    let entry = Entry(key: "k", value: "Délai %1$@ — 日本", comment: "Max-Length = 12", line: 1)
    let record = KeyRecord(key: "k", entry: entry, families: [], file: "en.lproj/L.strings")
    let facts = SourceFacts(record: record, key: "k", options: CheckOptions())
    #expect(facts.width == DisplayWidth.columns(of: entry.value))
    #expect(facts.hasPercent)
    #expect(facts.signature == FormatSignature(entry.value))
    #expect(facts.limit == 12)
    let configured = SourceFacts(
      record: nil, key: "title.short", options: CheckOptions(maxLength: [MaxLengthRule(pattern: "*.short", limit: 5)]))
    #expect(configured.limit == 5 && configured.width == nil && !configured.hasPercent)
  }
}

/// The word-at-a-time column bound and the width read from bytes agree with their plain forms.
@Suite(.timeLimit(.minutes(10))) struct WordScanTests {
  @Test func columnBoundOfWordsMatchesTheByteLoop() {
    var random = SplitMix(seed: 7)
    // Bytes around every boundary the word test makes: continuations, 0xE0, 0xE1, ASCII.
    let palette: [UInt8] = [0x41, 0x20, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xE1, 0xEF, 0xF0, 0xF4, 0xFF, 0x00]
    for length in 0..<80 {
      for _ in 0..<200 {
        let bytes = (0..<length).map { _ in palette[Int.random(in: 0..<palette.count, using: &random)] }
        let words = bytes.withUnsafeBufferPointer { Overlong.columnBound($0) }
        #expect(words == Overlong.columnBound(bytes.lazy.map { $0 }), "\(bytes)")
      }
    }
  }

  @Test func widthFromBytesMatchesTheStringMeasure() {
    let texts = [
      "", "plain ascii", "tab\there", "Привет, мир", "日本語のテキスト", "한국어", "e\u{301}", "👩‍👩‍👧 family",
      "🇩🇪🇫🇷", "नमस्ते दुनिया", "สวัสดี", "ｆｕｌｌ", "#️⃣", "\u{93E}lone mark", "a\u{200D}b", "\u{1F600}\u{1F3FB}",
    ]
    for text in texts {
      var copy = text
      let fromBytes = copy.withUTF8 { DisplayWidth.columns(utf8: $0) }
      #expect(fromBytes == DisplayWidth.columns(of: text), "\(text)")
    }
    var random = SplitMix(seed: 11)
    let scalars: [UInt32] = [
      0x41, 0x301, 0x93E, 0x94D, 0x915, 0x4E00, 0xAC00, 0x1100, 0x1F600, 0x200D, 0xFE0F, 0x20, 0xE33,
    ]
    for _ in 0..<2000 {
      let text = String(
        String.UnicodeScalarView(
          (0..<Int.random(in: 0..<12, using: &random)).map {
            _ in Unicode.Scalar(scalars[Int.random(in: 0..<scalars.count, using: &random)])!
          }))
      var copy = text
      #expect(copy.withUTF8 { DisplayWidth.columns(utf8: $0) } == DisplayWidth.columns(of: text), "\(text)")
    }
  }
}

/// The whitespace edges read from bytes agree with the edges counted cluster by cluster.
@Suite(.timeLimit(.minutes(10))) struct WhitespaceEdgeTests {
  @Test func asciiEdgesMatchTheClusterCount() {
    var random = SplitMix(seed: 3)
    let pieces = [
      " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{A0}", "\u{301}", "a", "é", "日", "-", "",
    ]
    for _ in 0..<20_000 {
      let text = (0..<Int.random(in: 0..<7, using: &random)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }.joined()
      let expected: (lead: WhitespaceMismatch.Edge, trail: WhitespaceMismatch.Edge)? =
        text.allSatisfy(\.isWhitespace)
        ? nil : (.init(text.prefix { $0.isWhitespace }), .init(text.reversed().prefix { $0.isWhitespace }))
      let found = WhitespaceMismatch.edges(EntryText(text))
      #expect(found?.lead.description == expected?.lead.description, "\(text.unicodeScalars.map(\.value))")
      #expect(found?.trail.description == expected?.trail.description, "\(text.unicodeScalars.map(\.value))")
    }
  }
}
