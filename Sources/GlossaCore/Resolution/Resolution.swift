/// How far a resolution may fall back; each level tries everything the one before it does.
public enum ResolutionSpecificity: String, Sendable, Hashable, CaseIterable {
  /// Only the first (requested) language, exactly as written: language, script and region.
  case exact
  /// The first language exactly, then without its region, then the same language in another region.
  case language
  /// Every preferred language in order, each as in `language` (the most-recent preference order).
  case preferred
  /// As `preferred`, then the default language (a bundle's development language), then, for
  /// localized objects, any value the object has.
  case `default`
}

/// Why a language was tried at some point of the chain.
public enum ResolutionRule: String, Sendable, Hashable {
  /// The preferred language exactly.
  case exact
  /// The preferred language without its region (`de-AT` → `de`).
  case languageOnly = "language-only"
  /// The same language in a region the user did not ask for (`en-GB` → `en-US`).
  case otherRegion = "other-region"
  /// The bundle's development language.
  case developmentLanguage = "development-language"
  /// The default language given for localized objects.
  case defaultLanguage = "default-language"
  /// Any language a localized object has (its first one not tried yet).
  case anyLanguage = "any-language"
}

/// What one step of the chain found.
public enum ResolutionOutcome: Sendable, Hashable {
  /// The table had the key: this is the value shown.
  case found(String)
  /// The bundle has no table of that name in that language.
  case noTable
  /// The table exists but lacks the key.
  case noKey
  /// The localized object has no value in that language.
  case noLanguage
}

/// One language of one bundle tried while resolving a key.
public struct ResolutionStep: Sendable, Hashable {
  /// The bundle's label (`remote`, `local`), or the localized-object file.
  public var source: String
  /// The language consulted: a bundle's language folder (`de`, `pt_BR`), an object's member key,
  /// or the tag tried when the object lacks it.
  public var language: String
  /// Why this language was tried.
  public var rule: ResolutionRule
  /// The preferred language that led here, if any (nil for the development language).
  public var preferred: String?
  public var outcome: ResolutionOutcome

  public init(source: String, language: String, rule: ResolutionRule, preferred: String?, outcome: ResolutionOutcome) {
    self.source = source
    self.language = language
    self.rule = rule
    self.preferred = preferred
    self.outcome = outcome
  }
}

/// Where the value a user sees comes from.
public enum ResolvedFrom: Sendable, Hashable {
  /// A table of a bundle: its label, language folder and table name.
  case bundle(source: String, language: String, table: String)
  /// A localized object in a file: the file and the member's language as written.
  case localizedObject(file: String, language: String)
  /// The default text the caller supplied.
  case defaultValue
  /// Nothing matched: the key itself is shown.
  case key
  /// Nothing matched a localized object and there is no default text: there is no value
  /// (`value` is empty).
  case nothing
}

/// The value one key resolves to, and every step tried on the way.
public struct Resolution: Sendable, Hashable {
  public var key: String
  /// What the user sees.
  public var value: String
  public var from: ResolvedFrom
  /// Steps in the order tried; the last `found` step (if any) supplied `value`.
  public var steps: [ResolutionStep]

  public init(key: String, value: String, from: ResolvedFrom, steps: [ResolutionStep]) {
    self.key = key
    self.value = value
    self.from = from
    self.steps = steps
  }
}
