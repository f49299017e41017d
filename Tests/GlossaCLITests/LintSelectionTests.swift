import Foundation
import Testing

/// `glossa lint --languages` and `--kind` select what the review's findings view shows, so a QA
/// engineer can script it: only those languages and kinds, in every format, with the same
/// findings as the whole run filtered by hand.
@Suite("lint --languages and --kind")
struct LintSelectionTests {
  static let sample = LintCLI.packageRoot.appendingPathComponent("SampleBundles/local").path

  struct Issue: Decodable, Hashable {
    var kind: String
    var language: String?
    var key: String?
    var line: Int?
  }
  struct Report: Decodable { var issues: [Issue] }

  static func issues(_ arguments: [String]) throws -> [Issue] {
    let run = try LintCLI.glossa(["lint", sample, "--format", "json"] + arguments)
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)).issues
  }

  @Test func selectionIsTheWholeRunFiltered() throws {
    try #require(LintCLI.built, "run swift build first")
    let all = try Self.issues([])
    let selected = try Self.issues(["--languages", "ja,PL", "--kind", "overlong", "--kind", "plural-gap"])
    let expected = all.filter {
      ["ja", "pl"].contains($0.language ?? "") && ["overlong", "plural-gap"].contains($0.kind)
    }
    #expect(!expected.isEmpty)
    #expect(selected == expected)
    let text = try LintCLI.glossa(["lint", Self.sample, "--languages", "ja", "--format", "text"])
    #expect(!text.stdout.contains("\nfr ·") && text.stdout.contains("ja ·"))
  }

  @Test func unknownLanguagesAndKindsAreUsageErrors() throws {
    try #require(LintCLI.built, "run swift build first")
    let language = try LintCLI.glossa(["lint", Self.sample, "--languages", "xx"])
    #expect(language.status == 2)
    #expect(language.stderr.contains("no language \"xx\""))
    let kind = try LintCLI.glossa(["lint", Self.sample, "--kind", "bogus"])
    #expect(kind.status == 2)
    #expect(kind.stderr.contains("unknown finding kind 'bogus'"))
  }
}
