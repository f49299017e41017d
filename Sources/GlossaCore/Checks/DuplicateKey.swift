/// `duplicate-key`: a key occurs twice in one file. Error when the values differ (one
/// translation is silently lost), warning when they are the same.
public struct DuplicateKey: Check {
  public var kind: FindingKind { .duplicateKey }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let table = subject.translationTable, let diagnostics = table.duplicates[subject.key]
    else { return }
    for diagnostic in diagnostics {
      let values = table.table.entries.filter {
        $0.key == subject.key && $0.plural == nil
          && ($0.line == diagnostic.line || $0.line == diagnostic.relatedLine)
      }.map(\.value)
      let differ = Set(values).count > 1
      let lines = [diagnostic.relatedLine, diagnostic.line].compactMap { $0 }.map(String.init)
      var message = "Key “\(subject.key)” occurs more than once in this file"
      if lines.count == 2 { message += " (lines \(lines[0]) and \(lines[1]))" }
      message += differ
        ? " with different values; the last one wins and the other is lost."
        : " with the same value; delete the repeat."
      emit(
        subject.finding(
          .duplicateKey, differ ? .error : .warning, line: diagnostic.line,
          file: table.table.path, message))
    }
  }
}
