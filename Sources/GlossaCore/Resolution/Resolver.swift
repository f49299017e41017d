/// A bundle taking part in resolution, with the label its steps carry.
public struct ResolutionSource: Sendable {
  /// `remote` or `local` (or any name the caller chooses).
  public var label: String
  public var bundle: LocalizationBundle

  public init(label: String, bundle: LocalizationBundle) {
    self.label = label
    self.bundle = bundle
  }
}

/// Works out which value a user with given preferred languages sees for a key, as an app does.
///
/// Sources are consulted in order (remote before local). Within a source the chain is
/// `LanguageChain`'s: the preferred language exactly, without its region, in another region;
/// the next preferred language likewise; then (at `default` specificity) the development
/// language. Last come the default text, else the key.
public struct Resolver: Sendable {
  /// Bundles in the order they are consulted.
  public var sources: [ResolutionSource]
  /// The user's languages, most preferred first (`de-AT`, `fr`).
  public var preferredLanguages: [LanguageTag]
  public var specificity: ResolutionSpecificity
  /// The table looked up (`Localizable`).
  public var table: String
  /// Shown when no bundle has the key; nil means the key itself is shown.
  public var defaultValue: String?

  public init(
    sources: [ResolutionSource], preferredLanguages: [LanguageTag],
    specificity: ResolutionSpecificity = .default, table: String = "Localizable",
    defaultValue: String? = nil
  ) {
    self.sources = sources
    self.preferredLanguages = preferredLanguages
    self.specificity = specificity
    self.table = table
    self.defaultValue = defaultValue
  }

  /// Resolves one key.
  public func resolve(_ key: String) -> Resolution {
    var steps: [ResolutionStep] = []
    for source in sources {
      for candidate in candidates(in: source.bundle) {
        let outcome = lookUp(key, language: candidate.language, in: source.bundle)
        steps.append(
          ResolutionStep(
            source: source.label, language: candidate.language, rule: candidate.rule,
            preferred: candidate.preferred, outcome: outcome))
        if case .found(let value) = outcome {
          return Resolution(
            key: key, value: value,
            from: .bundle(source: source.label, language: candidate.language, table: table),
            steps: steps)
        }
      }
    }
    if let defaultValue {
      return Resolution(key: key, value: defaultValue, from: .defaultValue, steps: steps)
    }
    return Resolution(key: key, value: key, from: .key, steps: steps)
  }

  /// The tables `resolve` would consult for any key, in order: each source's candidate
  /// languages that have the table (what `resolve` lists for a key no table holds, without
  /// looking a key up in every table).
  public func chain() -> [(source: String, language: String)] {
    var chain: [(source: String, language: String)] = []
    for source in sources {
      let languages = Set(source.bundle.tables.lazy.filter { $0.name == table }.map(\.language))
      for candidate in candidates(in: source.bundle) where languages.contains(candidate.language) {
        chain.append((source.label, candidate.language))
      }
    }
    return chain
  }

  /// Every key of the table in any source, sorted, each resolved.
  public func resolveAll() -> [Resolution] {
    var keys = Set<String>()
    for source in sources {
      for table in source.bundle.tables where table.name == self.table {
        for entry in table.entries where entry.plural == nil || entry.plural == .other {
          keys.insert(entry.key)
        }
      }
    }
    return keys.sorted().map(resolve)
  }

  /// The value of `key` in one language's table: a plain entry (the last occurrence wins),
  /// else the `other` form of a plural family with that key. A table name can have a
  /// `.stringsdict` and a `.strings` file; like Apple, the `.stringsdict` is consulted first.
  private func lookUp(_ key: String, language: String, in bundle: LocalizationBundle) -> ResolutionOutcome {
    let files = bundle.tables
      .filter { $0.language == language && $0.name == table }
      .sorted { $0.format == .stringsdict && $1.format != .stringsdict }
    guard !files.isEmpty else { return .noTable }
    for localeTable in files {
      if let value = localeTable.document.value(forKey: key) { return .found(value) }
      if let other = localeTable.entries.last(where: { $0.plural == .other && $0.hasKey(key) }) {
        return .found(other.value)
      }
    }
    return .noKey
  }

  /// The bundle's languages in the order the chain tries them, each once.
  private func candidates(in bundle: LocalizationBundle) -> [ResolutionCandidate] {
    let development = LanguageTag(bundle.developmentLanguage).map {
      (tag: $0, rule: ResolutionRule.developmentLanguage)
    }
    return LanguageChain(wanted: preferredLanguages, specificity: specificity, fallback: development)
      .candidates(available: bundle.languages)
  }
}
