/// `untranslated`: a translation identical to its source although the source is a phrase worth
/// translating (two or more words once specifiers, references and URLs are set aside). Info: some
/// identical strings are right ("Status" in German), so this only points them out.
public struct Untranslated: Check {
  public var kind: FindingKind { .untranslated }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let sourceValue = subject.source?.entry?.value,
      let value = subject.translation?.entry?.value, value == sourceValue,
      baseLanguage(subject.language) != baseLanguage(subject.sourceTable?.language ?? ""),
      Self.isWorthTranslating(sourceValue)
    else { return }
    emit(
      subject.finding(
        .untranslated, .info, line: subject.translation?.entry?.line,
        "The translation is identical to the source \(quoted(sourceValue)); it may not have been translated."
      ))
  }

  /// True when `text` holds at least two words of two or more letters outside format
  /// specifiers, `{references}` and URLs.
  static func isWorthTranslating(_ text: String) -> Bool {
    var words = 0
    for token in text.split(whereSeparator: { $0.isWhitespace }) {
      if token.contains("://") || token.hasPrefix("%") || token.hasPrefix("{") { continue }
      let letters = token.filter(\.isLetter).count
      if letters >= 2 && letters * 2 >= token.count { words += 1 }
      if words >= 2 { return true }
    }
    return false
  }

  private func baseLanguage(_ code: String) -> Substring {
    code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
  }
}
