import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// What a terminal delivers besides keys, through the review loop in-process: a click and the
/// wheel, a paste (typed into a value as it is, refused outside the editor), a new window size.
@Suite("Review loop: mouse, paste and resize", .timeLimit(.minutes(10)))
struct TerminalInputLoopTests {
  @Test func aClickSelectsTheRowAndTheWheelScrolls() throws {
    let workspace = try EditAndSaveLoopTests.workspace()
    // The list's rows start on line 3: a press on the third row.
    let outcome = try workspace.review("bundle", language: "de").run(
      width: 80, height: 24,
      [
        .fullyLoaded, .mouse(MouseEvent(.press, x: 10, y: 5)), .waitFor("─ button.ok "),
        .perform { #expect($0.lines[5].contains("▸button.ok"), "\($0.screen)") },
        .mouse(MouseEvent(.wheelUp, x: 10, y: 5)), .waitFor("─ welcome.title "),  // three rows up: the first
        .mouse(MouseEvent(.wheelDown, x: 10, y: 5)), .waitFor("─ button.ok "),  // three down: the last
        .key(.char("q")),
      ])
    #expect(outcome.status == 0)
    #expect(outcome.state.selectedRow?.key == "button.ok")
  }

  @Test func aPasteIsTypedIntoTheEditorAsItIsAndNowhereElse() throws {
    let workspace = try EditAndSaveLoopTests.workspace()
    let outcome = try workspace.review("bundle", language: "de").run(
      width: 80, height: 24,
      [
        .fullyLoaded, .paste("xq"), .waitFor("Pasted text goes into a value"),
        .key(.char("e")), .waitFor("─ Editing welcome.title (local)"), .key(.home), .type("A"), .key(.end),
        .paste(" 👍🏽"), .type("Z"), .key(.enter), .waitFor("Edited welcome.title"),
        .key(.char("w")), .waitFor("Saved the local bundle"), .key(.char("q")),
      ])
    #expect(outcome.status == 0)
    let saved = try workspace.text("bundle/de.lproj/Localizable.strings")
    #expect(
      saved
        == EditAndSaveLoopTests.german.replacingOccurrences(
          of: "\"Willkommen in unserer wunderbaren App\"", with: "\"AWillkommen in unserer wunderbaren App 👍🏽Z\""))
  }

  @Test func aNewWindowSizeIsDrawnWholeAndTooSmallAWindowTakesNoKeys() throws {
    let workspace = try EditAndSaveLoopTests.workspace()
    let outcome = try workspace.review("bundle", language: "de").run(
      width: 80, height: 24,
      [
        .fullyLoaded, .resize(width: 120, height: 40),
        .waitUntil("a frame of 120 × 40") { $0.frames.last.map { ($0.width, $0.height) == (120, 40) } ?? false },
        .perform { terminal in
          #expect(terminal.lines.contains { $0.hasPrefix("─") && $0.count == 120 }, "\(terminal.screen)")
          #expect(terminal.screen.contains("Source (en)"), "\(terminal.screen)")
        },
        .resize(width: 30, height: 8),
        .waitUntil("a frame of 30 × 8") { $0.frames.last.map { ($0.width, $0.height) == (30, 8) } ?? false },
        // Dropped while the window is too small to show the review.
        .key(.char("j")), .resize(width: 80, height: 24), .waitFor("welcome.title"),
        .perform { #expect($0.lines[3].contains("▸welcome.title"), "the j was not taken:\n\($0.screen)") },
        .key(.char("q")),
      ])
    #expect(outcome.status == 0)
    #expect(outcome.state.selectedRow?.key == "welcome.title")
  }
}
