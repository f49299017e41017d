import Foundation

/// CLDR cardinal plural rules for every CLDR locale, with Apple-style locale code mapping.
public enum PluralRules {
  /// Every CLDR locale id in the table (`af` … `zu`, including `pt-PT`).
  public static var cldrLocales: [String] { table.map(\.id) }

  /// The CLDR release the rules come from.
  public static var cldrReleaseVersion: String { cldrVersion }

  /// The rules for `code` (mapped as `resolve` does); `other` only when CLDR does not know the code.
  public static func ruleSet(forLocale code: String) -> PluralRuleSet {
    resolve(localeCode: code).ruleSet
  }

  /// The rules for `localeCode`, plus an `unknownLocale` diagnostic when CLDR does not know it.
  ///
  /// Codes are case-insensitive with `_` or `-` separators; the most specific CLDR id is chosen
  /// (`pt-PT` → `pt-PT`, `pt-BR` → `pt`, `zh-Hant-HK` → `zh`, `es-419` → `es`). The diagnostic's
  /// `file` is empty: callers set it to the table they were resolving for.
  public static func resolve(localeCode: String) -> (ruleSet: PluralRuleSet, diagnostic: Diagnostic?) {
    if let id = cldrID(forLocale: localeCode), let ruleSet = cache.ruleSet(for: id) {
      return (ruleSet, nil)
    }
    let diagnostic = Diagnostic(
      kind: .unknownLocale, file: "",
      message: "CLDR has no plural rules for locale '\(localeCode)'; only the 'other' category is assumed")
    return (PluralRuleSet.otherOnly(language: localeCode), diagnostic)
  }

  /// The CLDR id `code` maps to, or nil when CLDR does not know its language.
  public static func cldrID(forLocale code: String) -> String? {
    let subtags = code.lowercased().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
      .map(String.init)
    guard var language = subtags.first, !subtags.contains(where: \.isEmpty),
      subtags.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }
    language = legacyLanguages[language] ?? language
    let rest = Array(subtags.dropFirst())
    let script = rest.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
    let region = rest.first {
      ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber))
    }
    var candidates: [String] = []
    if !rest.isEmpty { candidates.append(([language] + rest).joined(separator: "-")) }
    if let script, let region { candidates.append("\(language)-\(script)-\(region)") }
    if let region { candidates.append("\(language)-\(region)") }
    if let script { candidates.append("\(language)-\(script)") }
    candidates.append(language)
    return candidates.lazy.compactMap { idsByLowercase[$0] }.first
  }

  /// Retired ISO 639 codes that older bundles still use, mapped to the codes CLDR lists.
  private static let legacyLanguages = ["iw": "he", "in": "id", "ji": "yi"]

  /// CLDR ids keyed by lower-cased id with `-` separators.
  private static let idsByLowercase: [String: String] = Dictionary(
    table.map { ($0.id.lowercased().replacingOccurrences(of: "_", with: "-"), $0.id) },
    uniquingKeysWith: { first, _ in first })

  private static let cache = RuleSetCache()
}

/// Parsed rule sets by CLDR id, parsed on first use and shared between threads.
private final class RuleSetCache: @unchecked Sendable {
  private let lock = NSLock()
  private var parsed: [String: PluralRuleSet] = [:]
  private let raw: [String: RawPluralLocale] = Dictionary(
    PluralRules.table.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// The rule set for a CLDR id; nil when the id is not in the table or its data does not parse.
  func ruleSet(for id: String) -> PluralRuleSet? {
    lock.lock()
    defer { lock.unlock() }
    if let known = parsed[id] { return known }
    guard let locale = raw[id] else { return nil }
    var rules: [PluralRule] = []
    for entry in locale.rules {
      guard
        let rule = try? PluralRule(
          category: entry.category, expression: entry.condition,
          integerSamples: entry.integerSamples, decimalSamples: entry.decimalSamples)
      else { return nil }
      rules.append(rule)
    }
    let ruleSet = PluralRuleSet(language: id, rules: rules)
    parsed[id] = ruleSet
    return ruleSet
  }
}
