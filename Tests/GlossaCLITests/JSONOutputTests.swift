import Foundation
import GlossaCore
import Testing

/// The bytes of the JSON reports, which one writer makes: two-space layout, members in a fixed
/// order, text as its UTF-8 with only quotes, backslashes and C0 controls escaped.
@Suite("JSON output")
struct JSONOutputTests {
  let scratch = ScratchDirectory()

  func glossa(_ arguments: String...) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    return try GlossaBinary.run(arguments, in: scratch.url, timeout: 120)
  }

  @Test("dump escapes quotes, backslashes and C0 controls, and keeps everything else as UTF-8")
  func dumpEscapes() throws {
    // `.strings` escapes: a lone surrogate becomes U+FFFD, the pair an emoji.
    let strings =
      #""k" = "q\" b\\ n\n t\t r\r esc\U001B[31m one\U0001 us\U001F del\U007F nel\U0085 ls\U2028 </script> \UD800 \UD83D\UDE00 👩‍💻";"#
      + "\n"
    try scratch.write(["App/en.lproj/Localizable.strings": strings])
    let run = try glossa("dump", "App", "--format", "json")
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let value =
      #"q\" b\\ n\n t\t r\r esc\u001b[31m one\u0001 us\u001f del"# + "\u{7F} nel\u{85} ls\u{2028}"
      + " </script> \u{FFFD} 😀 👩‍💻"
    #expect(
      run.stdout == """
        {
          "bundle": "App",
          "developmentLanguage": "en",
          "entries": [
            {
              "language": "en",
              "table": "Localizable",
              "key": "k",
              "value": "\(value)",
              "comment": null,
              "category": null,
              "file": "en.lproj/Localizable.strings",
              "line": 1
            }
          ]
        }

        """)
  }

  @Test("a report without findings has an empty issues array and every kind counted")
  func emptyLintReport() throws {
    try scratch.write(["App/en.lproj/Localizable.strings": "\"greeting\" = \"Hello\";\n"])
    let run = try glossa("lint", "App", "--format", "json")
    #expect(run.status == 0)
    let kinds = FindingKind.allCases.map { "      \"\($0.rawValue)\": 0" }.joined(separator: ",\n")
    #expect(
      run.stdout == """
        {
          "issues": [],
          "summary": {
            "total": 0,
            "error": 0,
            "warning": 0,
            "info": 0,
            "byKind": {
        \(kinds)
            }
          }
        }

        """)
  }

  @Test("plural keeps its layout: names in order, a space before the colon, absent members left out")
  func pluralLayout() throws {
    let run = try glossa("plural", "ru", "1", "2.5", "--format", "json")
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {
          "cldrLocale" : "ru",
          "locale" : "ru",
          "results" : [
            {
              "category" : "one",
              "number" : "1"
            },
            {
              "category" : "other",
              "number" : "2.5"
            }
          ]
        }

        """)
    let categories = try glossa("plural", "ja", "--format", "json")
    #expect(
      categories.stdout == """
        {
          "categories" : [
            {
              "category" : "other",
              "decimalSamples" : "0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …",
              "integerSamples" : "0~15, 100, 1000, 10000, 100000, 1000000, …",
              "rule" : ""
            }
          ],
          "cldrLocale" : "ja",
          "locale" : "ja"
        }

        """)
  }
}
