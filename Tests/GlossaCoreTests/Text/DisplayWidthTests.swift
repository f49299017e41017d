import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct DisplayWidthTests {
  @Test func asciiIsOneColumnPerCharacter() {
    #expect(DisplayWidth.columns(of: "Cancel") == 6)
    #expect(DisplayWidth.columns(of: "") == 0)
  }

  @Test func japaneseTitleOfTwelveCharactersIsTwentyFourColumns() {
    let title = "写真をアルバムに追加しました"
    let twelve = String(title.prefix(12))
    #expect(twelve.count == 12)
    #expect(DisplayWidth.columns(of: twelve) == 24)
  }

  @Test func fullwidthPunctuationAndIdeographicSpaceAreWide() {
    #expect(DisplayWidth.columns(of: "！") == 2)
    #expect(DisplayWidth.columns(of: "\u{3000}") == 2)
    #expect(DisplayWidth.columns(of: "ｶ") == 1)  // halfwidth katakana
  }

  @Test func precomposedAndCombiningAccentsAreTheSameWidth() {
    let precomposed = "caf\u{E9}"
    let combining = "cafe\u{301}"
    #expect(DisplayWidth.columns(of: precomposed) == 4)
    #expect(DisplayWidth.columns(of: combining) == 4)
    #expect(DisplayWidth.columns(of: "\u{301}") == 0)
  }

  @Test func emojiSequencesAreTwoColumns() {
    #expect(DisplayWidth.columns(of: "👍") == 2)
    #expect(DisplayWidth.columns(of: "👍🏽") == 2)
    #expect(DisplayWidth.columns(of: "👨‍👩‍👧") == 2)
    #expect(DisplayWidth.columns(of: "🇩🇪") == 2)
    #expect(DisplayWidth.columns(of: "1\u{FE0F}\u{20E3}") == 2)
  }

  @Test func variationSelectorsChooseTextOrEmojiPresentation() {
    #expect(DisplayWidth.columns(of: "\u{263A}") == 1)
    #expect(DisplayWidth.columns(of: "\u{263A}\u{FE0F}") == 2)
    #expect(DisplayWidth.columns(of: "\u{2764}\u{FE0F}") == 2)
    #expect(DisplayWidth.columns(of: "\u{231A}") == 2)
    #expect(DisplayWidth.columns(of: "\u{231A}\u{FE0E}") == 1)
    #expect(DisplayWidth.columns(of: "\u{2714}\u{FE0E}") == 1)
  }

  @Test func zeroWidthAndControlCharactersTakeNoColumns() {
    #expect(DisplayWidth.columns(of: "a\u{200B}b") == 2)
    #expect(DisplayWidth.columns(of: "\u{200D}") == 0)
    #expect(DisplayWidth.columns(of: "\u{200E}") == 0)
    #expect(DisplayWidth.columns(of: "a\tb\n") == 2)
    #expect(DisplayWidth.columns(of: "\r\n") == 0)
    #expect(DisplayWidth.columns(of: "\u{7}") == 0)
    #expect(DisplayWidth.columns(of: "\u{85}") == 0)
  }

  @Test func arabicWithVowelMarksCountsBaseLettersOnly() {
    #expect(DisplayWidth.columns(of: "مرحبا") == 5)
    #expect(DisplayWidth.columns(of: "مَرْحَبًا") == 5)
  }

  @Test func spacingMarksBelongToTheirBaseCluster() {
    #expect(DisplayWidth.columns(of: "कि") == 1)  // Devanagari KA + vowel sign I (Mc)
    #expect(DisplayWidth.columns(of: "กำ") == 1)  // Thai KO KAI + SARA AM
    #expect(DisplayWidth.columns(of: "👍🏽 ok") == 5)
  }

  @Test func hangulSyllablesAndJamoSequencesAreWide() {
    #expect(DisplayWidth.columns(of: "한국어") == 6)
    #expect(DisplayWidth.columns(of: "\u{1112}\u{1161}\u{11AB}") == 2)
    #expect(DisplayWidth.columns(of: "\u{1161}") == 0)
  }

  @Test func fitsStopsAtTheLimit() {
    #expect(DisplayWidth.fits("日本語", in: 6))
    #expect(!DisplayWidth.fits("日本語", in: 5))
    #expect(DisplayWidth.fits("abc", in: 3))
    #expect(!DisplayWidth.fits("a", in: -1))
  }

  @Test func truncationNeverSplitsAWideCharacter() {
    #expect(DisplayWidth.truncated("日本語", toColumns: 5) == "日本")
    #expect(DisplayWidth.truncated("日本語", toColumns: 6) == "日本語")
    #expect(DisplayWidth.truncated("cafe\u{301}!", toColumns: 4) == "cafe\u{301}")
    #expect(DisplayWidth.truncated("abc", toColumns: 0) == "")
  }

  @Test func truncationWithEllipsisFitsTheBudget() {
    #expect(DisplayWidth.truncated("Hello world", toColumns: 8, ellipsis: "…") == "Hello w…")
    #expect(DisplayWidth.truncated("Hello", toColumns: 8, ellipsis: "…") == "Hello")
    #expect(DisplayWidth.truncated("日本語です", toColumns: 6, ellipsis: "…") == "日本…")
  }

  @Test func paddingReachesExactWidth() {
    #expect(DisplayWidth.padded("日本", toColumns: 6) == "日本  ")
    #expect(DisplayWidth.padded("日本語", toColumns: 5) == "日本 ")
  }

  @Test func columnAndIndexAreInverse() {
    let s = "a日b"
    let index = DisplayWidth.index(in: s, atColumn: 3)
    #expect(s[index] == "b")
    #expect(DisplayWidth.column(of: index, in: s) == 3)
    #expect(DisplayWidth.index(in: s, atColumn: 2) == s.index(after: s.startIndex))
  }

  @Test func theBasicPlaneTableAgreesWithMeasuringEachCluster() {
    // Every BMP scalar on its own and after a base letter: the table-driven scalar sum must give
    // what measuring the string cluster by cluster gives.
    var disagreements: [String] = []
    for value in UInt32(0x20)..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [String(Character(scalar)), "a" + String(Character(scalar))] {
        let byClusters = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
        if DisplayWidth.columns(of: text) != byClusters { disagreements.append(String(format: "U+%04X", value)) }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
  }

  /// Scalars that join or split clusters in ways a scalar-by-scalar sum can miss: Indic
  /// consonants, viramas and vowel signs (conjuncts), prepended marks, conjoining jamo, Thai,
  /// emoji pieces, controls, and plain letters around them.
  static let joiners: [Unicode.Scalar] = [
    "a", "é", "\u{301}", "\u{915}", "\u{937}", "\u{94D}", "\u{93F}", "\u{940}", "\u{902}", "\u{995}", "\u{9CD}",
    "\u{9BE}", "\u{B95}", "\u{BCD}", "\u{D15}", "\u{D4D}", "\u{D4E}", "\u{600}", "\u{628}", "\u{64E}",
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{E01}", "\u{E33}", "\u{E34}", "\u{FF76}", "\u{FF9E}",
    "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{1F44D}", "\u{1F3FD}", "\u{1F1E9}", "\u{A}", "\u{D}", "\u{9}",
    "\u{AD}", "\u{200B}", " ", "日", "\u{2065}", "\u{FFF0}", "\u{E0002}", "\u{E0041}", "\u{E0100}", "\u{102B}",
  ]

  @Test func anyStringMeasuresAsItsClustersDo() {
    var generator = SplitMix(seed: 47)
    var disagreements: [String] = []
    for _ in 0..<20_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        scalars.append(Self.joiners.randomElement(using: &generator)!)
      }
      let text = String(scalars)
      let byClusters = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
      if DisplayWidth.columns(of: text) != byClusters {
        disagreements.append(text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " "))
      }
    }
    #expect(disagreements.isEmpty, "\(Set(disagreements).sorted().prefix(10))")
  }

  /// `index(in:atColumn:)` and `fits` as they were before the per-scalar fast path: cluster by
  /// cluster.
  static func indexByClusters(in s: String, atColumn column: Int) -> String.Index {
    var used = 0
    var position = s.startIndex
    while position < s.endIndex {
      let width = DisplayWidth.columns(of: s[position])
      if used + width > column { return position }
      used += width
      position = s.index(after: position)
    }
    return position
  }

  @Test func clippingPerScalarCutsWhereClippingPerClusterDoes() {
    var generator = SplitMix(seed: 48)
    var disagreements: [String] = []
    for _ in 0..<20_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        scalars.append(Self.joiners.randomElement(using: &generator)!)
      }
      let text = String(scalars)
      for column in 0...14 {
        let expected = Self.indexByClusters(in: text, atColumn: column)
        let fits = expected == text.endIndex
        if DisplayWidth.index(in: text, atColumn: column) != expected || DisplayWidth.fits(text, in: column) != fits
          || DisplayWidth.truncated(text, toColumns: column) != String(text[..<expected])
        {
          disagreements.append(
            "\(column): " + text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " "))
        }
      }
    }
    #expect(disagreements.isEmpty, "\(Set(disagreements).sorted().prefix(10))")
  }
}
