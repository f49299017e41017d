/// `needs-review`: a String Catalog unit whose state is `needs_review` (someone asked for another
/// look, or Xcode flagged it after the source changed) or `stale` (translated for a source text
/// that changed or is no longer used). Warning: the text may no longer say what the source says.
public struct NeedsReview: Check {
  public var kind: FindingKind { .needsReview }
  public var keyTriggers: KeyShape { .tableNotes }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let table = subject.translationTable, subject.translation != nil, !table.entriesNeedingReview.isEmpty,
      let entries = table.entriesNeedingReview[subject.key]
    else { return }
    for entry in entries {
      var what = entry.plural.map { "The “\($0.rawValue)” form" } ?? "The value"
      if let variable = entry.variable { what += " of substitution “\(variable)”" }
      what += entry.deviceNote
      let reason =
        entry.state == .stale
        ? "is marked stale: its source text changed or is no longer used since it was translated"
        : "is marked needs_review: someone asked for another look, or the source text changed"
      emit(
        subject.finding(
          .needsReview, .warning, category: entry.plural, line: entry.line,
          "\(what) \(quoted(entry.value)) \(reason); check it and mark it reviewed."))
    }
  }
}
