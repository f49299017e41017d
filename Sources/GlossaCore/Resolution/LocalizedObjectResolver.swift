/// Works out which value of a localized object a user sees, following ZCRLocalizedObject's
/// specificities.
///
/// The languages wanted are the requested language (when given) followed by the user's
/// preferred languages. `exact` tries the first one exactly; `language` adds its region-less form
/// and its other regions; `preferred` walks every wanted language that way (the most-recent
/// preference order); `default` then tries the default language and finally any value the object
/// has (its first language not tried yet). When nothing matches, the default text is the value;
/// without one there is no value.
public struct LocalizedObjectResolver: Sendable {
  /// Asked for explicitly (`inLanguage`); nil means the first preferred language.
  public var requestedLanguage: LanguageTag?
  /// The user's languages, most preferred first.
  public var preferredLanguages: [LanguageTag]
  public var specificity: ResolutionSpecificity
  /// Tried after the preferences at `default` specificity (the content's development language).
  public var defaultLanguage: LanguageTag?
  /// The value when no language matches (ZCRLocalizedObject's `withDefault`).
  public var defaultValue: String?

  public init(
    requestedLanguage: LanguageTag? = nil, preferredLanguages: [LanguageTag],
    specificity: ResolutionSpecificity = .default, defaultLanguage: LanguageTag? = nil,
    defaultValue: String? = nil
  ) {
    self.requestedLanguage = requestedLanguage
    self.preferredLanguages = preferredLanguages
    self.specificity = specificity
    self.defaultLanguage = defaultLanguage
    self.defaultValue = defaultValue
  }

  /// The wanted languages in order, the requested one first.
  public var wanted: [LanguageTag] {
    (requestedLanguage.map { [$0] } ?? []) + preferredLanguages
  }

  /// Resolves one object; `file` labels the steps. Absent languages are listed as `noLanguage` steps.
  public func resolve(_ object: LocalizedObject, file: String) -> Resolution {
    let chain = LanguageChain(
      wanted: wanted, specificity: specificity,
      fallback: defaultLanguage.map { (tag: $0, rule: ResolutionRule.defaultLanguage) })
    var steps: [ResolutionStep] = []
    for candidate in chain.candidates(available: object.languages, listingAbsent: true, anyLanguage: true) {
      let found = candidate.isAvailable ? object.values.last { $0.language == candidate.language } : nil
      steps.append(
        ResolutionStep(
          source: file, language: candidate.language, rule: candidate.rule, preferred: candidate.preferred,
          outcome: found.map { .found($0.value) } ?? .noLanguage))
      if let found {
        return Resolution(
          key: object.key, value: found.value, from: .localizedObject(file: file, language: found.language),
          steps: steps)
      }
    }
    if let defaultValue {
      return Resolution(key: object.key, value: defaultValue, from: .defaultValue, steps: steps)
    }
    return Resolution(key: object.key, value: "", from: .nothing, steps: steps)
  }

  /// Every object of `document`, in file order, each resolved.
  public func resolveAll(_ document: LocalizedObjectDocument) -> [Resolution] {
    document.objects.map { resolve($0, file: document.file) }
  }
}
