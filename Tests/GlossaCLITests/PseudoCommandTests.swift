import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// `glossa pseudo` and the review's pseudo preview, run as a user would: the built binary on a
/// copy of `SampleBundles/`, every other file diffed afterwards.
@Suite("glossa pseudo and the review's P preview", .serialized)
struct PseudoCommandTests {
  @Test func pseudoWritesALanguageThatLintsCleanApartFromOverlongValues() throws {
    let workspace = try MatrixWorkspace()
    let run = try GlossaBinary.run(["pseudo", "SampleBundles/local", "--expand", "300"], in: workspace.root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("pseudo en-XA from en (+300 %): 26 values in 4 files\n"), "\(run.stdout)")
    #expect(run.stdout.contains("  new SampleBundles/local/Resources/en-XA.lproj/Localizable.stringsdict\n"))
    // Only files of the new language were added; nothing else changed.
    let after = try workspace.snapshot()
    for (path, data) in workspace.original { #expect(after[path] == data, "\(path)") }
    let added = Set(after.keys).subtracting(workspace.original.keys)
    #expect(added.count == 4 && added.allSatisfy { $0.contains("/en-XA.lproj/") }, "\(added)")
    let strings = try #require(after["SampleBundles/local/Resources/en-XA.lproj/Localizable.strings"])
    let text = String(decoding: strings, as: UTF8.self)
    #expect(text.contains(#""greeting" = "[Ĥî %1$@, ĥåþþý %2$@!"#), "\(text)")
    #expect(text.contains("/* Sign-in screen title. max-length: 20 */"))

    // Lint: the pseudo language has overlong findings and nothing else.
    let lint = try GlossaBinary.run(["lint", "SampleBundles/local", "--format", "json"], in: workspace.root)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])
    let findings = try #require(report["issues"] as? [[String: Any]])
    let pseudo = findings.filter { $0["language"] as? String == "en-XA" }
    #expect(!pseudo.isEmpty)
    #expect(Set(pseudo.compactMap { $0["kind"] as? String }) == ["overlong"], "\(pseudo)")

    // A second run refuses to overwrite without --replace, then rewrites with it.
    let again = try GlossaBinary.run(["pseudo", "SampleBundles/local"], in: workspace.root)
    #expect(again.status == 2)
    #expect(again.stderr.contains("language en-XA exists already; pass --replace"), "\(again.stderr)")
    let replaced = try GlossaBinary.run(["pseudo", "SampleBundles/local", "--replace"], in: workspace.root)
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(replaced.stdout.contains("  written SampleBundles/local/Resources/en-XA.lproj/Localizable.strings\n"))
    let clean = try GlossaBinary.run(["lint", "SampleBundles/local", "--format", "json"], in: workspace.root)
    #expect(!clean.stdout.contains("\"en-XA\""), "at +40 % every sample value fits its max-length")
  }

  @Test func pseudoRefusesWhatCannotHoldAnotherLanguage() throws {
    let workspace = try MatrixWorkspace()
    let single = try GlossaBinary.run(
      ["pseudo", "SampleBundles/local/Resources/en.lproj/Localizable.strings"], in: workspace.root)
    #expect(single.status == 2)
    #expect(single.stderr.contains("one table file holds one language"), "\(single.stderr)")
    let badGrowth = try GlossaBinary.run(["pseudo", "SampleBundles/local", "--expand", "900"], in: workspace.root)
    #expect(badGrowth.status == 2)
    #expect(badGrowth.stderr.contains("--expand must be between 0 and 400"), "\(badGrowth.stderr)")
    #expect(try workspace.snapshot() == workspace.original)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func thePreviewMarksWhatWouldNotFitAndChangesNoFile() throws {
    let workspace = try MatrixWorkspace()
    let tmux = try TmuxSession(
      workspace: workspace.root, arguments: ["review", "SampleBundles/local", "--pseudo-expand", "100"], width: 120,
      height: 36)
    defer { tmux.close() }
    try tmux.waitForFullLoad()
    try tmux.pickLanguage("de")
    tmux.keys("P")
    try tmux.wait(for: "pseudo +100%")
    // "Start" doubled is 10 columns, brackets included: within hike.start's max-length of 12.
    #expect(tmux.screen().contains("[Šţåŕţ~~~]"), "\(tmux.screen())")
    tmux.keys("W")
    try tmux.wait(for: "Filter won't fit")
    let screen = tmux.screen()
    // German doubled: "Aufzeichnung starten" (20 → 40 columns) is over hike.start's 12.
    #expect(screen.contains("hike.start"), "\(screen)")
    tmux.keys("P")
    try tmux.wait(for: "Pseudo-localization preview off")
    try tmux.quit()
    #expect(try workspace.snapshot() == workspace.original)
  }
}
