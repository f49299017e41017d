import Foundation
import Testing

/// `glossa lint --sources`, `--metadata`, `--enable` and the same settings in `.glossa.yml`, end
/// to end on `Tests/Fixtures/SourceApp`.
@Suite struct LintSourcesCommandTests {
  static let app = "Tests/Fixtures/SourceApp"

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func sourcesFindUsedButMissingKeysAtTheirLineAndColumn() throws {
    let run = try GlossaBinary.run(
      ["lint", "\(Self.app)/Bundle", "--sources", "\(Self.app)/App", "--format", "github"],
      in: GlossaBinary.packageRoot)
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.contains("title=missing-in-bundle") }.map { $0.components(separatedBy: ",title=")[0] } == [
        "::error file=\(Self.app)/App/Base.lproj/Main.storyboard,line=16,col=106",
        "::error file=\(Self.app)/App/LegacyController.m,line=9,col=48",
        "::error file=\(Self.app)/App/ProfileView.swift,line=9,col=10",
        "::error file=\(Self.app)/App/ProfileView.swift,line=20,col=33",
        "::error file=\(Self.app)/App/ProfileView.swift,line=27,col=12",
      ])
    #expect(
      lines.filter { $0.contains("title=unused-key") }.map { $0.components(separatedBy: ",title=")[0] } == [
        "::notice file=\(Self.app)/Bundle/en.lproj/Alerts.strings,line=1",
        "::notice file=\(Self.app)/Bundle/en.lproj/Localizable.strings,line=10",
        "::notice file=\(Self.app)/Bundle/Base.lproj/Main.strings,line=3",
      ])
    // SARIF points at the same place, so code scanning shows the finding on the call.
    let sarif = try GlossaBinary.run(
      ["lint", "\(Self.app)/Bundle", "--sources", "\(Self.app)/App", "--format", "sarif"],
      in: GlossaBinary.packageRoot)
    let object = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    let swiftResult = results.first {
      $0["ruleId"] as? String == "missing-in-bundle"
        && ($0["properties"] as? [String: Any])?["key"] as? String == "profile.title"
    }
    let physical = ((swiftResult?["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
    #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "\(Self.app)/App/ProfileView.swift")
    #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 9)
    #expect((physical?["region"] as? [String: Any])?["startColumn"] as? Int == 10)
    // Without --sources there is nothing to say about the code.
    let plain = try GlossaBinary.run(["lint", "\(Self.app)/Bundle"], in: GlossaBinary.packageRoot)
    #expect(!plain.stdout.contains("missing-in-bundle"))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func configSourcesMetadataAndEnableAreRelativeToTheConfig() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-src-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "Bundle/en.lproj/Localizable.strings": "\"used\" = \"Used\";\n\"old\" = \"Old\";\n",
      "Bundle/.glossa.yml": "sources: ../App\nmetadata: ../fastlane/metadata\nenable: [missing-comment]\n",
      "App/View.swift": "let a = NSLocalizedString(\"used\", comment: \"\")\nlet b = Text(\"gone\")\n",
      "fastlane/metadata/de-DE/subtitle.txt": "Wanderkarten offline für jede Route\n",
    ]
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    let run = try GlossaBinary.run(["lint", "Bundle", "--format", "json"], in: folder)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let issues = object?["issues"] as? [[String: Any]] ?? []
    let summary = issues.map { "\($0["kind"] ?? "") \($0["key"] as? String ?? "-") \($0["line"] ?? "-")" }
    #expect(
      summary == [
        "missing-in-bundle gone 2", "missing-comment used 1", "missing-comment old 2", "unused-key old 2",
        "store-metadata-length - 1",
      ])
    let missingFolder = try GlossaBinary.run(["lint", "Bundle", "--sources", "Nowhere"], in: folder)
    #expect(missingFolder.status == 2)
    #expect(missingFolder.stderr == "glossa: Nowhere: no such file or directory\n")
    let badKind = try GlossaBinary.run(["lint", "Bundle", "--enable", "typo"], in: folder)
    #expect(badKind.status == 2)
    #expect(badKind.stderr.contains("--enable: unknown finding kind 'typo'"))
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func aMalformedXibIsAnErrorAtItsLineAndTheRestOfTheCodeIsStillRead() throws {
    let scratch = ScratchDirectory()
    try scratch.write([
      "App/Base.lproj/Broken.xib": "<document>\n  <label id=\"b-1\"/>\n  <label id=\"b-2\">\n</document>\n",
      "App/Base.lproj/Good.xib": "<document>\n  <label id=\"g-1\"/>\n</document>\n",
      "App/Code.swift":
        "let a = NSLocalizedString(\"used\", comment: \"\")\nlet b = NSLocalizedString(\"gone\", comment: \"\")\n",
      "Bundle/Base.lproj/Broken.strings": "\"b-9.text\" = \"Later\";\n",
      "Bundle/Base.lproj/Good.strings": "\"g-1.text\" = \"Kept\";\n\"g-9.text\" = \"Gone\";\n",
      "Bundle/en.lproj/Localizable.strings": "\"used\" = \"Used\";\n",
    ])
    let run = try GlossaBinary.run(["lint", "Bundle", "--sources", "App"], in: scratch.url)
    #expect(run.status == 1)
    #expect(
      run.stdout.split(separator: "\n").map(String.init) == [
        "bundle · App/Base.lproj/Broken.xib",
        "      4  error    unreadable-file     The entry is not well-formed XML: an end tag does not match the "
          + "element it closes, <label> of line 3; the rest of it was not read.",
        "en · App/Code.swift",
        "      2  error    missing-in-bundle   “gone”: Key “gone” is used here but the en Localizable table does not "
          + "have it; the app shows the key itself.",
        "Base · Base.lproj/Good.strings",
        "      2  info     unused-key          “g-9.text”: No object of Good.storyboard or Good.xib has the id “g-9”; "
          + "the entry is never shown.",
        "2 errors, 0 warnings, 1 info — unreadable-file 1, missing-in-bundle 1, unused-key 1",
      ])
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func metadataFolderAgainstTheStoreLimits() throws {
    let run = try GlossaBinary.run(
      [
        "lint", "SampleBundles/local", "--metadata", "Tests/Fixtures/StoreMetadata/metadata", "--format", "github",
        "--fail-on", "never",
      ],
      in: GlossaBinary.packageRoot)
    #expect(run.status == 0)
    // `ja` is a language of the bundle: its finding comes with ja's; the others after the bundle's.
    #expect(
      run.stdout.split(separator: "\n").filter { $0.contains("title=store-metadata-length") }.map(String.init) == [
        "::error file=Tests/Fixtures/StoreMetadata/metadata/ja/keywords.txt,line=1,col=43,"
          + "title=store-metadata-length::[ja] The keywords are 115 bytes, over the App Store's limit of 100 bytes "
          + "(15 too many); it has 47 characters (letters outside ASCII take 2–4 bytes).",
        "::error file=Tests/Fixtures/StoreMetadata/metadata/de-DE/promotional_text.txt,line=1,col=171,"
          + "title=store-metadata-length::[de-DE] The promotional text is 190 characters, over the App Store's "
          + "limit of 170 characters (20 too many).",
        "::error file=Tests/Fixtures/StoreMetadata/metadata/en-US/name.txt,line=1,col=31,"
          + "title=store-metadata-length::[en-US] The app name is 34 characters, over the App Store's limit of 30 "
          + "characters (4 too many).",
      ])
    let missing = try GlossaBinary.run(
      ["lint", "SampleBundles/local", "--metadata", "Tests/Fixtures/nope"], in: GlossaBinary.packageRoot)
    #expect(missing.status == 2)
    #expect(missing.stderr == "glossa: Tests/Fixtures/nope: no such file or directory\n")
  }

  /// Counts of `kind` in a JSON report.
  static func count(_ kind: String, in json: String) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let issues = object?["issues"] as? [[String: Any]] ?? []
    return issues.filter { $0["kind"] as? String == kind }.count
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func generatedAccessorsAreUsedWhenReferencedAndDebugCodeOnlyWhenConfigured() throws {
    let app = "Tests/Fixtures/SwiftGenApp"
    let run = try GlossaBinary.run(
      ["lint", "\(app)/Bundle", "--sources", "\(app)/App", "--format", "json"], in: GlossaBinary.packageRoot)
    #expect(run.status == 1)
    #expect(try Self.count("unused-key", in: run.stdout) == 371)
    #expect(try Self.count("missing-in-bundle", in: run.stdout) == 5)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-dbg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("glossa.yml")
    try Data("check-debug-code: true\n".utf8).write(to: config)
    let debug = try GlossaBinary.run(
      ["lint", "\(app)/Bundle", "--sources", "\(app)/App", "--config", config.path, "--format", "json"],
      in: GlossaBinary.packageRoot)
    #expect(try Self.count("missing-in-bundle", in: debug.stdout) == 7)
    #expect(try Self.count("unused-key", in: debug.stdout) == 371)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func lookupsRuntimeTablesAndExcludeFromTheBundlesConfig() throws {
    let fixture = "Tests/Fixtures/SourceConfig"
    let run = try GlossaBinary.run(["lint", "\(fixture)/Bundle", "--format", "json"], in: GlossaBinary.packageRoot)
    #expect(run.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let issues = object?["issues"] as? [[String: Any]] ?? []
    let summary = issues.map { "\($0["severity"] ?? "") \($0["kind"] ?? "") \($0["key"] as? String ?? "-")" }
    #expect(
      summary.sorted() == [
        "error missing-in-bundle alert.delete_trail.message", "error missing-in-bundle nested.scratch.missing",
        "error missing-in-bundle objc.off.missing", "error missing-in-bundle receiver.missing",
        "error missing-in-bundle wrapper.init.missing",
        "error missing-in-bundle wrapper.nil.table", "error missing-in-bundle wrapper.off.missing",
        "info unused-key debug.only.used", "info unused-key settings.unused", "info unused-key unused.plain",
      ])
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func aBadLookupNamesTheConfigLineAndColumn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-lookup-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "Bundle/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
      "Bundle/.glossa.yml": "sources: ../App\nlookups:\n  - {call: loc, colour: red}\n",
      "App/A.swift": "let a = loc(\"a\")\n",
    ]
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    let run = try GlossaBinary.run(["lint", "Bundle"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glossa: Bundle/.glossa.yml:3:17: unknown lookup field 'colour'; expected call, key, table or key-format\n")
  }
}
