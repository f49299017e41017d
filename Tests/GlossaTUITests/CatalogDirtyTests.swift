import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// A String Catalog is unsaved exactly when its bytes differ from those last read or saved:
/// edits undone or typed back leave it clean, an edit saved and then undone leaves it dirty.
@Suite(.timeLimit(.minutes(10))) struct CatalogDirtyTests {
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Goodbye" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Tschüss"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Au revoir"
              }
            }
          }
        },
        "Hello" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Bonjour"
              }
            }
          }
        },
        "Thanks" : {
          "localizations" : {
            "fr" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "Merci"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  /// The catalog (`text`) built in memory: a save marks it saved and writes no file.
  static func bundle(_ text: String = catalog) -> LocalizationBundle {
    let document = StringCatalogDocument(data: Data(text.utf8), file: "Localizable.xcstrings")
    let tables = StringCatalogView.views(of: document, fallbackLanguage: "en").map {
      LocaleTable(
        language: $0.language, name: "Localizable", path: "Localizable.xcstrings", format: .xcstrings, document: $0)
    }
    return LocalizationBundle(
      name: "Localizable.xcstrings", storage: .file(URL(fileURLWithPath: "/tmp/Localizable.xcstrings")), tables: tables,
      developmentLanguage: "en")
  }

  /// A review of `bundle` (languages en, de, fr: three views of one file), showing `fr`.
  static func state(_ bundle: LocalizationBundle = bundle()) -> AppState {
    var state = AppState(local: bundle, checks: .none, plurals: Fixtures.plurals, width: 80, height: 24)
    _ = state.start()
    for _ in state.languages where state.language != "fr" { state.press(.char("l")) }
    return state
  }

  /// Replaces the selected row's value with `text`.
  static func edit(_ state: inout AppState, _ text: String) {
    state.press(.char("e"), .ctrl("u"))
    state.type(text)
    state.press(.enter)
  }

  /// Saves the local side as the loop does and hands the result back.
  static func save(_ state: inout AppState) {
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    _ = state.update(state.savedEvent(.local))
  }

  /// The catalog's bytes as they would be written now.
  static func bytes(_ state: AppState) -> Data? {
    state.local.catalog(table: "Localizable")?.serialized()
  }

  /// Expects the state to be clean: no marker in the header, `q` quits at once.
  static func expectClean(_ state: AppState, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!state.isDirty, sourceLocation: sourceLocation)
    #expect(state.dirtySides.isEmpty, sourceLocation: sourceLocation)
    #expect(!state.render().lines[1].contains("● unsaved"), sourceLocation: sourceLocation)
    var quitting = state
    #expect(quitting.press(.char("q")) == [.quit], sourceLocation: sourceLocation)
  }

  /// Expects the local side to be dirty: the header marks it, `q` asks first.
  static func expectDirty(_ state: AppState, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(state.isDirty, sourceLocation: sourceLocation)
    #expect(state.dirtySides == [.local], sourceLocation: sourceLocation)
    #expect(state.render().lines[1].contains("● unsaved"), sourceLocation: sourceLocation)
    var quitting = state
    #expect(quitting.press(.char("q")).isEmpty, sourceLocation: sourceLocation)
    #expect(quitting.scope == .choicePrompt, sourceLocation: sourceLocation)
  }

  @Test func anEditIsUnsavedUntilItsValueIsTypedBack() {
    var state = Self.state()
    #expect(state.selectedRow?.key == "Goodbye")
    Self.expectClean(state)
    let read = Self.bytes(state)
    Self.edit(&state, "Salut")
    Self.expectDirty(state)
    // The unit was `translated` already: typing the old value back restores every byte.
    Self.edit(&state, "Au revoir")
    #expect(Self.bytes(state) == read)
    Self.expectClean(state)
  }

  @Test func anEditUndoneLeavesTheCatalogClean() {
    var state = Self.state()
    let read = Self.bytes(state)
    Self.edit(&state, "Salut")
    Self.expectDirty(state)
    state.press(.char("u"))
    #expect(Self.bytes(state) == read)
    Self.expectClean(state)
    state.press(.char("w"))
    #expect(state.message?.text == "Nothing to save")
  }

  @Test func anEditOfAUnitNeedingReviewUndoneGivesItsStateBack() {
    var state = Self.state()
    while state.selectedRow?.key != "Thanks" { state.press(.char("j")) }
    let read = Self.bytes(state)
    Self.edit(&state, "Merci beaucoup")
    // The edit marks the unit translated, as Xcode does…
    let path = CatalogUnitPath(key: "Thanks", language: "fr")
    #expect(state.local.catalogUnit(at: path, table: "Localizable")?.state == .translated)
    Self.expectDirty(state)
    // …and the undo gives the value and the state back: every byte as read.
    state.press(.char("u"))
    #expect(state.local.catalogUnit(at: path, table: "Localizable")?.state == .needsReview)
    #expect(Self.bytes(state) == read)
    Self.expectClean(state)
    // Redone, it is translated again.
    state.press(.ctrl("r"))
    #expect(state.local.catalogUnit(at: path, table: "Localizable")?.state == .translated)
    Self.expectDirty(state)
  }

  @Test func anEditOfAUnitWithoutAStateUndoneLeavesNoState() throws {
    let text = Self.catalog.replacingOccurrences(of: "\"state\" : \"needs_review\",", with: "")
    #expect(text != Self.catalog)
    var state = Self.state(Self.bundle(text))
    while state.selectedRow?.key != "Thanks" { state.press(.char("j")) }
    let read = try #require(Self.bytes(state))
    #expect(read == Data(text.utf8))
    Self.edit(&state, "Merci beaucoup")
    #expect(
      state.local.catalogUnit(at: CatalogUnitPath(key: "Thanks", language: "fr"), table: "Localizable")?.state
        == .translated)
    state.press(.char("u"))
    #expect(Self.bytes(state) == read)
    Self.expectClean(state)
  }

  /// The edit of `Thanks` (a `needs_review` unit) replayed after a reload of the files and
  /// after a restore from the journal: its undo still takes back the value and the state.
  @Test(arguments: ["reload", "journal"])
  func aReplayedCatalogEditUndoesItsValueAndState(replay: String) {
    var first = Self.state()
    while first.selectedRow?.key != "Thanks" { first.press(.char("j")) }
    let read = Self.bytes(first)
    Self.edit(&first, "Merci beaucoup")
    var state = first
    if replay == "reload" {
      _ = state.finishReload(.local, .success(Self.bundle()))
    } else {
      state = AppState(
        local: Self.bundle(), checks: .none, plurals: Fixtures.plurals, width: 80, height: 24,
        journals: [.local: EditJournal(bundle: "Localizable.xcstrings", edits: first.editing.journal[.local] ?? [])])
      _ = state.start()
      #expect(state.scope == .choicePrompt)
      state.press(.char("y"))
    }
    let address = ValueAddress(language: "fr", table: "Localizable", key: "Thanks")
    #expect(state.local.value(at: address) == "Merci beaucoup")
    state.press(.char("u"))
    #expect(state.local.value(at: address) == "Merci")
    #expect(
      state.local.catalogUnit(at: CatalogUnitPath(key: "Thanks", language: "fr"), table: "Localizable")?.state
        == .needsReview)
    #expect(Self.bytes(state) == read)
    state.press(.ctrl("r"))
    #expect(state.local.value(at: address) == "Merci beaucoup")
  }

  @Test func aSavedEditIsCleanAndAnEditUndoneAfterTheSaveToo() {
    var state = Self.state()
    Self.edit(&state, "Salut")
    Self.save(&state)
    Self.expectClean(state)
    // The save is the new reference: an edit after it, undone, leaves the catalog clean.
    state.press(.char("j"))
    Self.edit(&state, "Salut")
    Self.expectDirty(state)
    state.press(.char("u"))
    Self.expectClean(state)
  }

  @Test func undoingASavedEditMakesTheCatalogDirtyUntilItIsRedone() {
    var state = Self.state()
    let read = Self.bytes(state)
    Self.edit(&state, "Salut")
    let saved = Self.bytes(state)
    Self.save(&state)
    state.press(.char("u"))
    // The file holds the edit now: the catalog as read is an unsaved change.
    #expect(Self.bytes(state) == read)
    Self.expectDirty(state)
    state.press(.ctrl("r"))
    #expect(Self.bytes(state) == saved)
    Self.expectClean(state)
  }

  @Test func twoEditsAndOneUndoLeaveTheCatalogDirty() {
    var state = Self.state()
    Self.edit(&state, "Salut")
    state.press(.char("j"))
    Self.edit(&state, "Coucou")
    state.press(.char("u"))
    Self.expectDirty(state)
    state.press(.char("u"))
    Self.expectClean(state)
  }

  @Test func redoingAnUndoneEditMakesTheCatalogDirtyAgain() {
    var state = Self.state()
    Self.edit(&state, "Salut")
    state.press(.char("u"))
    Self.expectClean(state)
    state.press(.ctrl("r"))
    #expect(state.local.value(at: ValueAddress(language: "fr", table: "Localizable", key: "Goodbye")) == "Salut")
    Self.expectDirty(state)
    state.press(.char("u"))
    Self.expectClean(state)
  }

  @Test func aStateChangeIsUnsavedUntilItIsUndone() {
    var state = Self.state()
    state.press(.char("j"), .char("j"))
    #expect(state.selectedRow?.key == "Thanks")
    #expect(state.catalogUnits.map(\.stateLabel) == ["needs_review"])
    state.press(.char("r"))
    #expect(state.catalogUnits.map(\.stateLabel) == ["translated"])
    Self.expectDirty(state)
    state.press(.char("u"))
    Self.expectClean(state)
    // An edit makes the unit `translated`; its undo takes back the value and the state.
    Self.edit(&state, "Merci bien")
    #expect(state.catalogUnits.map(\.stateLabel) == ["translated"])
    state.press(.char("u"))
    #expect(state.catalogUnits.map(\.stateLabel) == ["needs_review"])
    Self.expectClean(state)
  }

  @Test func aCatalogFileIsUnsavedExactlyWhenItsBytesDifferFromTheFile() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-catalog-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let file = root.appendingPathComponent("Localizable.xcstrings")
    let read = Data(Self.catalog.utf8)
    try read.write(to: file)
    var state = Self.state(try LocalizationBundle.load(file.path))
    Self.edit(&state, "Salut")
    Self.save(&state)
    let edited = try Data(contentsOf: file)
    #expect(edited != read)
    Self.expectClean(state)
    // The file holds the edit: undoing it is an unsaved change, and saving writes the file back.
    state.press(.char("u"))
    Self.expectDirty(state)
    Self.save(&state)
    #expect(try Data(contentsOf: file) == read)
    Self.expectClean(state)
    state.press(.ctrl("r"), .char("u"))
    Self.expectClean(state)
    state.press(.char("w"))
    #expect(state.message?.text == "Nothing to save")
  }
}
