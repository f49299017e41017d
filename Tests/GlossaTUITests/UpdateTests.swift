import GlossaCore
import Testing
@testable import GlossaTUI

@Suite(.timeLimit(.minutes(10))) struct UpdateTests {
  @Test func startsOnTheFirstTranslationWithFindingsMarked() {
    let state = Fixtures.state()
    #expect(state.language == "de")
    #expect(state.table == "Localizable")
    #expect(
      state.browse.rows.map(\.key) == ["welcome.title", "button.ok", "greeting", "files.count", "settings.title"])
    #expect(state.browse.rows[0].worstFinding?.kind == .overlong)
    #expect(state.browse.rows[3].isPlural)
  }

  @Test func movementClampsAndPagesAndScrolls() {
    var state = Fixtures.state()
    state.press(.char("j"), .down, .char("j"))
    #expect(state.selectedRow?.key == "files.count")
    state.press(.char("G"))
    #expect(state.selectedRow?.key == "settings.title")
    state.press(.char("j"))
    #expect(state.browse.selection == 4)
    state.press(.char("g"), .char("k"))
    #expect(state.browse.selection == 0)
  }

  @Test func languageAndTableSwitchingWrapsRound() {
    var state = Fixtures.state()
    state.press(.char("l"))
    #expect(state.language == "ja")
    state.press(.char("l"), .char("l"))
    #expect(state.language == "en")
    state.press(.char("h"))
    #expect(state.language == "ru")
    state.press(.char("L"))
    #expect(state.scope == .picker)
    state.press(.char("k"), .enter)
    #expect(state.language == "ja")
    #expect(state.browse.rows.first { $0.key == "button.ok" }?.worstFinding?.kind == .missingKey)
  }

  @Test func eachFilterShowsOnlyItsRows() {
    var state = Fixtures.state()
    state.press(.char("l"), .char("l"))  // ru
    func keys(_ key: Character) -> [String] {
      state.press(.char(key))
      return state.browse.visible.map { state.browse.rows[$0].key }
    }
    #expect(keys("p") == ["files.count"])
    #expect(keys("m") == [])
    #expect(state.message?.text.contains("No keys match the filter missing") == true)
    #expect(keys("a").count == 5)
    state.press(.char("h"))  // ja
    #expect(keys("m") == ["button.ok"])
    #expect(keys("!") == ["welcome.title", "button.ok"])
    #expect(keys("o") == ["welcome.title"])
    state.press(.char("f"))
    #expect(state.browse.filter == .plural)
  }

  @Test func incrementalSearchJumpsAndNextWrapsAndCancelRestores() {
    var state = Fixtures.state()
    state.press(.char("/"))
    #expect(state.scope == .search)
    state.type("dat")
    #expect(state.selectedRow?.key == "files.count")  // "%d Datei" in de
    state.press(.enter)
    #expect(state.search.searchTerm == "dat")
    state.press(.char("n"))
    #expect(state.selectedRow?.key == "files.count")
    #expect(state.message?.text.contains("Wrapped") == true)
    state.press(.char("/"))
    state.type("zzz")
    #expect(state.selectedRow?.key == "files.count")
    state.press(.escape)
    #expect(state.scope == .list)
    #expect(state.selectedRow?.key == "files.count")
  }

  @Test func nextFindingWalksEveryFindingAcrossLanguages() {
    var state = Fixtures.state()
    state.press(.char("l"))  // ja: welcome.title overlong, button.ok missing
    #expect(state.selectedRow?.key == "welcome.title")
    state.press(.char("]"))
    #expect(state.language == "ja")
    #expect(state.selectedRow?.key == "button.ok")
    #expect(state.message?.text.hasPrefix("3/4 missing-key") == true)
    state.press(.char("]"))  // on to ru, whose plural family lacks "many"
    #expect(state.language == "ru")
    #expect(state.selectedRow?.key == "files.count")
    state.press(.char("]"))  // past the last finding: round to de's first
    #expect(state.language == "de")
    #expect(state.selectedRow?.key == "welcome.title")
    #expect(state.message?.text.hasPrefix("Wrapped round to the first finding") == true)
    state.press(.char("["), .char("["))
    #expect(state.language == "ja")
    #expect(state.selectedRow?.key == "button.ok")
  }

  @Test func editingAMissingKeyAddsItPrefilledAndUpdatesFindings() {
    var state = Fixtures.state()
    state.press(.char("l"), .char("]"))  // ja, button.ok
    state.press(.char("e"))
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing")
      return
    }
    #expect(session.editor.text == "OK")
    #expect(session.original == nil)
    #expect(session.findings.isEmpty)
    state.press(.ctrl("w"))
    state.type("了解")
    let effects = state.press(.enter)
    #expect(state.local.value(at: ValueAddress(language: "ja", table: "Localizable", key: "button.ok")) == "了解")
    #expect(state.selectedRow?.findings.isEmpty == true)
    #expect(state.selectedRow?.isEdited == true)
    #expect(state.isDirty)
    #expect(effects.count == 1)
    guard case .writeJournal(.local, let edits) = effects.first else {
      Issue.record("expected a journal write, got \(effects)")
      return
    }
    #expect(
      edits == [
        Edit(
          address: ValueAddress(language: "ja", table: "Localizable", key: "button.ok"), oldValue: nil, newValue: "了解")
      ])
  }

  @Test func committingTheValueAnEntryAlreadyHasIsNoEdit() {
    var state = Fixtures.state()
    let before = state.local.tables.map { $0.document.serialized() }
    var effects = state.press(.char("e"), .enter)  // de welcome.title, prefilled with its value
    state.press(.char("e"), .ctrl("u"))
    state.type("Willkommen in der wunderbaren App")
    effects += state.press(.enter)
    #expect(effects.isEmpty)
    #expect(state.message?.text == "No change")
    #expect(!state.isDirty)
    #expect(state.editing.journal.isEmpty)
    #expect(!state.editing.history.canUndo)
    #expect(state.browse.rows.allSatisfy { !$0.isEdited })
    #expect(!state.local.hasUnsavedChanges)
    #expect(state.local.tables.map { $0.document.serialized() } == before)
  }

  @Test func findingsUpdateAsYouType() {
    var state = Fixtures.state()
    state.press(.char("e"))  // de welcome.title, overlong
    guard case .editing(let before) = state.mode else {
      Issue.record("expected .editing, found \(state.mode)")
      return
    }
    #expect(before.findings.map(\.kind) == [.overlong])
    state.press(.ctrl("u"))
    state.type("Willkommen")
    guard case .editing(let typed) = state.mode else {
      Issue.record("expected .editing, found \(state.mode)")
      return
    }
    #expect(typed.findingsStale)
    #expect(state.wantsIdle)
    _ = state.update(.idle)
    guard case .editing(let after) = state.mode else {
      Issue.record("expected .editing, found \(state.mode)")
      return
    }
    #expect(after.findings.isEmpty)
    #expect(!state.wantsIdle)
    state.press(.escape)
    #expect(state.browse.rows[0].local == "Willkommen in der wunderbaren App")
    #expect(!state.isDirty)
  }

  @Test func undoRedoRestoreValuesAndJournal() {
    var state = Fixtures.state()
    state.press(.char("e"), .ctrl("u"))
    state.type("Hallo")
    state.press(.enter)
    let address = ValueAddress(language: "de", table: "Localizable", key: "welcome.title")
    #expect(state.local.value(at: address) == "Hallo")
    let undo = state.press(.char("u"))
    #expect(state.local.value(at: address) == "Willkommen in der wunderbaren App")
    #expect(!state.isDirty)
    #expect(state.browse.rows[0].worstFinding?.kind == .overlong)
    // Back to what the file holds: no journal, so no later offer to restore edits that
    // change nothing.
    #expect(undo.first == .removeJournal(.local))
    let redo = state.press(.ctrl("r"))
    #expect(state.local.value(at: address) == "Hallo")
    #expect(state.isDirty)
    guard case .writeJournal(.local, let edits) = redo.first else {
      Issue.record("expected a journal write, got \(redo)")
      return
    }
    #expect(edits.map(\.newValue) == ["Hallo"])
    state.press(.char("u"), .char("u"))
    #expect(state.message?.text == "Nothing to undo")
  }

  @Test func fillingAMissingPluralCategory() {
    var state = Fixtures.state()
    state.press(.char("l"), .char("l"), .char("p"))  // ru, plural filter
    #expect(state.selectedRow?.key == "files.count")
    state.press(.char("e"))
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing")
      return
    }
    #expect(session.address.plural == .many)
    #expect(session.editor.text == "%d files")
    state.press(.ctrl("u"))
    state.type("%d файлов")
    state.press(.enter)
    #expect(state.pluralForms(of: state.browse.rows[3], side: .local)[.many] == "%d файлов")
    #expect(state.browse.rows[3].findings.isEmpty)
  }

  @Test func detailPaneFieldsSelectPluralForms() {
    var state = Fixtures.state()
    state.press(.char("l"), .char("l"), .char("p"), .tab)
    #expect(state.detailFields.map(\.category) == [.one, .few, .many, .other])
    state.press(.char("j"), .enter)
    guard case .editing(let session) = state.mode else {
      Issue.record("expected .editing, found \(state.mode)")
      return
    }
    #expect(session.address.plural == .few)
    #expect(session.editor.text == "%d файла")
  }

  @Test func quitAsksWhenDirtyAndSaveThenQuits() {
    var state = Fixtures.state()
    #expect(state.press(.char("q")) == [.quit])
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    #expect(state.press(.char("q")).isEmpty)
    #expect(state.scope == .choicePrompt)
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    #expect(state.update(state.savedEvent(.local)) == [.removeJournal(.local), .quit])
    #expect(!state.isDirty)
  }

  @Test func quitDiscardRemovesTheJournal() {
    var state = Fixtures.state()
    state.press(.char("e"))
    state.type("!")
    state.press(.enter, .char("q"))
    #expect(state.press(.char("d")) == [.removeJournal(.local), .quit])
  }

  @Test func saveFailureKeepsEditsAndSaysWhy() {
    var state = Fixtures.state()
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    #expect(state.update(.saved(.local, .failure(.writeFailed("Sample/Local", reason: "disk full")))).isEmpty)
    #expect(state.isDirty)
    #expect(state.message?.isError == true)
  }

  @Test func journalRestoreReappliesEdits() {
    let edit = Edit(
      address: ValueAddress(language: "de", table: "Localizable", key: "button.ok"), oldValue: "OK", newValue: "Okay")
    var state = AppState(
      local: Fixtures.local, checks: Fixtures.checks, journals: [.local: EditJournal(bundle: "/x", edits: [edit])])
    #expect(state.scope == .choicePrompt)
    let effects = state.press(.char("y"))
    #expect(effects == [.writeJournal(.local, [edit])])
    #expect(state.local.value(at: edit.address) == "Okay")
    #expect(state.isDirty)
    var declined = AppState(local: Fixtures.local, journals: [.local: EditJournal(bundle: "/x", edits: [edit])])
    #expect(declined.press(.char("n")) == [.removeJournal(.local)])
    #expect(!declined.isDirty)
  }

  @Test func aJournalEditThatNoLongerFitsIsReportedNotApplied() {
    let stale = Edit(
      address: ValueAddress(language: "de", table: "Localizable", key: "button.ok"), oldValue: "Okey", newValue: "Okay")
    var state = AppState(local: Fixtures.local, journals: [.local: EditJournal(bundle: "/x", edits: [stale])])
    state.press(.char("y"))
    #expect(state.local.value(at: stale.address) == "OK")
    #expect(state.message?.isError == true)
    #expect(state.message?.text.contains("0 restored") == false)
    #expect(state.message?.text.contains("1 could not be applied") == true)
    #expect(!state.isDirty)
  }

  @Test func repackAsksForPathThenVersion() {
    var state = Fixtures.state()
    state.paths = PathProbe { $0 == "/tmp/Sample" ? .directory : .missing }
    state.press(.char("R"))
    guard case .textPrompt(let prompt) = state.mode else {
      Issue.record("no prompt")
      return
    }
    #expect(prompt.editor.text == "/tmp/Sample/Local.zip")
    state.press(.enter)
    #expect(state.scope == .choicePrompt)
    #expect(state.press(.char("y")) == [.repack(.local, output: "/tmp/Sample/Local.zip", version: "13")])
    _ = state.update(
      .repacked(output: "/tmp/Sample/Local.zip", findings: Fixtures.checks.all(state.local, nil), error: nil))
    #expect(state.saves.repackReport?.first == "Wrote /tmp/Sample/Local.zip")
    #expect(AppState.bumped("1.4.9") == "1.4.10")
    #expect(AppState.bumped("beta") == nil)
  }

  /// A zip path in a folder that does not exist: the review offers to make it; no goes back to
  /// the prompt with the path as typed; a file where the folder should be is refused in the
  /// prompt, the path kept.
  @Test func repackOffersToCreateAMissingFolder() throws {
    var state = Fixtures.state()
    state.paths = PathProbe { path in
      switch path {
      case "/tmp", "/tmp/Sample": .directory
      case "/tmp/notes": .file
      default: .missing
      }
    }
    state.press(.char("R"))
    guard case .textPrompt(var prompt) = state.mode else {
      Issue.record("no prompt")
      return
    }
    prompt.editor = LineEditor("/tmp/out/new/Local.zip")
    state.mode = .textPrompt(prompt)
    state.press(.enter)
    guard case .choice(let ask) = state.mode else {
      Issue.record("no question about the missing folder")
      return
    }
    #expect(ask.question == "There is no folder /tmp/out/new. Create it and write /tmp/out/new/Local.zip?")
    // No: the prompt again, with the path typed.
    #expect(state.press(.char("n")).isEmpty)
    guard case .textPrompt(let back) = state.mode else {
      Issue.record("no goes back to the prompt")
      return
    }
    #expect(back.editor.text == "/tmp/out/new/Local.zip")
    // Yes: the version question, then the repack that makes the folder.
    state.press(.enter, .char("y"))
    #expect(state.scope == .choicePrompt)
    #expect(
      state.press(.char("n")) == [.repack(.local, output: "/tmp/out/new/Local.zip", version: nil, createFolder: true)])
    // A file in the folder's place: refused, the prompt keeps the path.
    state.press(.char("R"))
    guard case .textPrompt(var again) = state.mode else {
      Issue.record("no prompt")
      return
    }
    again.editor = LineEditor("/tmp/notes/Local.zip")
    state.mode = .textPrompt(again)
    state.press(.enter)
    guard case .textPrompt(let kept) = state.mode else {
      Issue.record("the prompt closed on a path under a file")
      return
    }
    #expect(kept.editor.text == "/tmp/notes/Local.zip")
    #expect(state.message?.text == "/tmp/notes is a file, not a folder: choose another path")
  }

  @Test func aDevelopmentLanguageEditAsksForAFullRun() {
    var state = Fixtures.state()
    state.press(.char("h"), .char("e"))  // en
    state.type("!")
    let effects = state.press(.enter)
    #expect(effects.count == 2)
    #expect(effects.last == .runChecks(generation: state.results.checkGeneration))
    #expect(state.results.checking)
    // Another source edit while that run is in flight waits for it.
    state.press(.char("j"), .char("e"))
    state.type("!")
    #expect(state.press(.enter).count == 1)
    let after = state.update(.checksFinished([], generation: state.results.checkGeneration))
    #expect(after == [.runChecks(generation: state.results.checkGeneration)])
  }

  @Test func resultsOfARunDoNotUndoFindingsOfLaterEdits() {
    var state = Fixtures.state()
    let before = Fixtures.checks.all(state.local, nil)  // computed before the edit
    _ = state.start()
    state.press(.char("e"), .ctrl("u"))
    state.type("Hallo")
    state.press(.enter)
    #expect(state.browse.rows[0].findings.isEmpty)
    _ = state.update(.checksFinished(before, generation: state.results.checkGeneration))
    #expect(state.browse.rows[0].findings.isEmpty, "the edited key is checked again after the run")
    #expect(!state.results.checking)
  }

  @Test func staleCheckResultsAreIgnored() {
    var state = Fixtures.state()
    _ = state.start()
    #expect(state.update(.checksFinished([], generation: state.results.checkGeneration - 1)).isEmpty)
    #expect(state.browse.rows[0].worstFinding?.kind == .overlong)
    #expect(state.results.checking)
  }

  @Test func aDownloadedRemoteIsRepackedNotSaved() {
    var state = Fixtures.state(remote: true)
    state.press(.char("E"))
    state.type("!")
    state.press(.enter)
    #expect(state.dirtySides == [.remote])
    // w asks where to write the download's edits as a zip, prefilled.
    #expect(state.press(.char("w")).isEmpty)
    guard case .textPrompt(let prompt) = state.mode else {
      Issue.record("no zip prompt after w")
      return
    }
    #expect(prompt.purpose == .repackPath(.remote))
    #expect(prompt.question == "The remote bundle is a download: write its edits as a zip to:")
    #expect(prompt.editor.text == "bundle-edited.zip")
    state.press(.escape)
    // R: only the remote has edits, so it is the one repacked, whatever has focus.
    state.press(.char("R"))
    guard case .textPrompt(let again) = state.mode else {
      Issue.record("no repack prompt")
      return
    }
    #expect(again.purpose == .repackPath(.remote))
    state.press(.escape)
    // Quitting never offers a save it cannot do: it offers the zip.
    state.press(.char("q"))
    guard case .choice(let ask) = state.mode else {
      Issue.record("no quit question")
      return
    }
    #expect(ask.question == "1 unsaved edit in the downloaded remote. Write it as a zip before quitting?")
    #expect(ask.answers == [.answerYes, .answerDiscard])
    #expect(state.press(.char("w")).isEmpty, "w is not an answer here")
    #expect(state.press(.char("y")).isEmpty)
    guard case .textPrompt(let zip) = state.mode else {
      Issue.record("yes did not ask where to write the zip")
      return
    }
    #expect(zip.purpose == .repackPath(.remote))
    #expect(state.saves.quitAfterRepack)
    // The zip written: the review quits (and the download's journal goes).
    let effects = state.update(.repacked(output: "bundle-edited.zip", findings: [], error: nil))
    #expect(effects.last == .quit)
    #expect(!state.saves.quitAfterRepack)
  }

  @Test func cancellingTheZipOnQuitKeepsTheReviewOpen() {
    var state = Fixtures.state(remote: true)
    state.press(.char("E"))
    state.type("!")
    state.press(.enter)
    state.press(.char("q"), .char("y"))
    state.press(.escape)
    #expect(state.mode == .browse)
    #expect(!state.saves.quitAfterRepack)
    #expect(state.message?.text == "Repack cancelled; the review stays open")
  }

  @Test func repackAsksWhichSideWhenBothCouldBeMeant() {
    var state = Fixtures.state(remote: true)
    state.press(.char("R"))
    guard case .choice(let ask) = state.mode else {
      Issue.record("R did not ask which bundle")
      return
    }
    #expect(ask.question == "Repack which bundle as a zip?")
    #expect(ask.answers == [.answerLocal, .answerRemote])
    state.press(.char("L"))
    guard case .textPrompt(let prompt) = state.mode else {
      Issue.record("no repack prompt")
      return
    }
    #expect(prompt.purpose == .repackPath(.local))
    state.press(.escape)
    // With edits on one side only, that side is meant.
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    state.press(.char("R"))
    guard case .textPrompt(let local) = state.mode else {
      Issue.record("no repack prompt")
      return
    }
    #expect(local.purpose == .repackPath(.local))
  }

  @Test func remoteColumnsAndChangedFilter() {
    var state = Fixtures.state(remote: true)
    state.press(.char("c"))
    #expect(state.browse.visible.map { state.browse.rows[$0].key } == ["settings.title"])
    #expect(state.selectedRow?.effective == "Optionen")
    state.press(.char("E"))
    guard case .editing(let session) = state.mode else {
      Issue.record("expected .editing, found \(state.mode)")
      return
    }
    #expect(session.side == .remote)
  }
}

/// The journal goes only when the files would hold every byte of the state: a value changed
/// only in normalization looks unedited (strings compare canonically) but is not on disk.
@Suite(.timeLimit(.minutes(10))) struct JournalWhenCleanTests {
  @Test func aNormalizationOnlyEditKeepsTheJournal() throws {
    var state = Fixtures.state()
    while state.language != "ja" { state.press(.char("l")) }
    let address = ValueAddress(language: "ja", table: "Localizable", key: "welcome.title")
    let current = try #require(state.local.value(at: address))
    let decomposed = current.decomposedStringWithCanonicalMapping
    #expect(Array(decomposed.utf8) != Array(current.utf8))
    state.press(.char("e"), .ctrl("u"))
    state.type(decomposed)
    let effects = state.press(.enter)
    #expect(state.local.value(at: address).map { Array($0.utf8) } == Array(decomposed.utf8))
    guard case .writeJournal(.local, let edits) = effects.first else {
      Issue.record("expected a journal write, got \(effects)")
      return
    }
    #expect(edits.count == 1)
    // Typed back as it was: the file holds it again, and the journal goes.
    state.press(.char("e"), .ctrl("u"))
    state.type(current)
    #expect(state.press(.enter).first == .removeJournal(.local))
  }
}

extension UpdateTests {
  /// A window too small for the review shows a notice; keys, clicks and pastes wait until it is
  /// larger instead of acting unseen (a deletion, a save, text typed into a draft).
  @Test func keysWaitWhileTheWindowIsTooSmall() {
    var state = Fixtures.state()
    let key = state.selectedRow?.key
    _ = state.update(.resize(width: 30, height: 8))
    #expect(state.render().text.contains("Too small"))
    state.press(.char("x"), .char("e"), .char("q"))
    _ = state.update(.paste("text"))
    _ = state.update(.mouse(MouseEvent(.press, x: 1, y: 4)))
    #expect(!state.isDirty)
    #expect(state.mode == .browse)
    _ = state.update(.resize(width: 100, height: 30))
    #expect(state.selectedRow?.key == key)
    state.press(.char("x"))
    #expect(state.isDirty, "keys act again once the review fits")
  }
}

extension UpdateTests {
  /// `w` on a downloaded remote writes its edits as a zip: once written they are saved (no
  /// `unsaved` marker, no quit question, no journal); an edit after it is unsaved again.
  @Test func aDownloadsEditsWrittenAsAZipCountAsSaved() {
    var state = Fixtures.state(remote: true)
    state.press(.char("E"))
    state.type("!")
    state.press(.enter)
    state.press(.char("w"), .enter)
    if case .choice = state.mode { state.press(.char("n")) }
    #expect(state.saves.repacking)
    #expect(state.dirtySides == [.remote], "unsaved until the zip is written")
    let effects = state.update(.repacked(output: "bundle-edited.zip", findings: [], error: nil))
    #expect(effects.contains(.removeJournal(.remote)))
    #expect(state.dirtySides.isEmpty)
    #expect(!state.isDirty)
    #expect(state.message?.text == "Wrote the remote download's edits to bundle-edited.zip")
    state.press(.char("E"))
    state.type("?")
    state.press(.enter)
    #expect(state.dirtySides == [.remote])
  }
}

extension UpdateTests {
  /// Scrolling the help stops at its last page: the last line stays at the bottom.
  @Test func theHelpScrollsNoFurtherThanItsLastLine() {
    var state = Fixtures.state()
    state.press(.char("?"))
    for _ in 0..<40 { state.press(.char("j")) }
    let screen = state.render().lines
    // The box's last content row (above its bottom border) holds text, not a blank.
    let lastRow = screen[screen.count - 3]
    #expect(lastRow.contains { $0.isLetter }, "\(screen.joined(separator: "\n"))")
    guard case .help(let scroll) = state.mode else {
      Issue.record("the help closed")
      return
    }
    #expect(scroll == max(0, HelpView.lineCount(state) - (state.height - 4)))
  }
}

extension UpdateTests {
  /// The header counts as `glossa lint` does with the same config: `missing-comment`, which the
  /// review shows on its rows anyway, is counted only when the config enables it.
  @Test func theHeaderCountsLeaveOutOptInKindsLintLeavesOut() {
    var state = Fixtures.state()
    let finding = { (kind: FindingKind, severity: Severity, key: String) in
      Finding(kind: kind, severity: severity, bundle: "b", language: "de", table: "Localizable", key: key, message: "m")
    }
    state.results.findings = FindingIndex([
      finding(.missingComment, .info, "a"), finding(.missingComment, .info, "b"), finding(.overlong, .warning, "a"),
      finding(.untranslated, .info, "c"),
    ])
    state.results.hasAllFindings = true
    #expect(state.lintCount(.info) == 1)
    #expect(state.lintCount(.warning) == 1)
    #expect(state.render().lines[1].hasSuffix("▲1 ●1"))
    state.checkOptions.enabled.insert(.missingComment)
    #expect(state.lintCount(.info) == 3)
  }
}
