import Foundation
import GlossaTestSupport
import Testing

/// `glossa lint --since REV` through the built binary, on a repository made by the test: the
/// bundle sits two folders down, and the second commit changes a source text, adds a key,
/// moves a key to another line and changes a source text together with its translation.
@Suite(
  .enabled(if: LintCLI.built, "run `swift build` first"),
  .enabled(if: GitScratch.isAvailable, "git is not on PATH"))
struct LintSinceTests {
  static let english = "app/Resources/Bundle/en.lproj/Localizable.strings"
  static let german = "app/Resources/Bundle/de.lproj/Localizable.strings"

  /// The repository: `v1` is the first commit; `HEAD` the second.
  static func repository() throws -> (GitScratch, first: String) {
    let repo = try GitScratch()
    try repo.write([
      english: "\"a\" = \"One\";\n\"b\" = \"Two\";\n\"moved\" = \"Map\";\n\"both\" = \"Save\";\n",
      german: "\"b\" = \"Zwei\";\n\"moved\" = \"Karte\";\n\"both\" = \"Sichern\";\n",
    ])
    let first = try repo.commit("first")
    try repo.git("tag", "v1")
    try repo.write([
      english:
        "\"moved\" = \"Map\";\n\"c\" = \"Three\";\n\"a\" = \"One\";\n\"b\" = \"Two more\";\n\"both\" = \"Save all\";\n",
      german: "\"both\" = \"Alles sichern\";\n\n\"b\" = \"Zwei\";\n\"moved\" = \"Karte\";\n",
    ])
    try repo.commit("second")
    return (repo, first)
  }

  @Test func onlyNewFindingsInEveryFormatWhateverTheRevisionIsCalled() throws {
    let (repo, first) = try Self.repository()
    let folder = repo.url.appendingPathComponent("app")
    for revision in ["HEAD~1", "v1", first, String(first.prefix(10))] {
      let run = try LintCLI.glossa(["lint", "Resources/Bundle", "--since", revision, "--format", "json"], in: folder)
      #expect(run.status == 1, "\(revision): \(run.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let issues = object?["issues"] as? [[String: Any]] ?? []
      // `a` was missing in German at v1 already; `c` is new; `b`'s English changed alone.
      #expect(
        issues.map { "\($0["kind"] ?? "") \($0["key"] ?? "")" } == ["source-changed b", "missing-key c"],
        "\(revision)")
    }
    let text = try LintCLI.glossa(["lint", "Resources/Bundle", "--since", "HEAD~1"], in: folder)
    #expect(
      text.stdout.contains(
        "“b”: The source changed since HEAD~1 from “Two” to “Two more”; the translation did not change and may be stale."
      ))
    #expect(text.stdout.hasSuffix("1 error, 0 warnings, 1 info — missing-key 1, source-changed 1\n"))
    for format in ["sarif", "github", "csv", "markdown"] {
      let run = try LintCLI.glossa(["lint", "Resources/Bundle", "--since", "HEAD~1", "--format", format], in: folder)
      #expect(run.status == 1, "\(format)")
      #expect(run.stdout.contains("source-changed"), "\(format)")
      #expect(!run.stdout.contains("“a”"), "\(format): a was missing before")
      #expect(run.stdout.contains("“c”") || run.stdout.contains("\"c\""), "\(format)")
    }
  }

  @Test func withoutSinceEverythingIsReportedAndNothingIsSourceChanged() throws {
    let (repo, _) = try Self.repository()
    let run = try LintCLI.glossa(["lint", "app/Resources/Bundle", "--format", "csv"], in: repo.url)
    #expect(run.stdout.contains("\"a\""))
    #expect(!run.stdout.contains("source-changed"))
  }

  @Test func aBundleTheRevisionLacksMakesEveryFindingNewAndSaysSo() throws {
    let repo = try GitScratch()
    try repo.write(["README": "x\n"])
    try repo.commit("first")
    try repo.write([Self.english: "\"a\" = \"One\";\n", Self.german: "\"b\" = \"Zwei\";\n"])
    try repo.commit("second")
    let run = try LintCLI.glossa(["lint", "app/Resources/Bundle", "--since", "HEAD~1"], in: repo.url)
    #expect(run.status == 1)
    #expect(run.stderr.contains("glossa: warning: app/Resources/Bundle is not in HEAD~1 ("))
    #expect(run.stderr.contains("): every finding is new"))
    #expect(run.stdout.contains("missing-key"))
    #expect(run.stdout.contains("extra-key"))
  }

  @Test func aZipTrackedInGitIsReadFromItsBlob() throws {
    let repo = try GitScratch()
    let scratch = TemporaryFolder()
    for (step, german) in ["\"b\" = \"Zwei\";\n", ""].enumerated() {
      try repo.write([
        "remote/Resources/en.lproj/Localizable.strings": "\"a\" = \"One\";\n\"b\" = \"Two\";\n",
        "remote/Resources/de.lproj/Localizable.strings": german,
      ])
      let zip = scratch.url.appendingPathComponent("remote\(step).zip").path
      let pack = try LintCLI.glossa(["pack", repo.url.appendingPathComponent("remote").path, "-o", zip])
      #expect(pack.status == 0, "\(pack.stderr)")
      try repo.write("app/remote.zip", try Data(contentsOf: URL(fileURLWithPath: zip)))
      try repo.commit("zip \(step)")
    }
    let run = try LintCLI.glossa(["lint", "app/remote.zip", "--since", "HEAD~1", "--format", "csv"], in: repo.url)
    let rows = run.stdout.split(whereSeparator: \.isNewline).dropFirst()
    // `a` was missing before; `b` is missing now.
    #expect(rows.count == 1, "\(run.stdout)")
    #expect(rows.first?.contains("\"missing-key\",\"error\",,\"de\",\"Localizable\",\"b\"") == true)
  }

  @Test func aLoneTableFileKeepsItsLanguageFromItsFolder() throws {
    let (repo, _) = try Self.repository()
    let run = try LintCLI.glossa(
      ["lint", "app/Resources/Bundle/de.lproj/Localizable.strings", "--since", "HEAD~1", "--format", "csv"],
      in: repo.url)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.status == 0, "\(run.stdout)")
  }

  @Test func errorsNameTheProblem() throws {
    let (repo, _) = try Self.repository()
    let unknown = try LintCLI.glossa(["lint", "app/Resources/Bundle", "--since", "no-such-tag"], in: repo.url)
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "glossa: app/Resources/Bundle: unknown revision 'no-such-tag'\n")
    let outside = TemporaryFolder()
    try FileManager.default.createDirectory(
      at: outside.url.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
    try Data("\"a\" = \"One\";\n".utf8).write(to: outside.url.appendingPathComponent("en.lproj/Localizable.strings"))
    let notRepository = try LintCLI.glossa(["lint", outside.url.path, "--since", "HEAD"])
    #expect(notRepository.status == 2)
    #expect(notRepository.stderr.hasPrefix("glossa: \(outside.url.path): not inside a git work tree"))
    let noGit = try LintCLI.glossa(
      ["lint", "app/Resources/Bundle", "--since", "HEAD"], environment: ["PATH": outside.url.path], in: repo.url)
    #expect(noGit.status == 2)
    #expect(
      noGit.stderr
        == "glossa: app/Resources/Bundle: git is not installed (no git on PATH); install git to compare with a revision\n"
    )
    let url = try LintCLI.glossa(["lint", "https://example.com/strings.zip", "--since", "HEAD"])
    #expect(url.status == 2)
    #expect(url.stderr.contains("--since reads the bundle from git"))
  }

  /// A scratch folder removed when the test ends.
  final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-since-\(UUID().uuidString)")
    init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
  }
}
