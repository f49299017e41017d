/// `invisible-character`: a translation holds a zero-width character, a bidi control or another
/// control character that its source does not. Warning: it breaks search, comparison, line
/// breaking or the order text is shown in, and nobody sees it in review.
///
/// No-break and narrow no-break spaces are typography, the joiners ZWJ and ZWNJ spelling
/// (Persian, Indic scripts, emoji), and the soft hyphen a line-break hint: none is a finding.
/// The bidi marks and isolates (LRM, RLM, ALM, LRI, RLI, FSI, PDI) belong in right-to-left
/// languages and are findings only in the others.
public struct InvisibleCharacter: Check {
  public var kind: FindingKind { .invisibleCharacter }
  public var keyTriggers: KeyShape { .invisible }
  public init() {}

  /// Right-to-left languages, where bidi marks and isolates are correct typography.
  static let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug", "ks"]

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    let base = subject.unit.baseLanguage
    let rtl = Self.rightToLeft.contains(base)
    let sourceScalars = Set(sourceText.string.unicodeScalars.map(\.value))
    var found: [String] = []
    for scalar in text.string.unicodeScalars {
      guard let name = Self.name(of: scalar.value), !sourceScalars.contains(scalar.value) else { continue }
      if rtl && Self.isBidiMark(scalar.value) { continue }
      if !found.contains(name) { found.append(name) }
    }
    guard !found.isEmpty else { return }
    emit(
      subject.finding(
        .invisibleCharacter, .warning, line: line,
        "The translation holds \(found.joined(separator: ", ")), which the source does not."))
  }

  /// True for the bidi marks and isolates right-to-left text uses.
  static func isBidiMark(_ scalar: UInt32) -> Bool {
    scalar == 0x200E || scalar == 0x200F || scalar == 0x061C || (0x2066...0x2069).contains(scalar)
  }

  /// The name of an invisible character messages give, else nil.
  /// True when `name(of: scalar)` is not nil, without making the name.
  @inline(__always)
  static func isInvisible(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F, 0x200B, 0x2060, 0xFEFF, 0x180E, 0x2061...0x2064, 0x200E, 0x200F, 0x061C,
      0x202A...0x202E, 0x2066...0x2069:
      true
    default: false
    }
  }

  static func name(of scalar: UInt32) -> String? {
    switch scalar {
    case 0x09, 0x0A, 0x0D: return nil
    case 0x00...0x1F, 0x7F...0x9F: return "control character U+\(hex(scalar))"
    case 0x200B: return "a zero-width space (U+200B)"
    case 0x2060: return "a word joiner (U+2060)"
    case 0xFEFF: return "a zero-width no-break space (U+FEFF)"
    case 0x180E: return "a Mongolian vowel separator (U+180E)"
    case 0x2061...0x2064: return "an invisible operator (U+\(hex(scalar)))"
    case 0x200E: return "a left-to-right mark (U+200E)"
    case 0x200F: return "a right-to-left mark (U+200F)"
    case 0x061C: return "an Arabic letter mark (U+061C)"
    case 0x202A...0x202E: return "a bidi embedding or override (U+\(hex(scalar)))"
    case 0x2066...0x2069: return "a bidi isolate (U+\(hex(scalar)))"
    default: return nil
    }
  }

  private static func hex(_ scalar: UInt32) -> String {
    let digits = String(scalar, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
