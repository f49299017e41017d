/// `markup-mismatch`: a translation's HTML/XML tags (their names and nesting) or Markdown links
/// and `**`/`__` emphasis differ from the source's, or a tag is left open. Warning: the text
/// renders broken, shows raw tags, or loses a link.
///
/// Only a source with markup is compared (`MarkupText`: `<None>` or `<key>=<value>`, which
/// translations translate, are text; `<3`, `a < b`, `%@` and `{key}` are never tags). Tags may
/// move within the sentence; what must agree is which tags there are and inside which other tag
/// each stands. Link targets are `url-mismatch`'s. Plain values only.
public struct MarkupMismatch: Check {
  public var kind: FindingKind { .markupMismatch }
  public var keyTriggers: KeyShape { .markup }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    let source = MarkupText(sourceText.string)
    guard !source.isEmpty else { return }
    let value = text.string
    // An empty translation is `empty-value`'s.
    guard value.contains(where: { !$0.isWhitespace }) else { return }
    let translation = MarkupText(value, sourceNames: source.names)
    guard let problem = Self.problem(source: source, translation: translation) else { return }
    emit(
      subject.finding(
        .markupMismatch, .warning, line: line, "The translation's markup differs from the source's: \(problem)."))
  }

  /// What differs, as a clause; nil when the translation's markup agrees with the source's.
  static func problem(source: MarkupText, translation: MarkupText) -> String? {
    func tags(_ names: [String], closing: Bool = false) -> String {
      names.map { closing ? "</\($0)>" : "<\($0)>" }.joined(separator: ", ")
    }
    let sourceIsWellFormed = source.leftOpen.isEmpty && source.strayClosers.isEmpty
    if sourceIsWellFormed {
      if !translation.leftOpen.isEmpty {
        return "\(tags(translation.leftOpen)) \(translation.leftOpen.count == 1 ? "is" : "are") left open"
      }
      if !translation.strayClosers.isEmpty {
        return
          "\(tags(translation.strayClosers, closing: true)) \(translation.strayClosers.count == 1 ? "closes" : "close") no open tag (tags overlap or are unbalanced)"
      }
    }
    let sourceNames = source.placedTags.map(Self.name).sorted()
    let names = translation.placedTags.map(Self.name).sorted()
    if sourceNames != names {
      var missing = sourceNames
      var added: [String] = []
      for name in names {
        if let index = missing.firstIndex(of: name) { missing.remove(at: index) } else { added.append(name) }
      }
      var parts: [String] = []
      if !missing.isEmpty {
        parts.append("\(tags(missing)) of the source \(missing.count == 1 ? "is" : "are") missing")
      }
      if !added.isEmpty { parts.append("\(tags(added)) \(added.count == 1 ? "is" : "are") not in the source") }
      return parts.joined(separator: "; ")
    }
    if sourceIsWellFormed && source.placedTags != translation.placedTags {
      var moved: [String] = []
      var remaining = translation.placedTags
      for placed in source.placedTags {
        if let index = remaining.firstIndex(of: placed) { remaining.remove(at: index) } else { moved.append(placed) }
      }
      let described = moved.map { placed -> String in
        let parent = placed.prefix { $0 != ">" }
        return parent.isEmpty
          ? "<\(Self.name(placed))> stands outside any tag" : "<\(Self.name(placed))> stands inside <\(parent)>"
      }
      return "the tags are nested differently (in the source " + described.joined(separator: ", ") + ")"
    }
    if source.links != translation.links {
      return "the source has \(Self.count(source.links, "Markdown link")), the translation \(translation.links)"
    }
    if source.emphasis != translation.emphasis {
      return
        "the source has \(Self.count(source.emphasis, "Markdown emphasis marker")) (** or __), the translation \(translation.emphasis)"
    }
    return nil
  }

  private static func name(_ placed: String) -> String {
    String(placed[placed.index(after: placed.firstIndex(of: ">")!)...])
  }

  private static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
