import GlossaCore
import Testing

@testable import GlossaTUI

/// The repack report counts the written zip's findings as `glossa lint` does: the review always
/// shows `missing-comment`, lint only when the config enables it, so the two agree on every count.
@Suite("Repack report counts as lint does", .timeLimit(.minutes(10)))
struct RepackCountTests {
  static func finding(_ kind: FindingKind, _ severity: Severity) -> Finding {
    Finding(
      kind: kind, severity: severity, bundle: "out.zip", language: "fr", table: "Localizable", key: "k", message: "")
  }

  @Test func optInKindsAreLeftOutUnlessTheConfigEnablesThem() {
    var state = Fixtures.state()
    state.configPath = "App/.glossa.yml"
    let found =
      [Self.finding(.missingKey, .error), Self.finding(.overlong, .warning)]
      + Array(repeating: Self.finding(.missingComment, .info), count: 3)
    _ = state.finishRepack(output: "out.zip", findings: found, error: nil)
    let report = state.saves.repackReport ?? []
    #expect(report.contains("Checked the zip as glossa lint does: 2 findings (1 errors, 1 warnings, 0 info)"))
    #expect(report.contains("Same counts: glossa lint out.zip --config App/.glossa.yml"))
    #expect(report.contains("  (3 opt-in findings such as missing-comment not counted)"))
    #expect(!report.contains("  missing-comment: 3"))
    state.checkOptions.enabled.insert(.missingComment)
    _ = state.finishRepack(output: "out.zip", findings: found, error: nil)
    #expect(state.saves.repackReport?.contains("  missing-comment: 3") == true)
  }
}
