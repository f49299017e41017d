import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// `SourceTextGroups.normalized` reads bytes scalar by scalar; these compare it with reading
/// the same text as characters and strings (the way it was first written), in every script
/// the check groups.
@Suite(.timeLimit(.minutes(10))) struct SourceTextNormalizingTests {
  /// The character reading: lowercased, trimmed of whitespace and end marks, vowel marks
  /// dropped; nil without a letter.
  static func byCharacters(_ text: String) -> String? {
    let endMarks: Set<Character> = [
      ".", "!", "?", ":", ";", ",", "…", "。", "！", "？", "：", "；", "，", "、", "؟", "،", "؛", "۔", "।",
    ]
    guard text.contains(where: \.isLetter) else { return nil }
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      guard text[before].isWhitespace || endMarks.contains(text[before]) else { break }
      end = before
    }
    let folded = text[..<end].drop(while: \.isWhitespace).lowercased()
    return String(
      String.UnicodeScalarView(folded.unicodeScalars.filter { !SourceTextGroups.isOptionalMark($0.value) }))
  }

  static let fragments = [
    "Open", "OPEN", "open", "Öffnen", "ÖFFNEN", "Ärger", "ÆØÅ", "straße", "STRASSE", "İstanbul", "ıI", "Ωμέγα",
    "ΣΊΣΥΦΟΣ", "Файл", "ЁЖИК", "Ѐ", "Ђ", "ﬁle", "Ǆ", "ǅ", "Ａｂｃ", "ＡＢＣ", "فتح", "فَتْح", "ـ", "עִבְרִית",
    "फ़ाइल", "ไฟล์", "開く", "ファイル", "ﾌｧｲﾙ", "파일", "\u{1100}\u{1161}", "🎉", "👍🏽", "%@", "%1$@", "42", "—",
    ".", "!", "?", "…", "。", "！", "？", "؟", "،", "۔", "।", " ", "\u{00A0}", "\u{3000}", "\u{2003}", "\t", "\n",
    "e\u{301}", "\u{301}", "\u{301}\u{302}", "\u{600}", "\u{600}1", "\u{200D}", "\u{93F}", "क्ष", "नमस्ते", "µ", "ª", "Ꭰ",
    "Ա", "Ⴀ", "ẞ", "Ⓐ", "𐐀", "(", ")", "\"", "«", "»",
  ]

  @Test func bytesAndCharactersNormalizeAlike() {
    var generator = SplitMix(seed: 61)
    var disagreements: [String] = []
    for _ in 0..<30_000 {
      let count = Int(generator.next() % 5) + 1
      let text = (0..<count).map { _ in Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))] }
        .joined(separator: generator.next() % 3 == 0 ? "" : " ")
      if SourceTextGroups.normalized(text) != Self.byCharacters(text) { disagreements.append(text) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }

  @Test func codePointFoldingIsUnicodesLowercase() {
    for value in UInt32(0x80)...0xFFFF {
      guard let folded = SourceTextGroups.lowercased(value), let scalar = Unicode.Scalar(value) else { continue }
      if String(scalar).lowercased().unicodeScalars.map(\.value) != [folded] {
        Issue.record("U+\(String(value, radix: 16)) folds to U+\(String(folded, radix: 16))")
      }
    }
  }

  @Test func whitespaceIsUnicodesWhiteSpace() {
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if ValueBytes.isWhitespace(value) != scalar.properties.isWhitespace {
        Issue.record("U+\(String(value, radix: 16))")
      }
    }
  }

  @Test func malformedBytesAreReadAsRepaired() {
    let bytes: [UInt8] = [0x4F, 0x70, 0xFF, 0x65, 0x6E, 0x2E, 0xC3]
    let normalized = bytes.withUnsafeBufferPointer { SourceTextGroups.normalized($0) }
    #expect(
      normalized.map { String(decoding: $0, as: UTF8.self) } == SourceTextGroups.normalized("Op\u{FFFD}en.\u{FFFD}"))
  }
}
