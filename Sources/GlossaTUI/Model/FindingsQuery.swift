import GlossaCore

/// The findings view's typed filter (`/`): words naming a language, a kind, a severity or a side,
/// in any order (`fr overlong`, `errors de`, `remote plural-gap`).
///
/// A word is a language code, a kind name, a severity (`error`, `errors`, `warning`, `info`…) or a
/// side (`local`, `remote`), matched without regard to case; a word that begins exactly one of
/// them stands for it (`over` is `overlong`, `zh-h` is `zh-Hans`), so the list narrows as you
/// type. A facet no word names is not filtered.
struct FindingsQuery: Sendable, Hashable {
  var severity: Severity?
  var kind: FindingKind?
  var language: String?
  var side: Side?
  /// Words that name nothing, or begin several things (with what they could be).
  var unresolved: [String] = []

  /// Reads `text` against the languages and kinds that have findings.
  init(_ text: String, languages: [String], kinds: [FindingKind], hasRemote: Bool) {
    let words = text.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
    for word in words {
      let lower = word.lowercased()
      if let language = languages.first(where: { $0.lowercased() == lower }) {
        self.language = language
      } else if let kind = kinds.first(where: { $0.rawValue == lower }) ?? FindingKind(rawValue: lower) {
        self.kind = kind
      } else if let severity = Self.severity(lower) {
        self.severity = severity
      } else if hasRemote, let side = Side.allCases.first(where: { $0.rawValue == lower }) {
        self.side = side
      } else {
        // A beginning of exactly one name stands for it.
        var candidates: [String] = languages.filter { $0.lowercased().hasPrefix(lower) }
        candidates += kinds.map(\.rawValue).filter { $0.hasPrefix(lower) }
        candidates += ["errors", "warnings", "info"].filter { $0.hasPrefix(lower) }
        if hasRemote { candidates += Side.allCases.map(\.rawValue).filter { $0.hasPrefix(lower) } }
        if candidates.count == 1, let only = candidates.first {
          apply(only, languages: languages, kinds: kinds)
        } else if candidates.isEmpty {
          unresolved.append("“\(word)” is no language, kind or severity with findings")
        } else {
          let shown = candidates.prefix(4).joined(separator: ", ") + (candidates.count > 4 ? "…" : "")
          unresolved.append("“\(word)” could be \(shown)")
        }
      }
    }
  }

  private mutating func apply(_ name: String, languages: [String], kinds: [FindingKind]) {
    if languages.contains(name) {
      language = name
    } else if let kind = FindingKind(rawValue: name) {
      self.kind = kind
    } else if let severity = Self.severity(name) {
      self.severity = severity
    } else if let side = Side(rawValue: name) {
      self.side = side
    }
  }

  /// A severity's name, singular or plural (`error`, `errors`, `warning`, `warnings`, `info`).
  static func severity(_ word: String) -> Severity? {
    switch word {
    case "error", "errors": .error
    case "warning", "warnings": .warning
    case "info": .info
    default: nil
    }
  }

  /// The words that give the browser's filters, to start the line with what is shown.
  static func text(of browser: FindingsBrowser) -> String {
    var words: [String] = []
    if let language = browser.language { words.append(language) }
    if let kind = browser.kind { words.append(kind.rawValue) }
    if let severity = browser.severity { words.append(severity.plural) }
    if let side = browser.side { words.append(side.rawValue) }
    return words.isEmpty ? "" : words.joined(separator: " ") + " "
  }
}

/// The typed filter being edited, with the filters to go back to on cancel.
public struct FindingsFilterLine: Sendable, Hashable {
  public var editor: LineEditor
  var before: FindingsBrowser.Filters
  /// What the words so far could not settle.
  var unresolved: [String] = []
}

extension FindingsBrowser {
  /// The four filters, without the list they select.
  struct Filters: Sendable, Hashable {
    var severity: Severity?
    var kind: FindingKind?
    var language: String?
    var side: Side?
  }

  var filters: Filters {
    get { Filters(severity: severity, kind: kind, language: language, side: side) }
    set {
      severity = newValue.severity
      kind = newValue.kind
      language = newValue.language
      side = newValue.side
    }
  }
}
