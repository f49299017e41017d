import Foundation
import Testing
import GlossaTestSupport

/// The committed table is exactly what `python3 scripts/gen_plurals.py` writes from the corpus.
@Suite(.timeLimit(.minutes(10))) struct PluralDataGenerationTests {
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  private static let plurals = "cldr/cldr-json/cldr-core/supplemental/plurals.json"
  private static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test(.corpus, .enabled(if: python != nil, "python3 is not installed"))
  func regeneratedTableIsByteIdentical() throws {
    let cldr = try Corpus.root().appendingPathComponent(Self.plurals)
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("glossa-plurals-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: output) }
    let run = try TestProcess.run(
      try #require(Self.python),
      [
        Self.packageRoot.appendingPathComponent("scripts/gen_plurals.py").path, "--cldr", cldr.path, "--output",
        output.path,
      ],
      timeLimit: 120)
    #expect(run.status == 0, "\(run.stderrText)")
    let regenerated = try Data(contentsOf: output)
    let committed = try Data(
      contentsOf: Self.packageRoot.appendingPathComponent("Sources/GlossaCore/Plurals/PluralRules+Data.swift"))
    #expect(regenerated == committed, "PluralRules+Data.swift is stale: run python3 scripts/gen_plurals.py")
  }
}
