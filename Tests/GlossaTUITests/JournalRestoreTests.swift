import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// The crash journal restores every kind of unsaved change: after a session makes changes and
/// is killed (nothing saved), a new session over the same files that restores the journal —
/// written to disk and read back — holds exactly the documents the first one held.
@Suite(.timeLimit(.minutes(10))) struct JournalRestoreTests {
  /// The journal `state` would have on disk, written and read back through a `JournalStore`.
  static func roundTrip(_ state: AppState) throws -> EditJournal {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JournalStore(directory: directory)
    try store.write(EditJournal(bundle: "/bundle", edits: state.editing.journal[.local] ?? []))
    return try #require(try store.read(forBundle: "/bundle"))
  }

  /// Restores `journal` into `fresh` (answering the restore question) and expects every table's
  /// bytes to be those of `edited`.
  static func expectRestored(_ journal: EditJournal, into fresh: AppState, matches edited: AppState) {
    var restored = AppState(
      local: fresh.local, checks: .none, plurals: Fixtures.plurals, width: 100, height: 30, journals: [.local: journal])
    #expect(restored.scope == .choicePrompt)
    restored.press(.char("y"))
    #expect(restored.message?.isError != true, "\(restored.message?.text ?? "")")
    #expect(!edited.local.tables.isEmpty)
    for table in edited.local.tables {
      let back = restored.local.tables.first { $0.path == table.path }
      #expect(
        back?.document.serialized() == table.document.serialized(), "\(table.path) differs after restoring the journal")
    }
    #expect(restored.isDirty == edited.isDirty)
  }

  @Test func valueEditsAndDeletionsOfEntriesAndPluralFormsAreRestored() throws {
    let polishPlurals = ReviewActionsTests.englishPlurals.replacingOccurrences(
      of: "<key>one</key>\n      <string>%d hike</string>",
      with:
        "<key>zero</key>\n      <string>%d wędrówek (zero)</string>\n      <key>one</key>\n      <string>%d wędrówka</string>"
    )
    let root = try ReviewActionsTests.folder(plurals: polishPlurals)
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try ReviewActionsTests.state(root)
    let untouched = try ReviewActionsTests.state(root)
    // A deletion of an entry (the duplicate toolbar.save).
    #expect(state.selectedRow?.key == "toolbar.save")
    state.press(.char("x"))
    // A value edit.
    state.press(.char("j"), .char("e"), .ctrl("w"))
    state.type("Zaloguj się")
    state.press(.enter)
    #expect(
      state.local.value(at: ValueAddress(language: "pl", table: "Localizable", key: "login.title")) == "Zaloguj się")
    // A deletion of one plural form, then of a whole family.
    state.focus(language: "pl", table: "Localizable")
    let row = try #require(state.browse.visible.map { state.browse.rows[$0] }.firstIndex { $0.key == "%d hikes" })
    state.press(.char("g"))
    for _ in 0..<row { state.press(.char("j")) }
    state.press(.tab)
    let zero = try #require(state.detailFields.firstIndex { $0.category == .zero })
    for _ in 0..<zero { state.press(.char("j")) }
    state.press(.char("x"))
    #expect(state.message?.text == "Deleted the zero form of %d hikes (local); u undoes, w saves")
    let journal = try Self.roundTrip(state)
    #expect(journal.edits.count >= 3)
    Self.expectRestored(journal, into: untouched, matches: state)
    // The whole family deleted too.
    state.press(.tab, .char("x"))
    #expect(state.message?.text.hasPrefix("Deleted 2 forms of %d hikes") == true)
    Self.expectRestored(try Self.roundTrip(state), into: untouched, matches: state)
  }

  @Test func reviewStateChangesAreRestored() throws {
    var state = CatalogReviewTests.state()
    // fr "Hello" is stale: mark it reviewed; fr "Tap" mac needs_review, other translated: mark
    // the key needs_review.
    state.press(.char("r"))
    state.press(.char("j"), .char("v"))
    let catalog = try #require(state.local.catalog(table: "Localizable"))
    #expect(catalog.unit(at: CatalogUnitPath(key: "Hello", language: "fr"))?.state == .translated)
    #expect(catalog.unit(at: CatalogUnitPath(key: "Tap", language: "fr", device: "other"))?.state == .needsReview)
    let journal = try Self.roundTrip(state)
    #expect(journal.edits.count == 2)
    #expect(journal.edits.allSatisfy { $0.states?.isEmpty == false })
    Self.expectRestored(journal, into: CatalogReviewTests.state(), matches: state)
    // An undone marking is journaled too: restoring gives the states after the undo.
    state.press(.char("u"))
    #expect(
      state.local.catalog(table: "Localizable")?.unit(at: CatalogUnitPath(key: "Tap", language: "fr", device: "other"))?
        .state == .translated)
    Self.expectRestored(try Self.roundTrip(state), into: CatalogReviewTests.state(), matches: state)
  }

  @Test func aJournalOfAnOlderVersionWithoutStatesStillReads() throws {
    let json = """
      {"version": 1, "bundle": "/bundle", "written": "2026-11-20T10:00:00Z", "edits": [
        {"address": {"language": "de", "table": "Localizable", "key": "k"}, "oldValue": "a", "newValue": "b"}]}
      """
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let journal = try decoder.decode(EditJournal.self, from: Data(json.utf8))
    #expect(journal.edits.first?.states == nil)
    #expect(journal.edits.first?.newValue == "b")
  }
}
