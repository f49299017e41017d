import GlossaCore

/// Renders resolutions for `glossa resolve`.
enum ResolutionText {
  /// The value, where it came from, and the numbered chain.
  static func single(_ r: Resolution) -> String {
    var out = "\(name(r)) = \(r.from == .nothing ? "(no value)" : JSONWriter.quoted(r.value))\n"
    out += "from: \(describe(r.from))\n"
    if r.steps.isEmpty {
      out += "chain: (no language matched)\n"
      return out
    }
    out += "chain:\n"
    // A localized object's steps all come from its file; only bundles need the source column.
    let showSource = !isObject(r)
    let sourceWidth = r.steps.map(\.source.count).max() ?? 0
    let languageWidth = r.steps.map(\.language.count).max() ?? 0
    for (index, step) in r.steps.enumerated() {
      let why = step.preferred.map { "\(step.rule.rawValue) of \($0)" } ?? step.rule.rawValue
      out += "  \(index + 1). "
      if showSource { out += "\(step.source.padding(toLength: sourceWidth, withPad: " ", startingAt: 0))  " }
      out += "\(step.language.padding(toLength: languageWidth, withPad: " ", startingAt: 0))"
      out += "  \(why): \(outcome(step.outcome))\n"
    }
    switch r.from {
    case .defaultValue: out += "  then the --default text\n"
    case .key: out += "  then the key itself\n"
    case .nothing: out += "  then nothing: no --default text\n"
    case .bundle, .localizedObject: break
    }
    return out
  }

  /// One line per key: `key = "value"  (source language)`.
  static func list(_ resolutions: [Resolution]) -> String {
    resolutions.map { r in
      "\(name(r)) = \(r.from == .nothing ? "(no value)" : JSONWriter.quoted(r.value))  (\(describe(r.from)))\n"
    }.joined()
  }

  static func json(_ resolutions: [Resolution], single: Bool) -> String {
    var out = JSONWriter()
    if !single { out.beginArray() }
    for r in resolutions {
      out.beginObject()
      out.field("key", r.key)
      out.field("value", r.from == .nothing ? nil : r.value)
      switch r.from {
      case .bundle(let source, let language, let table):
        out.beginObject("from")
        out.field("source", source)
        out.field("language", language)
        out.field("table", table)
        out.endObject()
      case .localizedObject(let file, let language):
        out.beginObject("from")
        out.field("file", file)
        out.field("language", language)
        out.endObject()
      case .defaultValue: out.field("from", "default")
      case .key: out.field("from", "key")
      case .nothing: out.field("from", "nothing")
      }
      out.beginArray("steps")
      for step in r.steps {
        out.beginObject()
        out.field("source", step.source)
        out.field("language", step.language)
        out.field("rule", step.rule.rawValue)
        out.field("preferred", step.preferred)
        switch step.outcome {
        case .found(let value):
          out.field("outcome", "found")
          out.field("value", value)
        case .noTable: out.field("outcome", "no-table")
        case .noKey: out.field("outcome", "no-key")
        case .noLanguage: out.field("outcome", "no-language")
        }
        out.endObject()
      }
      out.endArray()
      out.endObject()
    }
    if !single { out.endArray() }
    return out.text
  }

  private static func isObject(_ r: Resolution) -> Bool {
    if case .localizedObject = r.from { return true }
    return r.steps.contains { $0.outcome == .noLanguage }
  }

  /// The key, or `(whole file)` for a file that is one localized object.
  private static func name(_ r: Resolution) -> String {
    r.key.isEmpty && isObject(r) ? "(whole file)" : r.key
  }

  private static func describe(_ from: ResolvedFrom) -> String {
    switch from {
    case .bundle(let source, let language, let table): "\(source) \(language) \(table)"
    case .localizedObject(let file, let language): "\(file) \(language)"
    case .defaultValue: "default text"
    case .key: "key (no value found)"
    case .nothing: "nothing matched"
    }
  }

  private static func outcome(_ outcome: ResolutionOutcome) -> String {
    switch outcome {
    case .found(let value): "found \(JSONWriter.quoted(value))"
    case .noTable: "no such table"
    case .noKey: "key missing"
    case .noLanguage: "not in the object"
    }
  }
}
