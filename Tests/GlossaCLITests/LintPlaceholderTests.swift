import Foundation
import Testing

/// `glossa lint` on a key that is in both files of a table, as real apps ship it: a
/// `"files" = "files";` placeholder in `Localizable.strings` beside the plural entry in
/// `Localizable.stringsdict`. Findings about the plural entry name the `.stringsdict` and its line.
@Suite struct LintPlaceholderTests {
  /// A `.stringsdict` whose `files` entry has `forms`; the first form's value is on line 16.
  static func stringsdict(_ forms: [(String, String)]) -> String {
    let body = forms.map { "        <key>\($0.0)</key>\n        <string>\($0.1)</string>" }.joined(separator: "\n")
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>files</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@count@</string>
          <key>count</key>
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

  /// `files` in both files of en, ru (a missing `few`/`many` and a wrong `%@`) and ja (a
  /// superfluous `one`); the placeholder is on line 3 of each `.strings` file.
  static let files: [String: String] = [
    "en.lproj/Localizable.strings": "\"title\" = \"Title\";\n\n\"files\" = \"files\";\n",
    "en.lproj/Localizable.stringsdict": stringsdict([("one", "%d file"), ("other", "%d files")]),
    "ru.lproj/Localizable.strings": "\"title\" = \"Заголовок\";\n\n\"files\" = \"files\";\n",
    "ru.lproj/Localizable.stringsdict": stringsdict([("one", "%d файл"), ("other", "%@ файлов")]),
    "ja.lproj/Localizable.strings": "\"title\" = \"タイトル\";\n\n\"files\" = \"files\";\n",
    "ja.lproj/Localizable.stringsdict": stringsdict([("one", "%d個"), ("other", "%d個")]),
  ]

  /// The deployed bundle: every language's `title`, no `files`.
  static let remoteFiles: [String: String] = [
    "en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
    "ru.lproj/Localizable.strings": "\"title\" = \"Заголовок\";\n",
    "ja.lproj/Localizable.strings": "\"title\" = \"タイトル\";\n",
  ]

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func textGroupsThePluralFindingsUnderTheStringsdict() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let run = try LintCLI.glossa(["lint", bundle.path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        ja · ja.lproj/Localizable.stringsdict
             16  warning  plural-extra        “files” [one]: The “one” form is never used: ja only has other.

        ru · ru.lproj/Localizable.stringsdict
             16  error    format-mismatch     “files” [other]: The “other” form has %@ but the source has %d: argument 1 is %@ (object) where the source has %d (integer).
             16  error    plural-gap          “files” [few]: The plural family (variable “count”) has no “few” form, which ru needs (numbers such as 2, 3, 4); it has one, other.
             16  error    plural-gap          “files” [many]: The plural family (variable “count”) has no “many” form, which ru needs (numbers such as 0, 5, 12); it has one, other.

        3 errors, 1 warning, 0 info — format-mismatch 1, plural-gap 2, plural-extra 1

        """)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func jsonNamesTheStringsdictAndItsLineForEveryPluralFinding() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let remote = try LintCLI.Bundle(Self.remoteFiles)
    let run = try LintCLI.glossa(["lint", bundle.path, "--against", remote.path, "--format", "json"])
    #expect(run.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let issues = object?["issues"] as? [[String: Any]] ?? []
    let rows = issues.map { issue in
      [issue["language"], issue["kind"], issue["file"], issue["line"]].map { $0.map { "\($0)" } ?? "nil" }
        .joined(separator: " ")
    }
    #expect(
      rows == [
        "en missing-in-remote en.lproj/Localizable.stringsdict 16",
        "ja plural-extra ja.lproj/Localizable.stringsdict 16",
        "ja missing-in-remote ja.lproj/Localizable.stringsdict 16",
        "ru format-mismatch ru.lproj/Localizable.stringsdict 16",
        "ru plural-gap ru.lproj/Localizable.stringsdict 16",
        "ru plural-gap ru.lproj/Localizable.stringsdict 16",
        "ru missing-in-remote ru.lproj/Localizable.stringsdict 16",
      ])
  }
}
