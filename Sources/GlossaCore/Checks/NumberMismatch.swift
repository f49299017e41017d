/// `number-mismatch`: a number of the source is missing from a translation or changed. Warning:
/// a wrong number (a limit, a price, a version) misinforms.
///
/// Numbers are compared as digits: digits of any script are the same number (`١٢٣` is `123`),
/// and grouping or decimal separators do not count (`1,000`, `1 000`, `1.000`, `١٬٠٠٠`).
/// Format specifiers hold no numbers; numbers a translation adds are not findings, nor is a
/// missing number up to 100 (translations spell small numbers out). Plain values only: a
/// plural form may spell its number out.
public struct NumberMismatch: Check {
  public var kind: FindingKind { .numberMismatch }
  public var keyTriggers: KeyShape { .numbers }
  public init() {}

  /// True for a number from 0 to 100 (digits 0–9 each).
  static func isSmall(_ digits: [UInt8]) -> Bool {
    guard digits.count <= 3 else { return false }
    return digits.reduce(0) { $0 * 10 + Int($1) } <= 100
  }

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    let expected = sourceText.withUTF8 { NumberText.numbers($0) }
    guard !expected.isEmpty else { return }
    var actual = text.withUTF8 { NumberText.numbers($0) }
    var missing: [[UInt8]] = []
    for number in expected {
      if let index = actual.firstIndex(of: number) { actual.remove(at: index) } else { missing.append(number) }
    }
    guard !missing.isEmpty else { return }
    func written(_ digits: [UInt8]) -> String { String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self) }
    var problems: [String] = []
    for number in missing {
      // Translations spell small numbers out (“two”, 两个, “thirty minutes”, 半天 for 12
      // hours): a number up to 100 that is gone is not a finding; one written as another
      // number is.
      if actual.isEmpty && Self.isSmall(number) { continue }
      if !actual.isEmpty {
        problems.append("\(written(number)) is \(written(actual.removeFirst()))")
      } else {
        problems.append("\(written(number)) is missing")
      }
    }
    guard !problems.isEmpty else { return }
    emit(
      subject.finding(
        .numberMismatch, .warning, line: line,
        "The translation's numbers differ from the source's: " + problems.joined(separator: "; ") + "."))
  }
}
