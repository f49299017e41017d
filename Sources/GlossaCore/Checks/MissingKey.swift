/// `missing-key`: a key of the source language is absent in a translation (a plural family counts
/// as one key). Error: users see the development-language text.
public struct MissingKey: Check {
  public var kind: FindingKind { .missingKey }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let source = subject.source, subject.translation == nil else { return }
    let sourceFile = subject.sourceTable?.table.path ?? source.file
    let what = source.entry.map { "its source text is \(quoted($0.value))" } ?? "it is a plural family"
    emit(
      subject.finding(
        .missingKey, .error,
        "Key “\(subject.key)” is missing in \(subject.language) (\(sourceFile):\(source.line) has it; \(what))."
      ))
  }
}
