/// `glossary`: a translation whose source holds a term of the config's `glossary:` does not
/// follow it: a term marked `translate: false` (a brand) is not kept as written, or the
/// rendering the glossary requires for the language is not used. Warning: a product's words
/// drift, and users meet one feature under two names.
///
/// Terms are found in the source word-aware and case-aware (`GlossaryMatch`); the language's
/// rule is its own entry, else its base language's (`de` for `de-AT`); a language the entry
/// names no rendering for is not judged. Plain values only; an empty translation is
/// `empty-value`'s and one identical to the source `untranslated`'s.
public struct Glossary: Check {
  public var kind: FindingKind { .glossary }
  public var keyTriggers: KeyShape { .glossaryTerm }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    let terms = subject.sourceFacts.glossaryTerms
    guard !terms.isEmpty else { return }
    let glossary = subject.options.glossary
    // The rules for this language, found before any text is made: most languages have none.
    let rules = terms.compactMap { index -> (GlossaryEntry, [String])? in
      guard index < glossary.count, let required = glossary[index].required(for: subject.language),
        !required.isEmpty
      else { return nil }
      return (glossary[index], required)
    }
    guard !rules.isEmpty else { return }
    let value = text.string
    guard value.contains(where: { !$0.isWhitespace }), value != sourceText.string else { return }
    var problems: [String] = []
    for (entry, required) in rules {
      if required.contains(where: { GlossaryMatch.holds($0, in: value, asWritten: !entry.translate) }) { continue }
      if entry.translate {
        let wanted = required.map { "“\($0)”" }.joined(separator: " or ")
        problems.append("“\(entry.term)” should be rendered \(wanted)")
      } else {
        problems.append("“\(entry.term)” is not to be translated but the translation does not keep it")
      }
    }
    guard !problems.isEmpty else { return }
    emit(
      subject.finding(
        .glossary, .warning, line: line,
        "The translation \(quoted(value)) does not follow the glossary: " + problems.joined(separator: "; ") + "."))
  }
}
