import Foundation
import Testing

@testable import GlossaCore

/// `.glossa.yml` as people write it, read with Yams: anchors, merge keys, block scalars, and
/// errors that name the line and column.
@Suite(.timeLimit(.minutes(10))) struct YAMLConfigTests {
  @Test func anchorsAliasesAndMergeKeys() throws {
    let text = """
      x-accepted: &accepted
        - {kind: untranslated, language: de, key: app.name}
        - kind: overlong
          key: "legal.*"
      x-limits: &limits
        "button.*": 12
        title: 20
      baseline: *accepted
      max-length:
        <<: *limits
        title: 30
      disabled: &off [extra-key]
      """
    let options = try CheckConfig.parse(text, file: ".glossa.yml")
    #expect(
      options.baseline == [
        BaselineEntry(kind: .untranslated, language: "de", key: "app.name"),
        BaselineEntry(kind: .overlong, key: "legal.*"),
      ])
    // The mapping's own `title` wins over the merged one; merged keys come first.
    #expect(
      options.maxLength == [MaxLengthRule(pattern: "button.*", limit: 12), MaxLengthRule(pattern: "title", limit: 30)])
    #expect(options.disabled == [.extraKey])
  }

  @Test func blockScalarsAreText() throws {
    let value = try YAMLReader.parse("literal: |\n  one\n  two\nfolded: >-\n  a\n  b\n", file: "c.yml")
    guard case .map(let pairs, _, _) = value else {
      Issue.record("expected a mapping")
      return
    }
    #expect(pairs.map(\.key) == ["literal", "folded"])
    #expect(pairs.map(\.value) == [.scalar("one\ntwo\n", line: 1, column: 10), .scalar("a b", line: 4, column: 9)])
    let options = try CheckConfig.parse(
      "baseline:\n  - kind: untranslated\n    key: >-\n      onboarding.welcome\n", file: "c.yml")
    #expect(options.baseline == [BaselineEntry(kind: .untranslated, key: "onboarding.welcome")])
  }

  @Test func malformedFilesNameLineAndColumn() {
    let cases: [(String, String)] = [
      (
        "disabled: [untranslated\nslack: 2\n",
        "c.yml:2:6: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 11)"
      ),
      ("a: \"open\n", "c.yml:2:1: found unexpected end of stream (while scanning a quoted scalar at line 1, column 4)"),
      ("disabled: *nowhere\n", "c.yml:1:11: found undefined alias"),
      ("slack: 1\nslack: 2\n", "c.yml:2:1: the key 'slack' appears twice in this mapping"),
      (
        "baseline:\n  - kind: overlong\n    key: a\n    \"key\": b\n",
        "c.yml:4:5: the key 'key' appears twice in this mapping"
      ),
      ("slack: 1\n---\nslack: 2\n", "c.yml:3:1: the file holds several YAML documents; keep one"),
      ("- slack\n", "c.yml:1:1: the top level should be a mapping of settings, found a list"),
      ("{slack: 1}: 2\n", "c.yml:1:1: a key must be a single value, not a collection"),
      ("max-length:\n  <<: [1]\n", "c.yml:2:8: '<<' merges a mapping or a list of mappings"),
    ]
    for (text, message) in cases {
      #expect(thrownMessage { try CheckConfig.parse(text, file: "c.yml") } == message)
    }
  }

  @Test func emptyFilesAndNullsAreEmpty() throws {
    #expect(try CheckConfig.parse("# nothing\n", file: "c.yml") == CheckOptions())
    #expect(try CheckConfig.parse("disabled:\nbaseline: ~\n", file: "c.yml") == CheckOptions())
  }

  @Test func sourcesAndMetadataAreRelativeToTheConfig() throws {
    let options = try CheckConfig.parse(
      "sources: [App, /abs/Widget]\nmetadata: fastlane/metadata\nenable: [missing-comment]\n",
      file: "/repo/.glossa.yml")
    #expect(options.sourcePaths == ["/repo/App", "/abs/Widget"])
    #expect(options.metadataPath == "/repo/fastlane/metadata")
    #expect(options.enabled == [.missingComment])
    #expect(try CheckConfig.parse("sources: App\n", file: ".glossa.yml").sourcePaths == ["App"])
    #expect(
      try CheckConfig.parse("sources: [../../App, ./Widget/.]\n", file: "App/Resources/.glossa.yml").sourcePaths
        == ["App", "App/Resources/Widget"])
    #expect(try CheckConfig.parse("metadata: ../../x\n", file: "a/.glossa.yml").metadataPath == "../x")
  }

  /// Every `yaml` block of docs/checks.md is a valid config.
  @Test func theDocumentedExamplesParse() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/checks.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 2)
    for block in blocks {
      #expect(throws: Never.self) { try CheckConfig.parse(block, file: "docs/checks.md") }
    }
  }
}
