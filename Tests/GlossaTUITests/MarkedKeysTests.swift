import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// Many keys at once: `Space` marks keys, `A` marks what the list shows; `<`, `C`, `x` and `r`
/// then act on every marked key as one step that `u` undoes whole.
@Suite("Acting on marked keys", .timeLimit(.minutes(10)))
struct MarkedKeysTests {
  func keys(_ state: AppState) -> [String] { state.browse.visible.map { state.browse.rows.keys[$0] } }

  @Test func takeRemoteOnEveryMarkedKeyIsOneUndoStep() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("c"))  // keys whose local and remote values differ
    let changed = keys(state)
    try #require(!changed.isEmpty)
    state.press(.char("A"))
    #expect(state.markedRows.map(\.key) == changed)
    #expect(state.render().text.contains("●"))
    let before = changed.map {
      state.local.value(at: ValueAddress(language: state.language, table: state.table, key: $0))
    }
    state.press(.char("<"))
    #expect(state.browse.marked.isEmpty)
    for key in changed {
      let address = ValueAddress(language: state.language, table: state.table, key: key)
      #expect(state.local.value(at: address) == state.remote?.value(at: address))
    }
    #expect(state.message?.text.hasPrefix("Took the remote values of \(changed.count) key") == true)
    state.press(.char("u"))
    let after = changed.map {
      state.local.value(at: ValueAddress(language: state.language, table: state.table, key: $0))
    }
    #expect(after == before, "one u undoes the whole marked action")
  }

  /// The remote's Russian family with a `many` form the local one lacks, the family selected.
  private static func familyWithARemoteForm() throws -> AppState {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    try state.remote?.apply(
      Edit(
        address: ValueAddress(language: "ru", table: "Localizable", key: "files.count", plural: .many),
        oldValue: nil, newValue: "%d файлов"))
    state.focus(language: "ru", table: nil)
    for _ in 0..<state.browse.rows.count where state.selectedRow?.key != "files.count" { state.press(.char("j")) }
    try #require(state.selectedRow?.key == "files.count")
    return state
  }

  /// Found in a trial: `<` on marked keys took no form only the remote has (a single row's `<`
  /// did), and said there was nothing to change.
  @Test func takeRemoteOnAMarkedFamilyTakesAFormOnlyTheRemoteHas() throws {
    var state = try Self.familyWithARemoteForm()
    let many = ValueAddress(language: "ru", table: "Localizable", key: "files.count", plural: .many)
    #expect(state.local.value(at: many) == nil)
    state.press(.char(" "))
    #expect(state.markedRows.map(\.key) == ["files.count"])
    state.press(.char("<"))
    #expect(state.local.value(at: many) == "%d файлов")
    #expect(state.message?.text.hasPrefix("Took the remote values of 1 key (1 value)") == true)
    // Nothing left to take: the marks stay, and the message says so.
    state.press(.char(" "))
    state.press(.char("<"))
    #expect(state.message?.text == "Nothing to change in the 1 marked key; it stays marked (A unmarks)")
    #expect(!state.browse.marked.isEmpty)
  }

  /// Found in a trial: `>` on a family whose remote has a form the local lacks said the remote
  /// value already was the local one.
  @Test func giveRemoteSaysWhichFormOnlyTheRemoteHas() throws {
    var state = try Self.familyWithARemoteForm()
    state.press(.char(">"))
    let text = state.message?.text ?? ""
    #expect(text.contains("the remote also has form many, which the local lacks"), "\(text)")
  }

  @Test func spaceMarksOneByOneAndCopySourceAndDeleteActOnThem() throws {
    var state = Fixtures.state(width: 100, height: 30)
    state.focus(language: "de", table: nil)
    let all = keys(state)
    try #require(all.count >= 3)
    state.press(.char(" "), .char(" "))  // marks the first two, the selection moves on
    #expect(state.markedRows.map(\.key) == Array(all.prefix(2)))
    #expect(state.selectedRow?.key == all[2])
    state.press(.char("C"))
    for key in all.prefix(2) {
      let address = ValueAddress(language: "de", table: state.table, key: key)
      #expect(state.local.value(at: address) == state.sourceText(for: address), "\(key)")
    }
    let third = ValueAddress(language: "de", table: state.table, key: all[2])
    #expect(state.local.value(at: third) != state.sourceText(for: third), "the unmarked key is untouched")
    state.press(.char("u"))
    // Marks are gone after an action; marking again and deleting takes both values out at once.
    state.press(.char("g"), .char(" "), .char(" "), .char("x"))
    for key in all.prefix(2) {
      #expect(state.local.value(at: ValueAddress(language: "de", table: state.table, key: key)) == nil)
    }
    state.press(.char("u"))
    for key in all.prefix(2) {
      #expect(state.local.value(at: ValueAddress(language: "de", table: state.table, key: key)) != nil)
    }
  }

  @Test func marksBelongToOneLanguageAndTable() {
    var state = Fixtures.state(width: 100, height: 30)
    state.focus(language: "de", table: nil)
    state.press(.char(" "))
    #expect(state.markedRows.count == 1)
    state.focus(language: "ru", table: nil)
    #expect(state.markedRows.isEmpty, "marks of de do not act in ru")
    state.press(.char("A"), .char("A"))
    #expect(state.markedRows.isEmpty, "A twice unmarks what it marked")
  }
}
