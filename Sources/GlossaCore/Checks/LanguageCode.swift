/// What the checks read from a language code (`pt-BR`, `zh-Hant`, `en-XA`).
enum LanguageCode {
  /// The base language, lowercased: `pt` for `pt-BR`, `zh` for `zh-Hant`.
  static func base(_ code: String) -> String {
    code.lowercased().split(separator: "-").first.map(String.init) ?? ""
  }

  /// True for a pseudo-locale (`en-XA`, `ar-XB`): its values are bracketed and padded on
  /// purpose, so the checks of a translation's text and punctuation leave it alone.
  static func isPseudo(_ code: String) -> Bool {
    let subtags = code.uppercased().split(separator: "-")
    return subtags.contains("XA") || subtags.contains("XB")
  }
}
