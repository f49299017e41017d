import Foundation
import GlossaCore
import Testing
@testable import GlossaTUI

/// String Catalog device variations in the detail pane: each device (and each plural form of a
/// device that varies by plural) is its own field, editable and undoable; `r` is undoable too.
@Suite(.timeLimit(.minutes(10))) struct CatalogDeviceEditingTests {
  /// `Tap` varies by device (mac, other) in both languages; `Taps` varies by device and, on
  /// iPhone, by plural in English only; French has no iPhone variation yet.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Tap" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "device" : {
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } }
                }
              }
            },
            "fr" : {
              "variations" : {
                "device" : {
                  "mac" : { "stringUnit" : { "state" : "needs_review", "value" : "Cliquez" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Touchez" } }
                }
              }
            }
          }
        },
        "Taps" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "device" : {
                  "iphone" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld tap" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld taps" } }
                      }
                    }
                  },
                  "mac" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld click" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld clicks" } }
                      }
                    }
                  }
                }
              }
            },
            "fr" : {
              "variations" : {
                "device" : {
                  "mac" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld clic" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld clics" } }
                      }
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

  static func state(width: Int = 80, height: Int = 24) -> AppState {
    let document = StringCatalogDocument(data: Data(catalog.utf8), file: "Localizable.xcstrings")
    let tables = StringCatalogView.views(of: document, fallbackLanguage: "en").map {
      LocaleTable(
        language: $0.language, name: "Localizable", path: "Localizable.xcstrings", format: .xcstrings, document: $0)
    }
    let bundle = LocalizationBundle(
      name: "Localizable.xcstrings", storage: .file(URL(fileURLWithPath: "/tmp/Localizable.xcstrings")), tables: tables,
      developmentLanguage: "en")
    var state = AppState(
      local: bundle, checks: Fixtures.checks, plurals: Fixtures.plurals, width: width, height: height)
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(.checksFinished(Fixtures.checks.all(state.local, nil), generation: generation))
    }
    return state
  }

  static func unit(_ state: AppState, _ key: String, device: String, plural: PluralCategory? = nil) -> CatalogUnit? {
    state.local.catalog(table: "Localizable")?.unit(
      at: CatalogUnitPath(key: key, language: "fr", device: device, plural: plural))
  }

  @Test func eachDeviceIsAField() {
    var state = Self.state()
    #expect(state.language == "fr")
    #expect(
      state.detailFields == [DetailField(side: .local, device: "mac"), DetailField(side: .local, device: "other")])
    state.press(.char("j"))
    // Taps: iPhone (only English has it) and Mac, each by French plural categories, never mixed.
    let categories = state.pluralCategories(of: state.selectedRow!, side: .local, device: "mac")
    #expect(categories.contains(.one) && categories.contains(.other))
    #expect(
      state.detailFields
        == ["iphone", "mac"].flatMap { device in
          categories.map { DetailField(side: .local, category: $0, device: device) }
        })
    #expect(
      state.pluralForms(of: state.selectedRow!, side: .local, device: "mac") == [
        .one: "%lld clic", .other: "%lld clics",
      ])
    #expect(state.pluralForms(of: state.selectedRow!, side: .local, device: "iphone").isEmpty)
  }

  @Test func editingADeviceValueChangesOnlyThatUnitAndUndoes() {
    var state = Self.state()
    state.press(.tab, .char("j"), .enter)  // the detail pane, the second field: other
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing: \(String(describing: state.message))")
      return
    }
    #expect(session.address.device == "other")
    #expect(session.original == "Touchez")
    state.press(.ctrl("u"))
    state.type("Appuyez")
    state.press(.enter)
    #expect(state.message?.isError != true)
    #expect(Self.unit(state, "Tap", device: "other")?.value == "Appuyez")
    #expect(Self.unit(state, "Tap", device: "mac")?.value == "Cliquez")
    #expect(state.isDirty)
    state.press(.char("u"))
    #expect(Self.unit(state, "Tap", device: "other")?.value == "Touchez")
  }

  /// Expects `state` to have recorded no edit: no effect, no `*`, no journal, bytes as loaded.
  static func expectNoEdit(_ state: AppState, _ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(effects.isEmpty, sourceLocation: sourceLocation)
    #expect(state.message?.text == "No change", sourceLocation: sourceLocation)
    #expect(!state.isDirty, sourceLocation: sourceLocation)
    #expect(state.editing.journal.isEmpty, sourceLocation: sourceLocation)
    #expect(state.browse.rows.allSatisfy { !$0.isEdited }, sourceLocation: sourceLocation)
    #expect(!state.render().text.split(separator: "\n").contains { $0.hasPrefix("*") }, sourceLocation: sourceLocation)
    #expect(
      state.local.catalog(table: "Localizable")?.serialized() == Data(catalog.utf8), sourceLocation: sourceLocation)
  }

  @Test func committingTheValueADeviceUnitAlreadyHasIsNoEdit() {
    // Tap · mac (needs_review): Enter on the editor prefilled with "Cliquez".
    var state = Self.state()
    let effects = state.press(.tab, .enter, .enter)
    Self.expectNoEdit(state, effects)
    #expect(Self.unit(state, "Tap", device: "mac")?.state == .needsReview)
    // Taps · mac · one: "%lld clic" typed again over the prefilled value.
    var plural = Self.state()
    plural.press(.char("j"), .tab)
    let field = plural.detailFields.firstIndex(of: DetailField(side: .local, category: .one, device: "mac")) ?? 0
    for _ in 0..<field { plural.press(.char("j")) }
    plural.press(.enter, .ctrl("u"))
    guard case .editing(let session) = plural.mode else {
      Issue.record("not editing: \(String(describing: plural.message))")
      return
    }
    #expect(session.address.device == "mac" && session.address.plural == .one)
    plural.type("%lld clic")
    let committed = plural.press(.enter)
    Self.expectNoEdit(plural, committed)
  }

  @Test func addingAPluralFormInsideADeviceTheTranslationLacks() {
    var state = Self.state()
    state.press(.char("j"), .tab, .enter)  // Taps, first field: iphone · one (missing in French)
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing: \(String(describing: state.message))")
      return
    }
    #expect(session.address.device == "iphone" && session.address.plural == .one)
    #expect(session.original == nil)
    #expect(session.editor.text == "%lld tap")  // prefilled from the source's iPhone form
    state.press(.ctrl("u"))
    state.type("%lld appui")
    state.press(.enter)
    #expect(state.message?.isError != true)
    #expect(Self.unit(state, "Taps", device: "iphone", plural: .one)?.value == "%lld appui")
    #expect(Self.unit(state, "Taps", device: "mac", plural: .one)?.value == "%lld clic")
  }

  @Test func markingReviewedIsUndoneAndRedone() {
    var state = Self.state()
    state.press(.char("r"))
    #expect(Self.unit(state, "Tap", device: "mac")?.state == .translated)
    state.press(.char("u"))
    #expect(Self.unit(state, "Tap", device: "mac")?.state == .needsReview)
    #expect(state.message?.text == "Undid marking 1 value of Tap reviewed")
    state.press(.ctrl("r"))
    #expect(Self.unit(state, "Tap", device: "mac")?.state == .translated)
    #expect(state.message?.text == "Redid marking 1 value of Tap reviewed")
  }

  @Test func deviceFieldsOnScreen() {
    for (width, height) in [(80, 24), (120, 40)] {
      var state = Self.state(width: width, height: height)
      state.press(.char("j"), .tab, .char("j"), .char("j"), .char("j"))
      assertSnapshot(state.render(), named: "detail-catalog-devices-\(width)x\(height)")
    }
  }
}
