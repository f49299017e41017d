import Foundation

/// `placeholder-text`: a stand-in shipped as a translation (`TODO`, `TBD`, `FIXME`, `N/A`, `-`,
/// `xxx`, `???`, lorem ipsum) where the source is not one. Warning: users see the stand-in.
///
/// `TODO` and `TBD` count only in capitals (`Todo` is Spanish and Portuguese for "all");
/// `TODO:`/`FIXME:` count at the start of a longer value too. A dash stands in only for a
/// phrase: for one word (“None”) it is a UI convention.
public struct PlaceholderText: Check {
  public var kind: FindingKind { .placeholderText }
  public var keyTriggers: KeyShape { .placeholderText }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    guard let standIn = text.withUTF8(Self.standIn), sourceText.withUTF8(Self.standIn) == nil else { return }
    // A dash for one word (“None”, “Off”) is a UI convention; for a phrase it is a stand-in.
    if standIn == "a dash" && !sourceText.string.contains(where: \.isWhitespace) { return }
    emit(
      subject.finding(
        .placeholderText, .warning, line: line,
        "The translation \(quoted(text.string)) is a stand-in (\(standIn)), not a translation of \(quoted(sourceText.string))."
      ))
  }

  /// True when `bytes` may be a stand-in: what a key's shape asks of every value, so it looks
  /// at the first byte before anything else.
  static func mayBePlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < bytes.count && (bytes[start] == 0x20 || (0x09...0x0D).contains(bytes[start])) { start += 1 }
    guard start < bytes.count else { return false }
    switch bytes[start] {
    case 0x54, 0x46, 0x66, 0x4E, 0x6E, 0x2D, 0x78, 0x58, 0x3F, 0x4C, 0x6C, 0xE2:
      // A stand-in is short, or starts `TODO:`, `FIXME:`, `TBD:` or lorem ipsum: any other value
      // is passed over without making a string of it.
      var end = bytes.count
      while end > start && (bytes[end - 1] == 0x20 || (0x09...0x0D).contains(bytes[end - 1])) { end -= 1 }
      if end - start > 8 && !startsLikeStandIn(bytes, at: start) && !isRun(bytes, start..<end) { return false }
      if end - start > 1 && end - start <= 8 && !mayGoOn(bytes[start], with: bytes[start + 1]) { return false }
      return standIn(bytes) != nil
    default: return false
    }
  }

  /// False when no stand-in of at most 8 bytes starts with the bytes `first`, `second`: its
  /// second byte is known from its first (`TODO`, `TBD`, `fixme`, `n/a`, `xx`, `??`, `--`,
  /// `—`, `–`; lorem ipsum is longer).
  static func mayGoOn(_ first: UInt8, with second: UInt8) -> Bool {
    switch first {
    case 0x54: second == 0x4F || second == 0x42  // TODO, TBD
    case 0x46, 0x66: second | 0x20 == 0x69  // fixme
    case 0x4E, 0x6E: second == 0x2F  // n/a
    case 0x78, 0x58: second | 0x20 == 0x78  // xx
    case 0x3F, 0x2D: second == first  // ??, --
    case 0xE2: second == 0x80  // — –
    default: false  // L, l: lorem ipsum
    }
  }

  /// True when `range` is all `x` (any case) or all `?`: a stand-in of any length.
  private static func isRun(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let first = bytes[range.lowerBound]
    if first | 0x20 == 0x78 { return range.allSatisfy { bytes[$0] | 0x20 == 0x78 } }
    return first == 0x3F && range.allSatisfy { bytes[$0] == 0x3F }
  }

  /// True when the text at `start` begins like a long stand-in (`TODO:`, `FIXME:`, `TBD:`,
  /// `lorem ipsum` in any case).
  private static func startsLikeStandIn(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    func starts(_ prefix: StaticString, caseless: Bool) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard bytes.count - start >= count else { return false }
      let p = prefix.utf8Start
      for k in 0..<count {
        let a = bytes[start + k]
        let b = p[k]
        if a != b && !(caseless && a | 0x20 == b | 0x20) { return false }
      }
      return true
    }
    return starts("TODO:", caseless: false) || starts("FIXME:", caseless: false) || starts("TBD:", caseless: false)
      || starts("lorem ipsum", caseless: true)
  }

  /// What is trimmed before a value is compared: ASCII whitespace, as `mayBePlaceholder` skips it.
  private static let asciiWhitespace = CharacterSet(charactersIn: " \t\n\r\u{0B}\u{0C}")

  /// The stand-in `bytes` is (its name for messages), else nil.
  static func standIn(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count <= 4096 else { return nil }
    let value = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: asciiWhitespace)
    guard !value.isEmpty else { return nil }
    let lower = value.lowercased()
    if value == "TODO" || value == "TBD" || lower == "fixme" || lower == "n/a" { return value }
    if value.hasPrefix("TODO:") || value.hasPrefix("FIXME:") || value.hasPrefix("TBD:") {
      return String(value.prefix { $0 != ":" })
    }
    if value == "-" || value == "--" || value == "—" || value == "–" { return "a dash" }
    if lower.count >= 2 && lower.allSatisfy({ $0 == "x" }) { return value }
    if value.count >= 2 && value.allSatisfy({ $0 == "?" }) { return value }
    if lower.hasPrefix("lorem ipsum") { return "lorem ipsum" }
    return nil
  }
}
