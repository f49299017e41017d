/// `duplicate-key`: a key occurs twice in one file. Error when the values differ (one
/// translation is silently lost), warning when they are the same.
public struct DuplicateKey: Check {
  public var kind: FindingKind { .duplicateKey }
  public var keyTriggers: KeyShape { .tableNotes }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let table = subject.unit.translation, !table.duplicates.isEmpty,
      let duplicates = table.duplicates[subject.key]
    else { return }
    for duplicate in duplicates {
      let diagnostic = duplicate.diagnostic
      var message = "Key “\(subject.key)” occurs more than once in this file"
      if let first = diagnostic.relatedLine, let line = diagnostic.line {
        message += " (lines \(first) and \(line))"
      }
      message +=
        duplicate.valuesDiffer
        ? " with different values; the last one wins and the other is lost."
        : " with the same value; delete the repeat."
      emit(
        subject.finding(
          .duplicateKey, duplicate.valuesDiffer ? .error : .warning, line: diagnostic.line,
          file: duplicate.file, message))
    }
  }
}
