/// `unpositioned-arguments`: a development-language value with two or more format specifiers and
/// no positions (`%@ of %lld`). A translation whose language puts the arguments the other way
/// round needs `%1$@`/`%2$lld`, and translators often do not know they may add them. Warning.
///
/// Looked at: the plain value, a plural family's format key and each of its forms; plural
/// variables (`%#@files@`) do not count, since String Catalogs number them with `argNum`. A value whose specifiers all have positions is fine; one that mixes both
/// is `format-mismatch`'s business in the translations and reported here too.
public struct UnpositionedArguments: Check {
  public var kind: FindingKind { .unpositionedArguments }
  public var keyTriggers: KeyShape { [.percent, .extras] }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.isSource, let record = subject.translation else { return }
    if let value = record.value, let message = Self.message(for: value) {
      emit(subject.finding(.unpositionedArguments, .warning, line: record.entryLine, message))
    }
    for family in record.families {
      if let format = family.formatKey, let message = Self.message(for: format) {
        emit(
          subject.finding(.unpositionedArguments, .warning, line: family.line, file: subject.pluralFile, message))
      }
      for category in PluralCategory.allCases {
        guard let form = family.forms[category], let message = Self.message(for: form) else { continue }
        emit(
          subject.finding(
            .unpositionedArguments, .warning, category: category, line: family.line, file: subject.pluralFile,
            message))
      }
    }
  }

  /// The finding's message for `value`, or nil when its arguments can be reordered as they are.
  static func message(for value: String) -> String? {
    guard value.utf8.contains(UInt8(ascii: "%")) else { return nil }
    // `%#@name@` variables are left out: a String Catalog numbers them with `argNum`.
    let specifiers = FormatSpecifier.parse(value).filter { $0.variable == nil }
    guard specifiers.count >= 2, specifiers.contains(where: { $0.position == nil }) else { return nil }
    let written = specifiers.map(\.text).joined(separator: ", ")
    let positioned = specifiers.enumerated().map { index, specifier in
      specifier.position == nil ? "%\(index + 1)$" + specifier.text.dropFirst() : specifier.text
    }
    return "The value has \(specifiers.count) arguments without positions (\(written)); a translation "
      + "that needs them in another order cannot reorder them. Write "
      + positioned.joined(separator: ", ") + "."
  }
}
