/// The `glossary:` setting: terms that must not be translated, or must be rendered one way.
extension CheckConfig.Reader {
  /// One entry: `{term: Trailmate, translate: false}` or `{term: hike, de: Wanderung, fr:
  /// [randonnée, rando]}`.
  func glossaryEntry(_ value: YAMLValue) throws -> GlossaryEntry {
    guard case .map(let fields, _, _) = value else {
      throw error(
        value,
        .wrongKind(
          setting: "a glossary entry",
          expected: "a mapping such as {term: hike, de: Wanderung} or {term: Trailmate, translate: false}",
          found: value.kindName))
    }
    var term: String?
    var translate = true
    var translateField: YAMLValue?
    var renderings: [String: [String]] = [:]
    for pair in fields {
      let (name, field) = (pair.key, pair.value)
      switch name {
      case "term":
        let text = try self.text(field, "term")
        guard text.contains(where: { !$0.isWhitespace }) else { throw error(field, .empty(setting: "term")) }
        term = text
      case "translate":
        translate = try boolean(field, "translate")
        translateField = field
      case _ where Self.isLanguageCode(name):
        let items = try names(field, "the rendering for \(name)")
        for (index, item) in items.enumerated() where !item.contains(where: { !$0.isWhitespace }) {
          let at: YAMLValue
          if case .list(let values, _, _) = field { at = values[index] } else { at = field }
          throw error(at, .empty(setting: "the rendering for \(name)"))
        }
        guard !items.isEmpty else { throw error(field, .empty(setting: "the rendering for \(name)")) }
        renderings[name] = items
      default:
        throw error(
          at: pair,
          .unknownName(
            name, kind: "glossary field", expected: ["term", "translate", "a language code such as de or pt-BR"]))
      }
    }
    guard let term else {
      throw error(value, .missingField("term", entry: "a glossary entry", example: "term: hike"))
    }
    if !translate, !renderings.isEmpty, let field = translateField {
      throw error(field, .keptTermWithRenderings)
    }
    if translate && renderings.isEmpty {
      throw error(value, .termWithoutRenderings(term: term))
    }
    return GlossaryEntry(term: term, translate: translate, renderings: renderings)
  }

  /// True for a language code as `.lproj` folders write it: `de`, `pt-BR`, `zh-Hans`, `es_419`.
  static func isLanguageCode(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy {
      (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
