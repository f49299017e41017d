/// `plural-extra`: a plural family has a category the language never selects (`one` in
/// Japanese). Warning: the text is never shown. A `zero` form in a `.stringsdict` is not a
/// finding, because Apple uses it for 0 in every language.
public struct PluralExtra: Check {
  public var kind: FindingKind { .pluralExtra }
  public var keyTriggers: KeyShape { .extras }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let record = subject.translation, record.hasFamilies else { return }
    // A language CLDR does not know (`Base`, `kmr`) has no rules to hold the forms against.
    guard let rules = subject.unit.pluralRules else { return }
    let used = rules.categories.map(\.rawValue).joined(separator: ", ")
    for family in record.families {
      for category in family.forms.keys.sorted() where !rules.categories.contains(category) {
        if category == .zero && family.variable != nil { continue }  // .stringsdict
        emit(
          subject.finding(
            .pluralExtra, .warning, category: category, line: family.line, file: subject.pluralFile,
            "The “\(category.rawValue)” form is never used: \(subject.language) only has \(used)."))
      }
    }
  }
}
