import Foundation
import GlossaTestSupport
import Testing

/// `glossa review --benchmark` types a script of keys (an edit kept and undone among them) and
/// must end on every kind of bundle, whatever its last edit leaves behind: a String Catalog
/// stays changed after the undo (the edit marked its unit translated), so quitting asks, and
/// the script answers `d` (discard). It once typed `q` forever there.
@Suite("glossa review --benchmark ends on every bundle kind", .serialized)
struct ReviewBenchmarkCommandTests {
  @Test(
    "a directory, a zip, a String Catalog, a directory with a remote",
    arguments: [["local"], ["remote.zip"], ["catalog"], ["local", "remote"]])
  func ends(_ bundles: [String]) throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let paths = bundles.map { GlossaBinary.sampleBundles.appendingPathComponent($0).path }
    let result = try GlossaBinary.run(["review", "--benchmark"] + paths, timeout: 120)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("time to first screen"))
    #expect(result.stdout.contains("commit an edit (Enter)"))
    #expect(result.stdout.contains("undo (u)"))
    // Nothing was saved: the samples are unchanged.
    let status = try TestProcess.run(
      "/usr/bin/git", ["-C", GlossaBinary.packageRoot.path, "status", "--porcelain", "--", "SampleBundles"])
    #expect(status.status == 0, "\(status.stderrText)")
    #expect(status.stdoutText.isEmpty, "the benchmark changed \(status.stdoutText)")
  }

  /// A lone `.strings` file outside any `.lproj` folder has no language but the one `--lang`
  /// gives: the review used to refuse it with advice to "pass --lang", which it then ignored
  /// (there `--lang` only chose the language shown first).
  @Test("a lone .strings file opens with --lang naming its language")
  func loneFile() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    try scratch.write(["loose.strings": "\"a\" = \"Bonjour\";\n\"b\" = \"Merci\";\n"])
    let path = scratch.url.appendingPathComponent("loose.strings").path
    let refused = try GlossaBinary.run(["review", "--benchmark", path], timeout: 60)
    #expect(refused.status != 0 && refused.stderr.contains("pass --lang"))
    let result = try GlossaBinary.run(["review", "--benchmark", path, "--lang", "fr"], timeout: 120)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("bundle: 1 languages, 2 entries"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "\"a\" = \"Bonjour\";\n\"b\" = \"Merci\";\n")
  }
}
