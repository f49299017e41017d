import Foundation
import Testing

/// Runs the built `glossa plural` (build first: `swift build`) and checks stdout, stderr and exit codes.
@Suite struct PluralCommandTests {
  private static let binary = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/glossa")
  private static let built = FileManager.default.isExecutableFile(atPath: binary.path)

  private struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private func glossa(_ arguments: String...) throws -> Run {
    let run = try GlossaBinary.run(arguments)
    return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func classifiesNumbers() throws {
    let run = try glossa("plural", "ru", "1", "2", "5", "1.5", "21", "-3")
    #expect(run.status == 0)
    #expect(run.stdout == "1 → one\n2 → few\n5 → many\n1.5 → other\n21 → one\n-3 → few\n")
    #expect(run.stderr.isEmpty)
  }

  /// Text from the command line reaches stderr escaped: an escape sequence in a locale or a
  /// number cannot drive the terminal.
  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func messagesAreEscaped() throws {
    let number = try glossa("plural", "ru", "1\u{1B}[2J")
    #expect(number.status == 2)
    #expect(!number.stderr.contains("\u{1B}"))
    #expect(number.stderr.contains("is not a number"))
    let locale = try glossa("plural", "zz\u{1B}[31m", "1")
    #expect(!locale.stderr.contains("\u{1B}"))
    #expect(locale.stderr.hasPrefix("glossa: warning: "))
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func compactExponentsAndRegionalVariants() throws {
    #expect(try glossa("plural", "fr", "1000000", "1c6", "2").stdout == "1000000 → many\n1c6 → many\n2 → other\n")
    #expect(try glossa("plural", "pt-PT", "0").stdout == "0 → other\n")
    #expect(try glossa("plural", "pt_BR", "0").stdout == "0 → one\n")
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func listsCategoriesWithSamples() throws {
    let run = try glossa("plural", "pl")
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "pl → CLDR pl: one, few, many, other")
    #expect(lines.contains("one    integers: 1"))
    #expect(lines.contains("other  integers: (none)"))
    #expect(lines.contains("       decimals: 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"))
    #expect(lines.contains("       rule:     v = 0 and i % 10 = 2..4 and i % 100 != 12..14"))
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func invalidNumberExitsWithTwo() throws {
    let run = try glossa("plural", "ru", "1", "abc")
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "glossa: 'abc' is not a number\n")
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func unknownLocaleStillAnswers() throws {
    let run = try glossa("plural", "Base", "1", "2")
    #expect(run.status == 0)
    #expect(run.stdout == "1 → other\n2 → other\n")
    #expect(
      run.stderr
        == "glossa: warning: CLDR has no plural rules for locale 'Base'; only the 'other' category is assumed\n")
  }

  @Test(.enabled(if: built, "run `swift build` first: .build/debug/glossa is missing"))
  func jsonOutput() throws {
    let numbers = try glossa("plural", "ar", "0", "3", "100", "--format", "json")
    #expect(numbers.status == 0)
    let object = try #require(JSONSerialization.jsonObject(with: Data(numbers.stdout.utf8)) as? [String: Any])
    #expect(object["cldrLocale"] as? String == "ar")
    let results = try #require(object["results"] as? [[String: String]])
    #expect(
      results == [
        ["number": "0", "category": "zero"], ["number": "3", "category": "few"],
        ["number": "100", "category": "other"],
      ])
    let listing = try glossa("plural", "ja", "--format", "json")
    let info = try #require(JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any])
    let categories = try #require(info["categories"] as? [[String: Any]])
    #expect(categories.count == 1)
    #expect(categories.first?["category"] as? String == "other")
    #expect(categories.first?["integerSamples"] as? String == "0~15, 100, 1000, 10000, 100000, 1000000, …")
  }
}
