import GlossaCore
import Testing

@testable import GlossaTUI

/// Saving off the input loop: the bundle says what was saved, edits made meanwhile stay
/// unsaved, and a file changed on disk asks to reload or overwrite.
@Suite(.timeLimit(.minutes(10))) struct SaveFlowTests {
  static let title = ValueAddress(language: "de", table: "Localizable", key: "welcome.title")
  static let ok = ValueAddress(language: "de", table: "Localizable", key: "button.ok")

  @Test func anEditMadeWhileSavingStaysUnsavedAndJournaled() {
    var state = Fixtures.state()
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    let saved = state.savedEvent(.local)  // the loop saves a copy taken now
    // Keys keep working during the save: edit another value.
    state.press(.char("j"), .char("e"), .ctrl("u"))
    state.type("Jawohl")
    state.press(.enter)
    #expect(state.render().lines[1].contains("saving…"))
    #expect(state.press(.char("w")).isEmpty)  // one save per side at a time
    #expect(state.message?.text == "Already saving…")
    let effects = state.update(saved)
    #expect(!state.local.isEdited(Self.title))
    #expect(state.local.isEdited(Self.ok))
    #expect(state.isDirty)
    #expect(state.editedAddresses.map(\.address) == [Self.ok])
    // The journal keeps only the edit the save did not cover.
    guard case .writeJournal(.local, let left) = effects.first else {
      Issue.record("expected a journal write, got \(effects)")
      return
    }
    #expect(left.map(\.address) == [Self.ok])
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    #expect(state.update(state.savedEvent(.local)) == [.removeJournal(.local)])
    #expect(!state.isDirty)
  }

  @Test func aFileChangedOnDiskAsksToReloadOrOverwrite() {
    var state = Fixtures.state()
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    _ = state.press(.char("w"))
    #expect(state.update(.saved(.local, .failure(.changedOnDisk("Sample/Local/de.lproj/Localizable.strings")))).isEmpty)
    #expect(state.scope == .choicePrompt)
    #expect(state.render().text.contains("changed on disk"))
    #expect(state.isDirty)
    var overwriting = state
    #expect(overwriting.press(.char("o")) == [.save(.local, overwriting: true)])
    #expect(state.press(.char("r")) == [.reload(.local)])

    // The side read again (someone added a key) takes the unsaved edit on top.
    var fresh = Fixtures.local
    try? fresh.setValue("Neu", forKey: "added.elsewhere", language: "de", table: "Localizable")
    fresh.markSaved(
      try! {
        var copy = fresh; return try copy.save()
      }())
    let effects = state.update(.reloaded(.local, .success(fresh)))
    #expect(state.local.value(at: ValueAddress(language: "de", table: "Localizable", key: "added.elsewhere")) == "Neu")
    #expect(state.local.value(at: Self.title) == "Willkommen in der wunderbaren App!")
    #expect(state.isDirty)
    #expect(effects.contains { if case .writeJournal(.local, let edits) = $0 { edits.count == 1 } else { false } })
    #expect(state.message?.text.contains("applied 1 edit") == true)
    // The re-applied edit is one undo step of the side read again.
    #expect(state.editing.history.done.map(\.edit.address) == [Self.title])
    state.press(.char("u"))
    #expect(state.local.value(at: Self.title) == "Willkommen in der wunderbaren App")
  }

  @Test func anEditWhoseValueChangedUnderneathIsReportedOnReload() {
    var state = Fixtures.state()
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    var fresh = Fixtures.local
    try? fresh.setValue("Hallo!", forKey: "welcome.title", language: "de", table: "Localizable")
    _ = state.update(.reloaded(.local, .success(fresh)))
    #expect(state.local.value(at: Self.title) == "Hallo!")
    #expect(state.message?.isError == true)
    #expect(state.message?.text.contains("no longer applied") == true)
  }
}
