/// One language a resolution tries, and why.
public struct ResolutionCandidate: Sendable, Hashable {
  /// The language as the source writes it, or the tag tried when the source lacks it.
  public var language: String
  public var rule: ResolutionRule
  /// The preferred language that led here (nil for the default and any-language steps).
  public var preferred: String?
  /// False when the source has no such language (listed only when asked for).
  public var isAvailable: Bool
}

/// The order in which languages are tried, shared by bundles and localized objects.
///
/// For each wanted language (only the first one below `preferred`): the tag exactly; unless
/// `exact`, the tag without its region (`en-GB` → `en`, `zh-Hant-HK` → `zh-Hant`) and then every
/// other region of that language the source has, in the source's order (`en-US`). At `default`
/// the fallback language follows, and then (when asked) any language not tried yet. Each
/// language is tried once; tags compare ignoring case and `_`/`-`.
public struct LanguageChain: Sendable {
  /// The languages wanted, in order: the requested language first, then the user's other preferences.
  public var wanted: [LanguageTag]
  public var specificity: ResolutionSpecificity
  /// The language tried after the preferences at `default` specificity, and the rule it is shown with.
  public var fallback: (tag: LanguageTag, rule: ResolutionRule)?

  public init(
    wanted: [LanguageTag], specificity: ResolutionSpecificity, fallback: (tag: LanguageTag, rule: ResolutionRule)? = nil
  ) {
    self.wanted = wanted
    self.specificity = specificity
    self.fallback = fallback
  }

  /// The candidates among `available` (names as the source writes them, in its order).
  ///
  /// - Parameters:
  ///   - listingAbsent: also list exact, region-less and fallback tags the source lacks, so a
  ///     chain shows every step tried.
  ///   - anyLanguage: at `default`, end with the first available language not tried yet.
  public func candidates(available: [String], listingAbsent: Bool = false, anyLanguage: Bool = false)
    -> [ResolutionCandidate]
  {
    let tagged = available.compactMap { name in LanguageTag(name).map { (name, $0) } }
    var seenNames = Set<String>()
    var seenTags = Set<LanguageTag>()
    var result: [ResolutionCandidate] = []
    func add(_ tag: LanguageTag, _ rule: ResolutionRule, _ preferred: LanguageTag?) {
      var found = false
      for (name, availableTag) in tagged where availableTag == tag {
        found = true
        guard seenNames.insert(name).inserted else { continue }
        result.append(
          ResolutionCandidate(language: name, rule: rule, preferred: preferred?.description, isAvailable: true))
      }
      if !found && listingAbsent && seenTags.insert(tag).inserted {
        result.append(
          ResolutionCandidate(
            language: tag.description, rule: rule, preferred: preferred?.description, isAvailable: false))
      }
      seenTags.insert(tag)
    }
    let walked = specificity == .exact || specificity == .language ? wanted.prefix(1) : wanted[...]
    for tag in walked {
      add(tag, .exact, tag)
      if specificity == .exact { continue }
      let base = tag.withoutRegion ?? tag
      if base != tag { add(base, .languageOnly, tag) }
      for (_, availableTag) in tagged where availableTag != base && (availableTag.withoutRegion ?? availableTag) == base
      {
        add(availableTag, .otherRegion, tag)
      }
    }
    guard specificity == .default else { return result }
    if let fallback { add(fallback.tag, fallback.rule, nil) }
    if anyLanguage, let (name, _) = tagged.first(where: { !seenNames.contains($0.0) }) {
      result.append(ResolutionCandidate(language: name, rule: .anyLanguage, preferred: nil, isAvailable: true))
    }
    return result
  }
}
