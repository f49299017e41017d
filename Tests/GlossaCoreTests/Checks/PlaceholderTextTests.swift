import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PlaceholderTextTests {
  @Test func standInsAreReportedWhereTheSourceIsText() {
    let source = [
      ("a", "Delete the file"), ("b", "Not available"), ("c", "Open settings"), ("d", "Done"), ("e", "Sync now"),
      ("f", "Privacy policy"),
    ]
    let found = TextCheckFixtures.found(
      .placeholderText, source: source,
      [
        "de": [
          ("a", "TODO"), ("b", "N/A"), ("c", "xxx"), ("d", "???"), ("e", "TODO: übersetzen"),
          ("f", "Lorem ipsum dolor"),
        ],
        "ja": [("a", "TBD"), ("b", "利用できません"), ("c", "設定を開く"), ("d", "完了"), ("e", "今すぐ同期"), ("f", "—")],
        "ar": [
          ("a", "حذف الملف"), ("b", "غير متاح"), ("c", "FIXME"), ("d", "تم"), ("e", "مزامنة الآن"),
          ("f", "سياسة الخصوصية"),
        ],
      ])
    #expect(found == ["ar c", "de a", "de b", "de c", "de d", "de e", "de f", "ja a", "ja f"])
  }

  @Test func wordsThatLookLikeStandInsAreTranslations() {
    // Spanish “Todo” (all), a dash for one word, a source that is itself a stand-in.
    let found = TextCheckFixtures.found(
      .placeholderText, source: [("all", "All"), ("none", "None"), ("na", "N/A"), ("q", "Why?")],
      ["es": [("all", "Todo"), ("none", "—"), ("na", "N/A"), ("q", "¿Por qué?")]])
    #expect(found.isEmpty)
  }

  @Test func severityIsWarningAndTheCommentSilencesIt() {
    let messages = TextCheckFixtures.messages(.placeholderText, source: [("a", "Delete")], ["de": [("a", "TODO")]])
    #expect(messages.map(\.1) == ["The translation “TODO” is a stand-in (TODO), not a translation of “Delete”."])
    #expect(
      TextCheckFixtures.found(
        .placeholderText, source: [("a", "Delete")], ["de": [("a", "TODO")]],
        comment: "glossa-ignore: placeholder-text"
      ).isEmpty)
    #expect(
      TextCheckFixtures.found(
        .placeholderText, source: [("a", "Delete")], ["de": [("a", "TODO")]],
        options: CheckOptions(disabled: [.placeholderText])
      ).isEmpty)
  }

  /// `mayBePlaceholder` passes over a short value by its first two bytes: never one `standIn`
  /// would name (the simple reading).
  @Test func valuesPassedOverAreNoStandIns() {
    let firsts = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["—", "–", "…", "é", " ", "\t"]
    let seconds = firsts + ["\u{301}", "İ", "ı", "K", "x\u{301}", ""]
    let tails = [
      "", "O", "DO", "D", "ODO", "XME", "xme", "a", "A", "?", "??", "-", ":", "XME:", "ODO: x", " ", "\u{301}",
    ]
    var checked = 0
    for first in firsts {
      for second in seconds {
        for tail in tails {
          let value = first + second + tail
          var copy = value
          copy.withUTF8 { bytes in
            if PlaceholderText.standIn(bytes) != nil {
              #expect(PlaceholderText.mayBePlaceholder(bytes), "\(value)")
            }
          }
          checked += 1
        }
      }
    }
    #expect(checked > 100_000)
  }
}
