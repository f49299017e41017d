/// `double-space`: a value has two or more spaces in a row between other characters (spaces at
/// either end are `whitespace-mismatch`'s). Info: a typo users may notice. The source language
/// is checked too; a translation is not reported when its source has a double space as well.
public struct DoubleSpace: Check {
  public var kind: FindingKind { .doubleSpace }
  public var keyTriggers: KeyShape { .doubleSpace }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let text = subject.translationText, let line = subject.translation?.entryLine,
      text.withUTF8({ TextScan($0).flags.contains(.doubleSpace) })
    else { return }
    if !subject.isSource, let sourceText = subject.sourceText,
      sourceText.withUTF8({ TextScan($0).flags.contains(.doubleSpace) })
    {
      return
    }
    emit(
      subject.finding(
        .doubleSpace, .info, line: line,
        "\(subject.isSource ? "The value" : "The translation") \(quoted(text.string)) has two spaces in a row."))
  }
}
