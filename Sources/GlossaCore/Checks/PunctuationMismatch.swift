/// `punctuation-mismatch`: a translation ends with other punctuation than its source: a question
/// that lost its question mark, a label that lost its colon, a sentence that lost its full stop.
/// Info: style, often a slip.
///
/// Marks are compared by meaning (`EndPunctuation`): `?` `？` `؟` are one question mark, `.` `。`
/// `।` `۔` one full stop, `:` `：` one colon, `…` and `...` one ellipsis; Greek's `;` is a
/// question mark; French spaces before `?!:;` and Spanish `¿…?` are as the language writes them.
/// Only a source that ends with a mark is compared (a translation may add one). Languages that
/// end sentences without a full stop (Thai, Lao) or often leave it out of short UI text (Chinese,
/// Japanese) may drop it; a Japanese question may end with か; Armenian writes its question and
/// exclamation marks over a vowel, not at the end. Pseudo-locales (`en-XA`, `ar-XB`), whose
/// values are bracketed and padded on purpose, are not compared.
public struct PunctuationMismatch: Check {
  public var kind: FindingKind { .punctuationMismatch }
  public var keyTriggers: KeyShape { .endPunctuation }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    // A pseudo-locale (`en-XA`, `ar-XB`) brackets and pads every value on purpose.
    if subject.unit.isPseudoLocale { return }
    let expected = sourceText.withUTF8(EndPunctuation.mark)
    guard expected != .none else { return }
    // An empty translation is `empty-value`'s.
    guard ValueBytes.startsWithNonWhitespace(text) || text.string.contains(where: { !$0.isWhitespace }) else { return }
    let base = subject.unit.baseLanguage
    var actual = text.withUTF8(EndPunctuation.mark)
    if base == "el" && actual == .semicolon { actual = .question }
    guard actual != expected, !Self.accepts(actual, for: expected, language: base, value: text.string) else { return }
    emit(
      subject.finding(
        .punctuationMismatch, .info, line: line,
        "The translation ends with \(actual.name) where the source ends with \(expected.name)."))
  }

  /// True when a language writes `expected` as `actual` (or leaves it out) by its own rules.
  /// `value` is read only for a Japanese question.
  static func accepts(
    _ actual: EndPunctuation.Mark, for expected: EndPunctuation.Mark, language: String, value: @autoclosure () -> String
  ) -> Bool {
    switch (expected, language) {
    case (.fullStop, "th"), (.fullStop, "lo"): return actual == .none
    case (.fullStop, "ja"), (.fullStop, "zh"), (.fullStop, "yue"): return actual == .none
    case (.question, "ja"): return actual == .none && (value().hasSuffix("か") || value().hasSuffix("の"))
    case (.question, "hy"), (.exclamation, "hy"): return actual == .none || actual == .fullStop
    case (.ellipsis, _): return false
    default: return false
    }
  }
}
