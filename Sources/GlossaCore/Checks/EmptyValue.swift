/// `empty-value`: a translation (or one plural form) is empty or only whitespace where the source
/// is not. Error: the app shows nothing.
public struct EmptyValue: Check {
  public var kind: FindingKind { .emptyValue }
  public var keyTriggers: KeyShape { [.edges, .extras] }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let source = subject.source, let translation = subject.translation
    else { return }
    if let text = subject.translationText, let sourceText = subject.sourceText, isBlank(text), !isBlank(sourceText) {
      emit(
        subject.finding(
          .emptyValue, .error, line: translation.entryLine,
          "The translation is empty but the source is \(quoted(sourceText.string))."))
    }
    for (entry, sourceEntry) in translation.hasDevices ? subject.devicePairs : []
    where isBlank(entry.value) && !(sourceEntry.map { isBlank($0.value) } ?? true) {
      emit(
        subject.finding(
          .emptyValue, .error, line: entry.line, device: entry.device,
          "The translation\(entry.deviceNote) is empty but the source is \(quoted(sourceEntry?.value ?? ""))."))
    }
    for family in translation.families {
      let sourceFamily = source.family(matching: family)
      for category in family.forms.keys.sorted() {
        guard let value = family.forms[category], isBlank(value),
          let sourceValue = sourceFamily?.forms[category] ?? sourceFamily?.forms[.other],
          !isBlank(sourceValue)
        else { continue }
        emit(
          subject.finding(
            .emptyValue, .error, category: category, line: family.line, file: subject.pluralFile,
            "The “\(category.rawValue)” form is empty but the source is \(quoted(sourceValue))."))
      }
    }
  }

  /// `isBlank` of an entry's text, read in place: nearly every value starts with a scalar that
  /// is not whitespace, and is then not blank.
  private func isBlank(_ text: EntryText) -> Bool {
    if ValueBytes.startsWithNonWhitespace(text) { return false }
    return isBlank(text.string)
  }

  private func isBlank(_ value: String) -> Bool {
    // A value whose first cluster is not whitespace is not blank.
    if ValueBytes.hasPlainEdges(value) { return false }
    return value.allSatisfy { $0.isWhitespace }
  }
}
