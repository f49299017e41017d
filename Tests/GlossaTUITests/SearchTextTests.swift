import GlossaCore
import Testing

@testable import GlossaTUI

@Suite(.timeLimit(.minutes(10))) struct SearchTextTests {
  static let rows = [
    KeyRow(key: "Welcome.Title", source: "Welcome", local: "Willkommen"),
    KeyRow(key: "files", source: "%d Files", local: "%d ФАЙЛОВ"),
    KeyRow(key: "ab", source: "c"),
    KeyRow(key: "settings.title", source: "Settings", local: nil),
  ]

  @Test func matchesIgnoringCaseInKeysAndValues() {
    let text = SearchText(Self.rows)
    #expect(text.row(0, contains: SearchText.needle("WILLKOMMEN")))
    #expect(text.row(0, contains: SearchText.needle("welcome.t")))
    #expect(text.row(1, contains: SearchText.needle("файлов")))
    #expect(!text.row(1, contains: SearchText.needle("welcome")))
    #expect(text.firstRow(containing: SearchText.needle("title"), in: 0..<4) == 0)
    #expect(text.firstRow(containing: SearchText.needle("title"), in: 1..<4) == 3)
    #expect(text.firstRow(containing: SearchText.needle("title"), in: 1..<3) == nil)
  }

  @Test func aMatchNeverSpansTwoValuesOrRows() {
    let text = SearchText(Self.rows)
    // "ab" then "c" in the same row, "files" row ends before "ab" starts.
    #expect(text.firstRow(containing: SearchText.needle("abc"), in: 0..<4) == nil)
    #expect(text.firstRow(containing: SearchText.needle("файловab"), in: 0..<4) == nil)
    #expect(!text.row(9, contains: SearchText.needle("a")))
  }
}

extension SearchTextTests {
  @Test func lowercasesLikeFoundationForLatinGreekCyrillicAndLongerScripts() {
    for text in ["ÀÉÎÕÜ Çà", "ΑΒΓ Δέλτα", "ФАЙЛОВ Файл", "ẞ Ẁ ŁÓDŹ", "日本語 テスト", "Ab😀Cd", "İstanbul"] {
      var bytes: [UInt8] = []
      SearchText.appendLowercased(text, to: &bytes)
      let mine = String(decoding: bytes, as: UTF8.self)
      if text == "İstanbul" {
        #expect(mine.hasSuffix("stanbul"))  // U+0130 lowercases to two scalars: left as it is
      } else {
        #expect(mine == text.lowercased(), "\(text)")
      }
    }
  }

  @Test(
    "scripts without case keep their bytes, and a cased letter of three or four bytes still lowercases",
    arguments: [
      "สวัสดี ABC", "नमस्ते ABC", "안녕하세요 ABC", "日本語 ÄBC", "👨‍👩‍👧 🇯🇵 ABC", "Ｆｕｌｌ ＷＩＤＴＨ", "ႠႡ Georgian",
      "𐐀𐐁 Deseret", "Ω ⅣⅫ Ⓐ", "ᎠᎡ Cherokee", "ꙀꙂ Cyrillic B", "ḀẞỸ", "ἈἘ Greek", "日本 𐐀", "",
    ])
  func longerSequencesLowercaseLikeFoundation(_ text: String) {
    var bytes: [UInt8] = [0x41]
    SearchText.appendLowercased(text, to: &bytes)
    #expect(bytes.first == 0x41, "bytes before the text stay as they are")
    #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == text.lowercased())
  }

  @Test func anAsciiTermMatchesTheTextsOwnBytesAsTheLowercasedText() throws {
    let texts = [
      "Settings", "SETTINGS", "Réglages", "ΣΕΤ set", "設定 Setting", "Set\u{212A}ey", "kelvin \u{212A}",
      "👨‍👩‍👧 SeTtInG", "", "İstanbul", "Ｓｅｔ", "settin", "s e t",
    ]
    for term in ["set", "setting", "k", "e", "istanbul", "s e"] {
      let needle = SearchText.needle(term)
      let ascii = try #require(AsciiNeedle(needle))
      for text in texts {
        let expected = SearchText.text(text, contains: needle)
        let answer = ascii.match(EntryText(text), EntryText(""), nil)
        if text.unicodeScalars.contains("\u{212A}") {
          #expect(answer == nil, "a Kelvin sign is left to the lowercased text: \(text)")
        } else {
          #expect(answer == expected, "\(term) in \(text)")
        }
      }
    }
    #expect(AsciiNeedle(SearchText.needle("réglages")) == nil)
  }
}
