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
    guard let source = subject.source?.entry, let entry = subject.translation?.entry else { return }
    guard !entry.value.allSatisfy(\.isWhitespace), !source.value.allSatisfy(\.isWhitespace) else { return }
    let newlinesOnly = subject.unit.comparesNewlinesOnly
    var problems: [String] = []
    let expectedLead = Edge(source.value.prefix { $0.isWhitespace })
    let actualLead = Edge(entry.value.prefix { $0.isWhitespace })
    if !expectedLead.matches(actualLead, newlinesOnly: newlinesOnly) {
      problems.append("starts with \(actualLead) where the source starts with \(expectedLead)")
    }
    let expectedTrail = Edge(source.value.reversed().prefix { $0.isWhitespace })
    let actualTrail = Edge(entry.value.reversed().prefix { $0.isWhitespace })
    if !expectedTrail.matches(actualTrail, newlinesOnly: newlinesOnly) {
      problems.append("ends with \(actualTrail) where the source ends with \(expectedTrail)")
    }
    guard !problems.isEmpty else { return }
    emit(
      subject.finding(
        .whitespaceMismatch, .warning, line: entry.line,
        "The translation " + problems.joined(separator: " and ") + "."))
  }

  /// The whitespace at one end of a value: its newlines and whether it has other blanks.
  struct Edge: CustomStringConvertible {
    var newlines: Int
    var blanks: Int
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
