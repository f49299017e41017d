import GlossaCore
import Testing

@testable import GlossaTUI

/// The first screen before every language is read, and what happens when the rest arrives.
@Suite(.timeLimit(.minutes(10))) struct BackgroundLoadingTests {
  /// The fixture bundle with only `first` loaded; the other languages come as `rest`.
  static func partial(_ first: Set<String>) -> (AppState, LoadedLanguages) {
    let bundle = Fixtures.partial(first)
    let pending = bundle.unloadedLanguages
    let state = AppState(local: bundle, checks: Fixtures.checks, plurals: Fixtures.plurals, width: 100, height: 30)
    let rest = LoadedLanguages(languages: pending, local: try! bundle.read(languages: Set(pending)))
    return (state, rest)
  }

  @Test func theFirstScreenShowsProgressAndNoFindingCounts() {
    var (state, _) = Self.partial(["en", "de"])
    #expect(state.languages == ["en", "de", "ja", "ru"])
    #expect(state.language == "de")
    #expect(state.browse.rows.count == 5)
    #expect(state.start() == [.loadLanguages(["ja", "ru"])])
    let header = state.render().lines[1]
    #expect(header.contains("loading 2/4 languages…"))
    #expect(!header.contains("✖0"))
    state.press(.char("!"))
    #expect(state.message?.text.contains("checks have not finished") == true)
  }

  @Test func aPendingLanguageSaysSoAndIsReadFirst() {
    var (state, rest) = Self.partial(["en", "de"])
    _ = state.start()
    let effects = state.press(.char("l"))
    #expect(state.language == "ja")
    #expect(effects == [.loadFirst("ja")])
    #expect(state.browse.rows.isEmpty)
    #expect(state.render().text.contains("ja is still loading (2/4 languages read)"))
    let ja = LoadedLanguages(languages: ["ja"], local: try! Fixtures.partial(["en", "de"]).read(languages: ["ja"]))
    #expect(state.update(.languagesLoaded(ja)).isEmpty)
    #expect(state.browse.rows.map(\.key).contains("greeting"))
    #expect(state.render().lines[1].contains("loading 3/4 languages…"))
    rest = LoadedLanguages(languages: ["ru"], local: try! Fixtures.partial(["en", "de"]).read(languages: ["ru"]))
    let effects2 = state.update(.languagesLoaded(rest))
    #expect(effects2 == [.runChecks(generation: state.results.checkGeneration)])
    #expect(state.render().lines[1].contains("checking…"))
    _ = state.update(.checksFinished(Fixtures.checks.all(state.local, nil), generation: state.results.checkGeneration))
    #expect(state.results.hasAllFindings)
    #expect(state.render().lines[1].contains("✖"))
    #expect(state.browse.rows.first { $0.key == "button.ok" }?.worstFinding?.kind == .missingKey)
  }

  @Test func editsBeforeTheLoadFinishedSurviveItAndAreChecked() {
    var (state, rest) = Self.partial(["en", "de"])
    _ = state.start()
    state.press(.char("j"), .char("e"), .ctrl("u"))
    state.type("Gut")
    let effects = state.press(.enter)
    #expect(effects.contains { if case .writeJournal = $0 { true } else { false } })
    #expect(!effects.contains { if case .runChecks = $0 { true } else { false } })
    #expect(state.local.value(at: ValueAddress(language: "de", table: "Localizable", key: "button.ok")) == "Gut")
    // Saving and repacking wait for the whole bundle.
    #expect(state.press(.char("w")).isEmpty)
    #expect(state.message?.text.contains("Cannot save yet: still loading (2/4 languages)") == true)
    state.press(.char("R"))
    #expect(state.scope == .list)
    #expect(state.message?.isError == true)
    let started = state.update(.languagesLoaded(rest))
    #expect(started == [.runChecks(generation: state.results.checkGeneration)])
    #expect(state.local.value(at: ValueAddress(language: "de", table: "Localizable", key: "button.ok")) == "Gut")
    #expect(state.local.languages == ["en", "de", "ja", "ru"])
    #expect(state.isDirty)
    #expect(state.press(.char("w")) == [.save(.local, overwriting: false)])
  }

  @Test func aFailedLoadKeepsWhatIsThereAndRefusesToSave() {
    var (state, _) = Self.partial(["en", "de"])
    _ = state.start()
    _ = state.update(.loadFailed("bundle.zip: entry 'ja.lproj/Localizable.strings' is damaged"))
    #expect(state.render().lines[1].contains("load stopped"))
    #expect(state.browse.rows.count == 5)
    state.press(.char("w"))
    #expect(state.message?.text.contains("could not be read completely") == true)
  }

  @Test func anEarlierSessionIsOfferedOnceEverythingIsLoaded() {
    let bundle = Fixtures.partial(["en", "de"])
    let edit = Edit(
      address: ValueAddress(language: "ru", table: "Localizable", key: "button.ok"), oldValue: "ОК", newValue: "Да")
    var state = AppState(
      local: bundle, checks: Fixtures.checks, journals: [.local: EditJournal(bundle: "b", edits: [edit])])
    #expect(state.scope == .list)
    _ = state.update(
      .languagesLoaded(
        LoadedLanguages(languages: ["ja", "ru"], local: try! bundle.read(languages: ["ja", "ru"]))))
    #expect(state.scope == .choicePrompt)
    state.press(.char("y"))
    #expect(state.local.value(at: edit.address) == "Да")
  }
}
