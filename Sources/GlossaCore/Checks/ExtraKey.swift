/// `extra-key`: a translation has a key the source language lacks (dead text, or a misspelt
/// key). Warning.
public struct ExtraKey: Check {
  public var kind: FindingKind { .extraKey }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let sourceTable = subject.sourceTable,
      let translation = subject.translation, subject.source == nil
    else { return }
    emit(
      subject.finding(
        .extraKey, .warning, line: translation.line,
        "Key “\(subject.key)” is not in the \(sourceTable.language) \(sourceTable.name) table; the app never asks for it."
      ))
  }
}
