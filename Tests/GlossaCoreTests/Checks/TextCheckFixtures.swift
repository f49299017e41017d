import Foundation

@testable import GlossaCore

/// Bundles of one `Localizable.strings` per language, for the translation-quality checks.
enum TextCheckFixtures {
  /// `.strings` text of `pairs` (key, value), escaped.
  static func strings(_ pairs: [(String, String)], comment: String? = nil) -> String {
    pairs.map { key, value in
      let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
      return (comment.map { "/* \($0) */\n" } ?? "") + "\"\(key)\" = \"\(escaped)\";\n"
    }.joined()
  }

  /// The findings of `kind` as `language key`, for an English source and its translations.
  static func found(
    _ kind: FindingKind, source: [(String, String)], _ translations: [String: [(String, String)]],
    comment: String? = nil, options: CheckOptions = CheckOptions()
  ) -> [String] {
    messages(kind, source: source, translations, comment: comment, options: options).map(\.0)
  }

  /// `found` with each finding's message.
  static func messages(
    _ kind: FindingKind, source: [(String, String)], _ translations: [String: [(String, String)]],
    comment: String? = nil, options: CheckOptions = CheckOptions()
  ) -> [(String, String)] {
    var files: [(String, Data)] = [("en.lproj/Localizable.strings", Data(strings(source, comment: comment).utf8))]
    for (language, pairs) in translations.sorted(by: { $0.key < $1.key }) {
      files.append(("\(language).lproj/Localizable.strings", Data(strings(pairs).utf8)))
    }
    let bundle = CheckFixtures.bundle(data: files)
    return CheckFixtures.findings(kind, in: bundle, options: options).map {
      ("\($0.language ?? "") \($0.key ?? "")", $0.message)
    }
  }
}
