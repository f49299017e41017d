/// `extra-key`: a translation has a key the source language lacks (dead text, or a misspelt
/// key). Warning.
public struct ExtraKey: Check {
  public var kind: FindingKind { .extraKey }
  public var keyTriggers: KeyShape { .noSource }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let sourceTable = subject.sourceTable,
      case .some = subject.translation, subject.source == nil
    else { return }
    let location = subject.location
    emit(
      subject.finding(
        .extraKey, .warning, line: location.line, file: location.file,
        "Key “\(subject.key)” is not in the \(sourceTable.language) \(sourceTable.name) table; the app never asks for it."
      ))
  }
}
