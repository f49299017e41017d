import Testing

@testable import GlossaCore
@testable import GlossaTUI

/// A save names every file it wrote: six in the status line, and past six all of them in the
/// detail pane (both sides' of one `w`), until the next key.
@Suite(.timeLimit(.minutes(5))) struct SaveReportTests {
  private static func report(_ count: Int, _ prefix: String) -> SaveReport {
    var report = SaveReport()
    report.written = (0..<count).map { "\(prefix)\($0).lproj/Localizable.strings" }
    return report
  }

  @Test func aSaveOfManyFilesListsThemAllInTheDetailPane() {
    var state = Fixtures.state(width: 120, height: 50, remote: true)
    _ = state.update(.saved(.local, .success(Self.report(3, "l"))))
    #expect(state.message?.text.contains("l2.lproj/Localizable.strings") == true)
    #expect(state.saves.repackReport == nil, "three files fit the status line")
    _ = state.update(.saved(.local, .success(Self.report(10, "l"))))
    let text = state.message?.text ?? ""
    #expect(text.contains("l5.lproj/Localizable.strings and 4 more (all listed below)"), "\(text)")
    let lines = state.saves.repackReport ?? []
    #expect(lines.first == "Wrote 10 files of the local bundle:")
    #expect(lines.count == 11)
    #expect(lines.contains("  l9.lproj/Localizable.strings"))
    let pane = state.render().text
    #expect(pane.contains("l9.lproj/Localizable.strings"))
    _ = state.press(.char("j"))
    #expect(state.saves.repackReport == nil)
  }
}
