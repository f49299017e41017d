import Foundation
import Testing

@testable import GlossaCore

@Suite("pseudo-localization: the transform", .timeLimit(.minutes(10)))
struct PseudolocalizationTests {
  let pseudo = Pseudolocalization(expansion: 40)

  @Test func lettersAreAccentedAndTheTextIsBracketedAndGrown() {
    // "Start hike" is 10 columns: 40 % more is 14, so two brackets and two tildes.
    #expect(pseudo.transform("Start hike") == "[Šţåŕţ ĥîķé~~]")
    #expect(DisplayWidth.columns(of: pseudo.transform("Start hike")) == 14)
    // A short value grows by its brackets at least.
    #expect(pseudo.transform("OK") == "[ÖĶ]")
    #expect(Pseudolocalization(expansion: 0).transform("Save") == "[Šåṽé]")
    #expect(Pseudolocalization(expansion: 100).transform("Save") == "[Šåṽé~~]")
  }

  @Test func everyAccentedLetterIsOneScalarOneColumnWide() {
    let letters = (0x41...0x5A).map { Unicode.Scalar(UInt8($0)) } + (0x61...0x7A).map { Unicode.Scalar(UInt8($0)) }
    let accented = letters.map(Pseudolocalization.accented)
    #expect(Set(accented).count == 52)
    for (letter, twin) in zip(letters, accented) {
      #expect(twin != letter)
      #expect(!twin.isASCII)
      #expect(DisplayWidth.columns(of: String(twin)) == 1, "\(letter) → \(twin)")
      // The twin is the letter with marks: its canonical decomposition starts with the letter,
      // or (ƀ ƒ ɱ þ ǫ-like letters without one) it is at least a Latin letter.
      #expect(twin.properties.isAlphabetic)
    }
  }

  @Test(arguments: [
    ("%@", "[%@]"),
    ("%1$@ and %2$@", "[%1$@ åñđ %2$@~~~~]"),
    ("100%% done", "[100%% đöñé~~]"),
    ("%lld of %lld", "[%lld öƒ %lld~~~]"),
    ("%#@hikes@ this week", "[%#@hikes@ ţĥîš ŵééķ~~~~~~]"),
    ("Hello {user.name}!", "[Ĥéļļö {user.name}!~~~~~~]"),
    ("<b>Bold</b> text", "[<b>Ɓöļđ</b> ţéẋţ~~~~~]"),
    ("Read [the terms](https://example.com/terms)", "[Ŕéåđ [ţĥé ţéŕɱš](https://example.com/terms)~~~~~~~~~~~~~~~~]"),
    ("^[%lld hike](inflect: true)", "[^[%lld ĥîķé](inflect: true)~~~~~~~~~]"),
  ])
  func whatTheAppReadsIsKept(input: String, expected: String) {
    let output = pseudo.transform(input)
    #expect(output == expected)
    // The format signature an app passes arguments by is the same.
    #expect(FormatSignature(output).specifiers.map(\.text) == FormatSignature(input).specifiers.map(\.text))
  }

  @Test func textThatOnlyLooksLikeMarkupIsTranslated() {
    // `50% off` is prose (a space is no flag), `a < b` no tag, `{not a key}` no reference.
    #expect(pseudo.transform("50% off").hasPrefix("[50% öƒƒ"))
    #expect(pseudo.transform("a < b").hasPrefix("[å < ƀ"))
    #expect(pseudo.transform("{not a key}").hasPrefix("[{ñöţ å ķéý}"))
  }

  @Test func edgeWhitespaceStaysOutsideTheBrackets() {
    #expect(pseudo.transform(" Start ") == " [Šţåŕţ] ")
    let lines = pseudo.transform("Line one\nLine two")
    #expect(lines.hasPrefix("[Ļîñé öñé\nĻîñé ţŵö~") && lines.hasSuffix("~]"))
    #expect(pseudo.transform("") == "")
    #expect(pseudo.transform("   ") == "   ")
  }

  @Test func wideTextGrowsByItsColumns() {
    // Japanese is two columns a character: 8 columns → 11.2, rounded up to 12, brackets included.
    let output = pseudo.transform("ログイン")
    #expect(output == "[ログイン~~]")
    #expect(DisplayWidth.columns(of: output) == 12)
  }

  @Test func overflowIsMeasuredAgainstALimit() {
    #expect(pseudo.overflows("Start hike", limit: 12))
    #expect(!pseudo.overflows("Start hike", limit: 14))
  }

  @Test func theBudgetComesFromTheCommentThenTheConfig() {
    let options = CheckOptions(maxLength: [MaxLengthRule(pattern: "button.*", limit: 9)])
    #expect(ColumnBudget.limit(comment: "Title. max-length: 20", key: "button.ok", options: options) == 20)
    #expect(ColumnBudget.limit(comment: "Title. MAX-LENGTH = 7", key: "x", options: options) == 7)
    #expect(ColumnBudget.limit(comment: "Just a title", key: "button.ok", options: options) == 9)
    #expect(ColumnBudget.limit(comment: nil, key: "label", options: options) == nil)
  }
}

extension PseudolocalizationTests {
  /// `ar-XB` is right to left: the bracketed text is forced right to left between
  /// right-to-left marks, specifiers kept as they are, the width the same as `en-XA`'s.
  @Test func theRightToLeftPseudoLanguageForcesItsTextRightToLeft() {
    #expect(Pseudolocalization.isRightToLeft("ar-XB"))
    #expect(Pseudolocalization.isRightToLeft("ar_xb"))
    #expect(!Pseudolocalization.isRightToLeft("en-XA"))
    let rtl = Pseudolocalization(expansion: 40, rightToLeft: true)
    let ltr = Pseudolocalization(expansion: 40)
    let value = " %d files "
    let pseudo = rtl.transform(value)
    #expect(pseudo.unicodeScalars.first == " " && pseudo.unicodeScalars.last == " ", "edge spaces stay outside")
    #expect(pseudo.contains("\u{200F}\u{202E}[") && pseudo.contains("]\u{202C}\u{200F}"))
    #expect(pseudo.contains("%d"))
    #expect(
      pseudo.replacingOccurrences(of: "\u{200F}", with: "").replacingOccurrences(of: "\u{202E}", with: "")
        .replacingOccurrences(of: "\u{202C}", with: "") == ltr.transform(value))
    #expect(rtl.columns(of: value) == ltr.columns(of: value))
  }
}
