/// Recognises member keys that name a locale, for localized-object detection.
///
/// A locale code is `language[-Script][-REGION]` with `-` or `_` between subtags, compared
/// without regard to case: a two- or three-letter language that CLDR's plural data lists (`en`,
/// `fil`, and the retired `iw`/`in`/`ji`; not `und`), an optional four-letter script (`Hant`), and an optional region of two
/// letters or three digits (`GB`, `419`). Nothing else is accepted, so ordinary keys such as
/// `title`, `ok` or `yes` never read as languages.
public enum LocaleCode {
  /// True when `key` is a locale code as described above.
  public static func isLocaleCode(_ key: String) -> Bool {
    let subtags = key.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = subtags.first, (1...3).contains(subtags.count) else { return false }
    guard (2...3).contains(language.count), language.allSatisfy(isASCIILetter) else { return false }
    var rest = subtags.dropFirst()
    if let script = rest.first, script.count == 4, script.allSatisfy(isASCIILetter) { rest = rest.dropFirst() }
    if let region = rest.first, isRegion(region) { rest = rest.dropFirst() }
    guard rest.isEmpty else { return false }
    return language.lowercased() != "und" && PluralRules.cldrID(forLocale: String(language)) != nil
  }

  private static func isASCIILetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }

  private static func isRegion(_ subtag: Substring) -> Bool {
    (subtag.count == 2 && subtag.allSatisfy(isASCIILetter))
      || (subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber })
  }
}
