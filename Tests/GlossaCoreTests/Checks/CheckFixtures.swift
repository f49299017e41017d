import Foundation

@testable import GlossaCore

/// Builds in-memory bundles from file texts for the check tests.
enum CheckFixtures {
  /// A bundle from `files` (path relative to the bundle root → text), parsed with the real
  /// `.strings` and `.stringsdict` parsers.
  static func bundle(
    _ files: KeyValuePairs<String, String>, development: String = "en", name: String = "Fixture"
  ) -> LocalizationBundle {
    bundle(data: files.map { ($0.key, Data($0.value.utf8)) }, development: development, name: name)
  }

  /// A bundle from raw file bytes.
  static func bundle(
    data files: [(String, Data)], development: String = "en", name: String = "Fixture",
    storage: BundleStorage? = nil
  ) -> LocalizationBundle {
    var tables: [LocaleTable] = []
    for (path, data) in files {
      let parts = path.split(separator: "/").map(String.init)
      guard parts.count >= 2, let fileName = parts.last,
        let format = TableFormat.forFileName(fileName)
      else { continue }
      let language = String(parts[parts.count - 2].dropLast(".lproj".count))
      let tableName = String(fileName.prefix { $0 != "." })
      let document: any TableDocument =
        format == .stringsdict
        ? StringsdictDocument(data: data, file: path) : StringsDocument(data: data, file: path)
      tables.append(
        LocaleTable(
          language: language, name: tableName, path: path, format: format, document: document))
    }
    tables.sort { ($0.language, $0.name) < ($1.language, $1.name) }
    return LocalizationBundle(
      name: name, storage: storage ?? .directory(URL(fileURLWithPath: "/fixture")), tables: tables,
      developmentLanguage: development)
  }

  /// Findings of one kind for `bundle`, in report order.
  static func findings(
    _ kind: FindingKind, in bundle: LocalizationBundle, against remote: LocalizationBundle? = nil,
    options: CheckOptions = CheckOptions()
  ) -> [Finding] {
    try! Checker(options: options).findings(in: bundle, against: remote).filter { $0.kind == kind }
  }

  /// A bundle where key `files` is in both files of each language's `Localizable` table, as
  /// real apps ship it: a `"files" = "files";` placeholder on line 3 of `Localizable.strings`
  /// and the plural entry in `Localizable.stringsdict`, whose first form is on line
  /// `stringsdictLine`. `forms` gives each language's plural forms (English's included).
  static func placeholderBesidePlural(_ forms: KeyValuePairs<String, [(String, String)]>, name: String = "Fixture")
    -> LocalizationBundle
  {
    var files: [(String, Data)] = []
    for (language, forms) in forms {
      let strings = "\"title\" = \"Title\";\n\n\"files\" = \"files\";\n"
      files.append(("\(language).lproj/Localizable.strings", Data(strings.utf8)))
      files.append(("\(language).lproj/Localizable.stringsdict", Data(stringsdict(key: "files", forms: forms).utf8)))
    }
    return bundle(data: files, name: name)
  }

  /// The line of the first plural form in `stringsdict(key:variable:forms:)`.
  static let stringsdictLine = 16

  /// A `.stringsdict` with one key whose single variable has `forms`.
  static func stringsdict(key: String, variable: String = "count", forms: [(String, String)])
    -> String
  {
    let body = forms.map { "        <key>\($0.0)</key>\n        <string>\($0.1)</string>" }
      .joined(separator: "\n")
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>\(key)</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@\(variable)@</string>
          <key>\(variable)</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
      \(body)
          </dict>
        </dict>
      </dict>
      </plist>

      """
  }
}
