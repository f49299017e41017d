/// `whitespace-mismatch`: leading or trailing spaces or newlines differ from the source. Warning:
/// they usually matter for layout or for text joined at run time. Chinese and Japanese, which
/// write without spaces, are compared on newlines only.
public struct WhitespaceMismatch: Check {
  public var kind: FindingKind { .whitespaceMismatch }
  public var keyTriggers: KeyShape { .edges }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let sourceText = subject.sourceText, let text = subject.translationText
    else { return }
    // Most values neither start nor end with whitespace: no edges to compare.
    if ValueBytes.hasPlainEdges(text) && ValueBytes.hasPlainEdges(sourceText) { return }
    guard let expected = Self.edges(sourceText), let actual = Self.edges(text) else { return }
    let newlinesOnly = subject.unit.comparesNewlinesOnly
    var problems: [String] = []
    if !expected.lead.matches(actual.lead, newlinesOnly: newlinesOnly) {
      problems.append("starts with \(actual.lead) where the source starts with \(expected.lead)")
    }
    if !expected.trail.matches(actual.trail, newlinesOnly: newlinesOnly) {
      problems.append("ends with \(actual.trail) where the source ends with \(expected.trail)")
    }
    guard !problems.isEmpty, let line = subject.translation?.entryLine else { return }
    emit(
      subject.finding(
        .whitespaceMismatch, .warning, line: line, "The translation " + problems.joined(separator: " and ") + "."))
  }

  /// The leading and trailing whitespace of a value, nil when it is all whitespace: read from
  /// the bytes when both runs are ASCII whitespace next to an ASCII character that is not
  /// (those bytes are then whole clusters, CR LF one), else cluster by cluster.
  static func edges(_ text: EntryText) -> (lead: Edge, trail: Edge)? {
    if let answer = text.withUTF8(asciiEdges) { return answer }
    let value = text.string
    guard !value.allSatisfy(\.isWhitespace) else { return nil }
    return (Edge(value.prefix { $0.isWhitespace }), Edge(value.reversed().prefix { $0.isWhitespace }))
  }

  /// `edges` from the bytes; nil from the outer optional when the bytes cannot tell.
  private static func asciiEdges(_ bytes: UnsafeBufferPointer<UInt8>) -> (lead: Edge, trail: Edge)?? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    // A printable ASCII character, never whitespace and never joined to what is around it.
    func isPrintable(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }
    var start = 0
    while start < bytes.count && isSpace(bytes[start]) { start += 1 }
    guard start < bytes.count, isPrintable(bytes[start]) else { return nil }
    var end = bytes.count
    while end > start && isSpace(bytes[end - 1]) { end -= 1 }
    guard isPrintable(bytes[end - 1]) else { return nil }
    return (
      Edge(ascii: UnsafeBufferPointer(rebasing: bytes[..<start])),
      Edge(ascii: UnsafeBufferPointer(rebasing: bytes[end...]))
    )
  }

  /// The whitespace at one end of a value: its newlines and whether it has other blanks.
  struct Edge: CustomStringConvertible {
    var newlines: Int
    var blanks: Int
    /// The edge made of ASCII whitespace bytes: CR LF is one newline, as one character.
    init(ascii bytes: UnsafeBufferPointer<UInt8>) {
      newlines = 0
      blanks = 0
      for index in bytes.indices {
        switch bytes[index] {
        case 0x0A where index > 0 && bytes[index - 1] == 0x0D: continue
        case 0x0A...0x0D: newlines += 1
        default: blanks += 1
        }
      }
    }

    init(_ characters: some Sequence<Character>) {
      newlines = 0
      blanks = 0
      for c in characters {
        if c.isNewline { newlines += 1 } else { blanks += 1 }
      }
    }

    func matches(_ other: Edge, newlinesOnly: Bool) -> Bool {
      newlines == other.newlines && (newlinesOnly || (blanks > 0) == (other.blanks > 0))
    }

    var description: String {
      var parts: [String] = []
      if newlines > 0 { parts.append(newlines == 1 ? "a newline" : "\(newlines) newlines") }
      if blanks > 0 { parts.append(blanks == 1 ? "a space" : "\(blanks) spaces") }
      return parts.isEmpty ? "no whitespace" : parts.joined(separator: " and ")
    }
  }
}
