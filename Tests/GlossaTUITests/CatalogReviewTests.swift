import Foundation
import GlossaCore
import Testing
@testable import GlossaTUI

/// A String Catalog in the review: states in the detail pane, marking values reviewed.
@Suite(.timeLimit(.minutes(10))) struct CatalogReviewTests {
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Hello" : {
          "localizations" : {
            "fr" : {
              "stringUnit" : {
                "state" : "stale",
                "value" : "Bonjour"
              }
            }
          }
        },
        "Tap" : {
          "localizations" : {
            "fr" : {
              "variations" : {
                "device" : {
                  "mac" : {
                    "stringUnit" : {
                      "state" : "needs_review",
                      "value" : "Cliquez"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Touchez"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  static func state() -> AppState {
    let document = StringCatalogDocument(data: Data(catalog.utf8), file: "Localizable.xcstrings")
    let tables = StringCatalogView.views(of: document, fallbackLanguage: "en").map {
      LocaleTable(
        language: $0.language, name: "Localizable", path: "Localizable.xcstrings", format: .xcstrings, document: $0)
    }
    let bundle = LocalizationBundle(
      name: "Localizable.xcstrings", storage: .file(URL(fileURLWithPath: "/tmp/Localizable.xcstrings")), tables: tables,
      developmentLanguage: "en")
    var state = AppState(local: bundle, checks: .none, plurals: Fixtures.plurals, width: 80, height: 24)
    _ = state.start()
    return state
  }

  @Test func theNeedsReviewFilterShowsWhatIsMarkedSoAndLetsGoOfItOnceReviewed() {
    let base = Self.state()
    let checks = ReviewChecks.real(Checker())
    var state = AppState(local: base.local, checks: checks, plurals: Fixtures.plurals, width: 80, height: 24)
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(.checksFinished(checks.all(state.local, nil), generation: generation))
    }
    state.press(.char("U"))
    #expect(state.browse.filter == .needsReview)
    // Hello is stale, Tap's mac form needs review.
    #expect(state.browse.visible.map { state.browse.rows.keys[$0] } == ["Hello", "Tap"])
    state.press(.char("j"), .char("r"))
    #expect(state.browse.visible.map { state.browse.rows.keys[$0] } == ["Hello"], "marked reviewed: out of the list")
    state.press(.char("u"))
    #expect(state.browse.visible.map { state.browse.rows.keys[$0] } == ["Hello", "Tap"])
  }

  @Test func theCatalogIsABundleOfItsOwnAndTheDetailShowsStates() {
    let state = Self.state()
    #expect(state.languages == ["en", "fr"])
    #expect(state.language == "fr")
    #expect(state.browse.rows.map(\.key) == ["Hello", "Tap"])
    #expect(state.catalogUnits.map(\.stateLabel) == ["stale"])
    let screen = state.render().text
    #expect(screen.contains("State     │ stale"))
    #expect(state.isAvailable(.markReviewed))
    #expect(FooterView.hintSpans(state).contains { $0.text.contains("reviewed") })
  }

  @Test func markingReviewedSetsTranslatedOnEveryUnitOfTheKeyAndMakesTheBundleDirty() {
    var state = Self.state()
    state.press(.char("j"))
    #expect(state.catalogUnits.map(\.stateLabel) == ["mac: needs_review", "other: translated"])
    #expect(state.render().text.contains("State     │ mac: needs_review · other: translated"))
    #expect(!state.isDirty)
    state.press(.char("r"))
    #expect(state.catalogUnits.map(\.stateLabel) == ["mac: translated", "other: translated"])
    #expect(state.isDirty)
    #expect(state.dirtySides == [.local])
    #expect(state.message?.text == "Marked 1 value of Tap reviewed; w saves, u undoes")
    #expect(!state.isAvailable(.markReviewed))
    var quitting = state
    quitting.press(.char("q"))
    #expect(quitting.render().text.contains("1 unsaved edit. Save before quitting?"))
    #expect(state.selectedRow?.isEdited == true)
    let catalog = state.local.catalog(table: "Localizable")
    #expect(catalog?.unit(at: CatalogUnitPath(key: "Tap", language: "fr", device: "mac"))?.state == .translated)
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
    state.press(.char("k"), .char("r"))
    #expect(state.catalogUnits.map(\.stateLabel) == ["translated"])
  }

  @Test func committingTheValueAUnitAlreadyHasIsNoEdit() {
    var state = Self.state()
    let before = state.local.catalog(table: "Localizable")?.serialized()
    // fr "Hello" (stale): Enter on the editor prefilled with "Bonjour", then typed again.
    var effects = state.press(.char("e"), .enter)
    state.press(.char("e"), .ctrl("u"))
    state.type("Bonjour")
    effects += state.press(.enter)
    #expect(effects.isEmpty)
    #expect(state.message?.text == "No change")
    #expect(!state.isDirty)
    #expect(state.editing.journal.isEmpty)
    #expect(state.browse.rows.allSatisfy { !$0.isEdited })
    #expect(state.catalogUnits.map(\.stateLabel) == ["stale"])
    #expect(state.local.catalog(table: "Localizable")?.serialized() == before)
    state.press(.char("u"))
    #expect(state.message?.text == "Nothing to undo")
  }

  @Test func markReviewedIsNotOfferedOutsideCatalogs() {
    let state = Fixtures.state()
    #expect(!state.isAvailable(.markReviewed))
    #expect(state.catalogUnits.isEmpty)
  }
}
