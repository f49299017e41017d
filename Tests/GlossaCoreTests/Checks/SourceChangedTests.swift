import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// `source-changed` and the `--since` ratchet through the core API, on a real repository made
/// by the test (git init, commit, change, commit).
@Suite(.enabled(if: GitScratch.isAvailable, "git is not on PATH"), .timeLimit(.minutes(10)))
struct SourceChangedTests {
  static let before: [String: String] = [
    "App/Resources/en.lproj/Localizable.strings": """
    "greeting" = "Hello";
    "farewell" = "Goodbye";
    "title" = "Trails";
    "moved" = "Map";
    "both" = "Save";

    """,
    "App/Resources/de.lproj/Localizable.strings": """
    "greeting" = "Hallo";
    "farewell" = "Tschüss";
    "title" = "Wege";
    "moved" = "Karte";
    "both" = "Sichern";

    """,
  ]

  /// The second commit: `greeting` and `both` changed in English; `both`'s German changed too;
  /// `moved` went to another line unchanged; `title` is untouched.
  static let after: [String: String] = [
    "App/Resources/en.lproj/Localizable.strings": """
    "moved" = "Map";
    "greeting" = "Hello there";
    "farewell" = "Goodbye";
    "title" = "Trails";
    "both" = "Save all";

    """,
    "App/Resources/de.lproj/Localizable.strings": """
    "greeting" = "Hallo";
    "farewell" = "Tschüss";
    "title" = "Wege";
    "both" = "Alles sichern";

    "moved" = "Karte";

    """,
  ]

  /// A repository with both commits (the first tagged `v1`), and the first commit's hash.
  static func repository() throws -> (GitScratch, String) {
    let repo = try GitScratch()
    try repo.write(before)
    let first = try repo.commit("first")
    try repo.git("tag", "v1")
    try repo.write(after)
    try repo.commit("second")
    return (repo, first)
  }

  @Test func aChangedSourceWithAnUnchangedTranslationIsReportedWithBothTexts() throws {
    let (repo, _) = try Self.repository()
    let bundlePath = repo.url.appendingPathComponent("App").path
    let earlier = try GitRevisionBundle.read(bundlePath, at: "HEAD~1")
    defer { earlier.remove() }
    let previous = try LocalizationBundle.open(try #require(earlier.path))
    let current = try LocalizationBundle.open(bundlePath)
    let check = try SourceChanged(previous: previous, revision: "HEAD~1")
    let found = try Checker(checks: [check]).findings(in: current)
    // `both` changed in German too, `moved` only moved, `title` and `farewell` are unchanged.
    #expect(found.map { "\($0.language ?? "") \($0.key ?? "") \($0.line ?? 0)" } == ["de greeting 1"])
    #expect(
      found.first?.message
        == "The source changed since HEAD~1 from “Hello” to “Hello there”; the translation did not change and may be stale."
    )
    #expect(found.first?.severity == .info)
    #expect(found.first?.file == "Resources/de.lproj/Localizable.strings")
  }

  @Test func everyNameOfTheRevisionReadsTheSameFiles() throws {
    let (repo, first) = try Self.repository()
    let bundlePath = repo.url.appendingPathComponent("App").path
    for revision in ["HEAD~1", "v1", first, String(first.prefix(8)), "main^"] {
      let earlier = try GitRevisionBundle.read(bundlePath, at: revision)
      defer { earlier.remove() }
      #expect(earlier.commit == first, "\(revision)")
      let path = try #require(earlier.path)
      let english = try String(
        contentsOfFile: path + "/Resources/en.lproj/Localizable.strings", encoding: .utf8)
      #expect(english == Self.before["App/Resources/en.lproj/Localizable.strings"], "\(revision)")
    }
  }

  @Test func onlyFindingsTheRevisionLackedAreNewWhateverTheirLines() throws {
    let repo = try GitScratch()
    try repo.write([
      "Bundle/en.lproj/Localizable.strings": "\"a\" = \"One\";\n\"b\" = \"Two\";\n",
      "Bundle/de.lproj/Localizable.strings": "\"b\" = \"Zwei\";\n",
    ])
    try repo.commit("first")
    // `a` stays missing in German (an old finding on a new line); `c` is new and missing.
    try repo.write([
      "Bundle/en.lproj/Localizable.strings": "\"c\" = \"Three\";\n\n\"b\" = \"Two\";\n\"a\" = \"One\";\n"
    ])
    try repo.commit("second")
    let bundlePath = repo.url.appendingPathComponent("Bundle").path
    let earlier = try GitRevisionBundle.read(bundlePath, at: "HEAD~1")
    defer { earlier.remove() }
    let old = try Checker().findings(in: try LocalizationBundle.open(try #require(earlier.path)))
    let now = try Checker().findings(in: try LocalizationBundle.open(bundlePath))
    #expect(now.filter { $0.kind == .missingKey }.map(\.key) == ["a", "c"])
    let new = FindingRatchet(old).newFindings(now)
    #expect(new.map { "\($0.kind.rawValue) \($0.key ?? "")" } == ["missing-key c"])
  }

  @Test func aSubfolderBundleAZipAndACatalogAreReadAtTheRevision() throws {
    let repo = try GitScratch()
    try repo.write("deep/er/remote.zip", Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)))
    try repo.write(["deep/er/Strings.xcstrings": "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}"])
    try repo.commit("first")
    let zip = try GitRevisionBundle.read(repo.url.appendingPathComponent("deep/er/remote.zip").path, at: "HEAD")
    defer { zip.remove() }
    let zipPath = try #require(zip.path)
    #expect(zipPath.hasSuffix("/remote.zip"))
    #expect(FileManager.default.contents(atPath: zipPath)?.count == 22)
    let catalog = try GitRevisionBundle.read(
      repo.url.appendingPathComponent("deep/er/Strings.xcstrings").path, at: "HEAD")
    defer { catalog.remove() }
    #expect(try #require(catalog.path).hasSuffix("/Strings.xcstrings"))
  }

  @Test func aBundleTheRevisionLacksHasNoPath() throws {
    let repo = try GitScratch()
    try repo.write(["README": "x\n"])
    try repo.commit("first")
    try repo.write(["Bundle/en.lproj/Localizable.strings": "\"a\" = \"One\";\n"])
    try repo.commit("second")
    let earlier = try GitRevisionBundle.read(repo.url.appendingPathComponent("Bundle").path, at: "HEAD~1")
    defer { earlier.remove() }
    #expect(earlier.path == nil)
  }

  @Test func clearErrorsForNoRepositoryAnUnknownRevisionAndNoGit() throws {
    let (repo, _) = try Self.repository()
    let bundlePath = repo.url.appendingPathComponent("App").path
    #expect(throws: GlossaError.git(bundlePath, problem: .unknownRevision("nope"))) {
      try GitRevisionBundle.read(bundlePath, at: "nope")
    }
    #expect(throws: GlossaError.git(bundlePath, problem: .notARevision("--output=x"))) {
      try GitRevisionBundle.read(bundlePath, at: "--output=x")
    }
    let outside = TemporaryDirectory()
    let error = try #require(throws: GlossaError.self) { try GitRevisionBundle.read(outside.url.path, at: "HEAD") }
    #expect(error.message.hasPrefix("\(outside.url.path): not inside a git work tree (git: not a git repository"))
    #expect(
      throws: GlossaError.git(bundlePath, problem: .notInstalled)
    ) {
      try GitRevisionBundle.read(bundlePath, at: "HEAD", environment: ["PATH": outside.url.path])
    }
  }

  @Test func aGitThatHangsIsStoppedAtTheTimeLimit() throws {
    let (repo, _) = try Self.repository()
    let folder = TemporaryDirectory()
    // A stand-in git that never answers.
    let script = folder.url.appendingPathComponent("git")
    try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let started = Date()
    #expect(throws: GlossaError.self) {
      try GitRevisionBundle.read(
        repo.url.appendingPathComponent("App").path, at: "HEAD", timeout: 0.5, git: script.path)
    }
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test func aStringCatalogTranslationIsReportedOnlyWhileStillTranslated() throws {
    func catalog(_ english: String, _ german: String, state: String) -> String {
      """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "start" : {
            "localizations" : {
              "de" : { "stringUnit" : { "state" : "\(state)", "value" : "\(german)" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "\(english)" } }
            }
          }
        },
        "version" : "1.0"
      }
      """
    }
    for (state, expected) in [("translated", 1), ("needs_review", 0)] {
      let repo = try GitScratch()
      try repo.write(["Localizable.xcstrings": catalog("Start", "Starten", state: state)])
      try repo.commit("first")
      try repo.write(["Localizable.xcstrings": catalog("Start hike", "Starten", state: state)])
      try repo.commit("second")
      let path = repo.url.appendingPathComponent("Localizable.xcstrings").path
      let earlier = try GitRevisionBundle.read(path, at: "HEAD~1")
      defer { earlier.remove() }
      let check = try SourceChanged(
        previous: try LocalizationBundle.open(try #require(earlier.path)), revision: "HEAD~1")
      let found = try Checker(checks: [check]).findings(in: try LocalizationBundle.open(path))
      #expect(found.count == expected, "\(state)")
    }
  }

  @Test func aPluralFamilyIsOneValue() throws {
    func strings(_ other: String) -> String { "\"hikes##{one}\" = \"%d hike\";\n\"hikes##{other}\" = \"\(other)\";\n" }
    let repo = try GitScratch()
    try repo.write([
      "B/en.lproj/Localizable.strings": strings("%d hikes"),
      "B/de.lproj/Localizable.strings":
        "\"hikes##{one}\" = \"%d Wanderung\";\n\"hikes##{other}\" = \"%d Wanderungen\";\n",
    ])
    try repo.commit("first")
    try repo.write(["B/en.lproj/Localizable.strings": strings("%d hikes in total")])
    try repo.commit("second")
    let path = repo.url.appendingPathComponent("B").path
    let earlier = try GitRevisionBundle.read(path, at: "HEAD~1")
    defer { earlier.remove() }
    let check = try SourceChanged(previous: try LocalizationBundle.open(try #require(earlier.path)), revision: "HEAD~1")
    let found = try Checker(checks: [check]).findings(in: try LocalizationBundle.open(path))
    #expect(found.map(\.category) == [.other])
    #expect(
      found.first?.message
        == "The source's other form changed since HEAD~1 from “%d hikes” to “%d hikes in total”; the translation's forms did not change and may be stale."
    )
  }

  @Test func theRatchetMatchesBySeverityAndCountNotByLineOrMessage() {
    func finding(_ key: String, _ severity: Severity = .warning, line: Int, _ message: String = "m") -> Finding {
      Finding(
        kind: .overlong, severity: severity, bundle: "b", language: "de", table: "Localizable", key: key,
        file: "de.lproj/Localizable.strings", line: line, message: message)
    }
    let ratchet = FindingRatchet([finding("a", line: 1, "26 columns"), finding("b", line: 2)])
    let now = [
      finding("a", line: 9, "28 columns"),  // moved and reworded: old
      finding("b", .error, line: 2),  // graver now: new
      finding("c", line: 3),  // new key
    ]
    #expect(ratchet.newFindings(now).map(\.key) == ["b", "c"])
    // One earlier duplicate answers for one finding now.
    let twice = [finding("a", line: 1, "26 columns"), finding("a", line: 5, "26 columns")]
    #expect(ratchet.newFindings(twice).map(\.line) == [5])
    // A finding about a file names it after the bundle, which the revision's copy is not.
    func plist(_ bundle: String) -> Finding {
      Finding(
        kind: .invalidInfoPlist, severity: .error, bundle: bundle, file: bundle + ":Resources/Info.plist",
        message: "no Info.plist")
    }
    #expect(FindingRatchet([plist("/tmp/x/remote.zip")]).newFindings([plist("app/remote.zip")]).isEmpty)
    #expect(FindingRatchet([plist("/tmp/x/remote.zip")]).newFindings([finding("a", line: 1)]).count == 1)
  }
}
