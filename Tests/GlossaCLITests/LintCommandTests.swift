import Foundation
import Testing
import GlossaCore

/// `glossa lint` end to end: formats, exit codes, config, colour.
@Suite struct LintCommandTests {
  static let files: [String: String] = [
    "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"files\" = \"%@ files\";\n\"save\" = \"Save\";\n",
    "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"files\" = \"%d Dateien\";\n\"extra\" = \"X\";\n",
  ]

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func textIsGroupedWithASummaryAndNoColourWhenPiped() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let run = try LintCLI.glossa(["lint", bundle.path])
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "de · de.lproj/Localizable.strings")
    #expect(lines.contains { $0.contains("format-mismatch") && $0.contains("“files”") })
    #expect(!run.stdout.contains("\u{1B}["))
    #expect(lines.contains("2 errors, 1 warning, 0 info — missing-key 1, extra-key 1, format-mismatch 1"))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func jsonHasIssuesWithTheFindingFieldsAndASummary() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let run = try LintCLI.glossa(["lint", bundle.path, "--format", "json"])
    #expect(run.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let issues = object?["issues"] as? [[String: Any]] ?? []
    #expect(issues.count == 3)
    #expect(
      Set(issues.first?.keys.map { $0 } ?? []) == [
        "kind", "severity", "bundle", "language", "table", "key", "category", "file", "line", "message",
      ])
    #expect(issues.map { $0["kind"] as? String } == ["format-mismatch", "extra-key", "missing-key"])
    let summary = object?["summary"] as? [String: Any]
    #expect(summary?["total"] as? Int == 3)
    #expect(summary?["error"] as? Int == 2)
    // Stable: a second run prints the same bytes.
    #expect(try LintCLI.glossa(["lint", bundle.path, "--format", "json"]).stdout == run.stdout)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func sarifHasOneRulePerKindAndLocatedResults() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let run = try LintCLI.glossa(["lint", bundle.path, "--format", "sarif"])
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect(object?["version"] as? String == "2.1.0")
    let sarifRun = (object?["runs"] as? [[String: Any]])?.first
    let driver = (sarifRun?["tool"] as? [String: Any])?["driver"] as? [String: Any]
    let rules = driver?["rules"] as? [[String: Any]] ?? []
    #expect(rules.count == FindingKind.allCases.count)  // one per finding kind
    #expect(rules.first?["id"] as? String == "missing-key")
    let results = sarifRun?["results"] as? [[String: Any]] ?? []
    let first = results.first
    #expect(first?["ruleId"] as? String == "format-mismatch")
    #expect(first?["level"] as? String == "error")
    let physical = ((first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
    #expect(
      (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
        == bundle.path + "/de.lproj/Localizable.strings")
    #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 2)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func exitStatusFollowsFailOn() throws {
    let clean = try LintCLI.Bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"x\" = \"X\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"x\" = \"X\";\n\"y\" = \"Y\";\n",
    ])
    #expect(try LintCLI.glossa(["lint", clean.path]).status == 0)
    #expect(try LintCLI.glossa(["lint", clean.path, "--fail-on", "warning"]).status == 1)
    #expect(try LintCLI.glossa(["lint", clean.path, "--fail-on", "never", "--format", "json"]).status == 0)
    let bad = try LintCLI.glossa(["lint", clean.path, "--fail-on", "sometimes"])
    #expect(bad.status == 2)
    #expect(try LintCLI.glossa(["lint", clean.path + "/nope"]).status == 2)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func aParseErrorIsAFindingNotAFailureToRead() throws {
    let bundle = try LintCLI.Bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"A\"\n\"b\" = \"B\";\n",
    ])
    let run = try LintCLI.glossa(["lint", bundle.path, "--format", "json"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("\"kind\": \"parse-error\""))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func configAtTheBundleRootAndFlagsApply() throws {
    var files = Self.files
    files[".glossa.yml"] = """
      disabled: [extra-key]
      baseline:
        - {kind: format-mismatch, language: de, key: files}
      severity: {missing-key: warning}
      """
    let bundle = try LintCLI.Bundle(files)
    let run = try LintCLI.glossa(["lint", bundle.path])
    #expect(run.status == 0)
    #expect(run.stdout.hasSuffix("0 errors, 1 warning, 0 info — missing-key 1\n"))
    let broken = try LintCLI.Bundle(["c.yml": "slack: lots\n"])
    let bad = try LintCLI.glossa(["lint", bundle.path, "--config", broken.path + "/c.yml"])
    #expect(bad.status == 2)
    #expect(bad.stderr == "glossa: \(broken.path)/c.yml:1:8: slack should be a whole number of columns, found 'lots'\n")
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func noColorIsHonouredAndColourNeedsATerminal() throws {
    let bundle = try LintCLI.Bundle(Self.files)
    let run = try LintCLI.glossa(["lint", bundle.path], environment: ["NO_COLOR": "1"])
    #expect(!run.stdout.contains("\u{1B}["))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func againstComparesWithASecondBundle() throws {
    let local = try LintCLI.Bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n"])
    let remote = try LintCLI.Bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"c\" = \"C\";\n"])
    let run = try LintCLI.glossa(["lint", local.path, "--against", remote.path, "--fail-on", "info"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("missing-in-remote   “b”"))
    #expect(run.stdout.contains("only-in-remote      “c”"))
  }
}
