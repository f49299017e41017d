import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// Rows are made on demand: what the filters and the search read without making a row must
/// agree with the rows themselves, on every language of the fixture bundle, with a remote side.
@Suite(.timeLimit(.minutes(10))) struct RowListTests {
  @Test(arguments: Filter.allCases.filter { $0 != .wontFit })
  func eachFilterShowsExactlyTheRowsItAdmits(_ filter: Filter) {
    var state = Fixtures.state(remote: true)
    // An edit, so the edited filter has a row to show.
    state.press(.char("j"), .char("e"))
    state.type("!")
    state.press(.enter)
    for _ in state.languages {
      state.browse.filter = filter
      state.applyFilter(keeping: nil)
      let expected = state.browse.rows.indices.filter { filter.admits(state.browse.rows[$0]) { _ in false } }
      #expect(state.browse.visible == expected, "\(filter) in \(state.language)")
      state.press(.char("l"))
    }
  }

  @Test func theSearchTextReadFromTheTablesEqualsTheRowsText() {
    var state = Fixtures.state(remote: true)
    for _ in state.languages {
      let fromTables = SearchText(state.browse.rows)
      let fromRows = SearchText(Array(state.browse.rows))
      for term in ["welcome", "%d", "ok", "datei", "файл", "title on the first", "zzz"] {
        let needle = SearchText.needle(term)
        #expect(
          state.browse.rows.indices.map { fromTables.row($0, contains: needle) }
            == state.browse.rows.indices.map { fromRows.row($0, contains: needle) }, "\(term) in \(state.language)")
      }
      state.press(.char("l"))
    }
  }

  @Test func aRowListsKeysAreTheSourceKeysThenTheOthersOnce() {
    let state = Fixtures.state(remote: true)
    let keys = state.browse.rows.keys
    #expect(Set(keys).count == keys.count)
    #expect(keys == state.browse.rows.map(\.key))
    // The source's keys first, in its order.
    #expect(Array(keys.prefix(5)) == ["welcome.title", "button.ok", "greeting", "files.count", "settings.title"])
  }
}

/// After an edit the snapshots are updated in place of being read again (`TableSnapshot.updated`)
/// and the rows keep their key list: what they show must be what rows built afresh show.
@Suite(.timeLimit(.minutes(10))) struct UpdatedRowsTests {
  /// `state`'s rows built from nothing kept.
  static func fresh(_ state: AppState) -> [KeyRow] {
    var copy = state
    copy.snapshots.snapshotCache = []
    copy.snapshots.sourceCache = nil
    copy.browse.rows = RowList()
    copy.browse.visible = []
    copy.rebuildRows()
    return Array(copy.browse.rows)
  }

  @Test func rowsAfterEditsAndUndoEqualRowsBuiltAfresh() {
    var state = Fixtures.state(remote: true)
    var checked = 0
    for _ in state.languages {
      // Every row: values changed, and values added where the language lacks the key.
      for moves in 0..<state.browse.rows.count {
        var edited = state
        for _ in 0..<moves { _ = edited.press(.char("j")) }
        _ = edited.press(.char("e"))
        edited.type("!")
        _ = edited.press(.enter)
        #expect(Array(edited.browse.rows) == Self.fresh(edited), "edit of row \(moves) in \(edited.language)")
        _ = edited.press(.char("u"))
        #expect(Array(edited.browse.rows) == Self.fresh(edited), "undo of row \(moves) in \(edited.language)")
        checked += 1
      }
      _ = state.press(.char("l"))
    }
    #expect(checked >= 12)
  }

  /// The key list made from the extras the snapshots found while they were read is the one a
  /// lookup of every key makes, in every language, after values were added (a key new to a
  /// translation's file) and undone, and with keys only a translation or the remote has.
  @Test func theKeyListFromTheSnapshotsExtrasIsTheOneALookupMakes() {
    var state = Fixtures.state(remote: true)
    var fast = 0
    for _ in state.languages {
      for moves in [0, 3, state.browse.rows.count - 1] {
        var edited = state
        for _ in 0..<moves { _ = edited.press(.char("j")) }
        for step in ["edit", "undo"] {
          if step == "edit" {
            _ = edited.press(.char("e"))
            edited.type("!")
            _ = edited.press(.enter)
          } else {
            _ = edited.press(.char("u"))
          }
          let rows = edited.browse.rows
          let slow = RowList.keyListByLookup(source: rows.source, local: rows.local, remote: rows.remote)
          if let list = RowList.keyList(source: rows.source, local: rows.local, remote: rows.remote) {
            fast += 1
            #expect(list.keys == slow.keys, "\(step) of row \(moves) in \(edited.language)")
            #expect(list.columns == slow.columns, "\(step) of row \(moves) in \(edited.language)")
          }
          #expect(rows.keys == slow.keys, "\(step) of row \(moves) in \(edited.language)")
          #expect(rows.keyColumns == slow.columns, "\(step) of row \(moves) in \(edited.language)")
        }
      }
      _ = state.press(.char("l"))
    }
    // The extras were there for most lists (a development-language edit makes a new source order).
    #expect(fast >= state.languages.count * 3)
  }

  @Test func aValueEditKeepsTheSnapshotsKeyOrderAndTheRowsKeys() throws {
    var state = Fixtures.state(remote: true)
    _ = state.press(.char("l"))
    let before = state.browse.rows
    _ = state.press(.char("e"))
    state.type("!")
    _ = state.press(.enter)
    #expect(state.browse.rows.local.orderToken === before.local.orderToken)
    #expect(state.browse.rows.keys == before.keys)
    #expect(state.browse.rows[0].local != before[0].local)
  }

  /// Found in review: a value changed only in normalization (`é` to `e` + U+0301) compares
  /// equal with `==`, so the snapshot kept the old spelling.
  @Test func aChangeOfNormalizationOnlyIsSeen() throws {
    let document = StringsDocument(data: Data("\"a\" = \"caf\u{E9}\";\n\"b\" = \"x\";\n".utf8), file: "en.strings")
    let table = LocaleTable(
      language: "en", name: "Localizable", path: "en.lproj/Localizable.strings", format: .strings, document: document)
    var bundle = LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")), tables: [table], developmentLanguage: "en")
    var snapshot = TableSnapshot(bundle, language: "en", table: "Localizable")
    try bundle.setValue("cafe\u{301}", forKey: "a", language: "en", table: "Localizable")
    let kept = snapshot.update(with: bundle.tables)
    #expect(kept)
    #expect(snapshot.value("a").map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
    let before = TableIndex(files: [table])
    let index = try #require(before.updating("a", files: bundle.tables))
    #expect(index.record(for: "a")?.entry.map { Array($0.value.utf8) } == Array("cafe\u{301}".utf8))
  }

  /// Found in review: a snapshot that kept the entries' texts as ranges of the file's text kept
  /// the old text alive beside the new one after an edit that read the file again (here: a file
  /// ending in an unterminated literal). A snapshot keeps positions of entries instead: after
  /// any edit it reads the new version's entries, whose texts are the new text.
  @Test func anEditThatReadsTheFileAgainLeavesNoOldTextInTheSnapshot() throws {
    for text in ["\"a\" = \"one\";\n\"b\" = \"two\";\n\"c\" = \"open", "\"a\" = \"one\";\n\"b\" = \"two\";\n"] {
      let document = StringsDocument(data: Data(text.utf8), file: "en.strings")
      let table = LocaleTable(
        language: "en", name: "Localizable", path: "en.lproj/Localizable.strings", format: .strings, document: document)
      var bundle = LocalizationBundle(
        name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")), tables: [table], developmentLanguage: "en"
      )
      var snapshot = TableSnapshot(bundle, language: "en", table: "Localizable")
      try bundle.setValue("uno", forKey: "a", language: "en", table: "Localizable")
      let kept = snapshot.update(with: bundle.tables)
      #expect(kept, "\(text)")
      let edited = try #require(bundle.tables.first?.entries)
      let held = try #require(snapshot.valueText("b")).withUTF8 { $0.baseAddress }
      let current = edited[1].valueText.withUTF8 { $0.baseAddress }
      #expect(held == current, "\(text)")
      let fresh = TableSnapshot(bundle, language: "en", table: "Localizable")
      for key in ["a", "b", "c"] { #expect(snapshot.value(key) == fresh.value(key)) }
      #expect(fresh.value("a") == "uno")
    }
  }
}
