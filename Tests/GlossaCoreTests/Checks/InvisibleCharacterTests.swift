import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct InvisibleCharacterTests {
  @Test func zeroWidthAndControlCharactersAreReported() {
    let found = TextCheckFixtures.messages(
      .invisibleCharacter, source: [("a", "Open"), ("b", "Save file"), ("c", "Amount")],
      [
        "de": [("a", "Öff\u{200B}nen"), ("b", "Datei speichern"), ("c", "Menge\u{0C}")],
        "ja": [("a", "開く\u{FEFF}"), ("b", "ファイルを保存"), ("c", "量")],
        "ar": [("a", "فتح"), ("b", "\u{202E}حفظ الملف"), ("c", "الكمية")],
      ])
    #expect(found.map(\.0) == ["ar b", "de a", "de c", "ja a"])
    #expect(found[1].1 == "The translation holds a zero-width space (U+200B), which the source does not.")
  }

  @Test func typographyAndRightToLeftMarksAreNotFindings() {
    // No-break spaces, joiners, a soft hyphen; RLM and isolates in Arabic and Hebrew.
    let found = TextCheckFixtures.found(
      .invisibleCharacter, source: [("a", "Save %@?"), ("b", "Compose"), ("c", "Family")],
      [
        "fr": [("a", "Enregistrer %@\u{202F}?"), ("b", "Rédiger\u{00A0}!"), ("c", "Fa\u{00AD}mille")],
        "fa": [("a", "ذخیره\u{200C}سازی %@؟"), ("b", "نوشتن\u{200F}"), ("c", "👨\u{200D}👩\u{200D}👧")],
        "ar": [("a", "\u{2067}%@\u{2069} حفظ؟"), ("b", "\u{200F}إنشاء"), ("c", "العائلة")],
        "he": [("a", "\u{200F}לשמור %@?"), ("b", "חיבור"), ("c", "משפחה")],
      ])
    #expect(found.isEmpty)
    // The same mark in a left-to-right language is a finding.
    #expect(
      TextCheckFixtures.found(.invisibleCharacter, source: [("b", "Compose")], ["de": [("b", "Verfassen\u{200F}")]])
        == ["de b"])
  }
}
