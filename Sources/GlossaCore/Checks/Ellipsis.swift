/// `ellipsis`: a development-language value writes three dots (`...`) where Apple's style uses
/// the ellipsis character (`…`). Info: style. A run of dots between digits (`1...10`) is a
/// range, not an ellipsis. Only the development language is checked: translations follow it.
public struct Ellipsis: Check {
  public var kind: FindingKind { .ellipsis }
  public var keyTriggers: KeyShape { .threeDots }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard subject.isSource, let text = subject.translationText, let line = subject.translation?.entryLine,
      text.withUTF8(Self.hasThreeDots)
    else { return }
    emit(
      subject.finding(
        .ellipsis, .info, line: line, "The value \(quoted(text.string)) writes “...” where Apple's style uses “…”."))
  }

  /// True when `bytes` hold exactly three dots in a row, not between two digits.
  static func hasThreeDots(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let count = bytes.count
    while i < count {
      guard bytes[i] == 0x2E else {
        i += 1
        continue
      }
      let start = i
      while i < count && bytes[i] == 0x2E { i += 1 }
      guard i - start == 3 else { continue }
      let digitBefore = start > 0 && bytes[start - 1] >= 0x30 && bytes[start - 1] <= 0x39
      let digitAfter = i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39
      if !(digitBefore && digitAfter) { return true }
    }
    return false
  }
}
