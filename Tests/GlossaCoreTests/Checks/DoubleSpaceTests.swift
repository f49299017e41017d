import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct DoubleSpaceTests {
  @Test func twoSpacesInsideAValueAreReported() {
    let found = TextCheckFixtures.found(
      .doubleSpace, source: [("a", "Save the file"), ("b", "Open  settings"), ("c", " Name ")],
      [
        "de": [("a", "Datei  speichern"), ("b", "Einstellungen  öffnen"), ("c", "  Name  ")],
        "ja": [("a", "ファイルを保存"), ("b", "設定を開く"), ("c", "名前")],
        "ar": [("a", "حفظ  الملف"), ("b", "فتح الإعدادات"), ("c", "الاسم")],
      ])
    // The source's own double space is reported once, in the source; edges are whitespace-mismatch's.
    #expect(found == ["en b", "ar a", "de a"])
  }
}
