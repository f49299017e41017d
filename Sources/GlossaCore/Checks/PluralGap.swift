/// `plural-gap`: a plural family lacks a category CLDR requires for the language (one finding per
/// missing category). Error when the category covers small whole numbers; warning when CLDR's
/// samples show it only covers large numbers or decimals (French, Spanish, Italian `many`).
public struct PluralGap: Check {
  public var kind: FindingKind { .pluralGap }
  public var keyTriggers: KeyShape { .extras }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let record = subject.translation, record.hasFamilies else { return }
    // A language CLDR does not know (`Base`, `kmr`) has no rules to hold the forms against.
    guard let rules = subject.unit.pluralRules else { return }
    for family in record.families {
      let variable = family.variable.map { " (variable “\($0)”)" } ?? ""
      let present = family.forms.keys.sorted().map(\.rawValue).joined(separator: ", ")
      for category in rules.categories where family.forms[category] == nil {
        let examples = rules.examples(category, limit: 3).joined(separator: ", ")
        let numbers = examples.isEmpty ? "" : " (numbers such as \(examples))"
        if rules.coversSmallIntegers(category) {
          emit(
            subject.finding(
              .pluralGap, .error, category: category, line: family.line, file: subject.pluralFile,
              "The plural family\(variable) has no “\(category.rawValue)” form, which \(subject.language) "
                + "needs\(numbers); it has \(present)."))
        } else {
          emit(
            subject.finding(
              .pluralGap, .warning, category: category, line: family.line, file: subject.pluralFile,
              "The plural family\(variable) has no “\(category.rawValue)” form; in \(subject.language) "
                + "it only covers large numbers or decimals\(numbers), so the gap shows rarely."))
        }
      }
    }
  }
}
