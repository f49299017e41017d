import Foundation
import Testing

@testable import GlossaCore
@testable import GlossaTUI

/// What the first edit of a language reads (the `.strings` files' edit positions, the per-key
/// check's indexes) is read ahead once the language is shown, and an edit after it writes the
/// same bytes and finds the same findings as one without it.
@Suite("The first edit's reading, done ahead", .timeLimit(.minutes(5)))
struct WarmUpTests {
  private static func bundle(_ name: String, values: (Int) -> String, skipping: Int) -> LocalizationBundle {
    let source = (0..<30).map { "/* screen \($0) */\n\"key.\($0)\" = \"Value \($0)\";\n" }.joined()
    func translation(_ language: String) -> String {
      (0..<30).filter { $0 % skipping != 0 }.map { "\"key.\($0)\" = \"\(values($0)) \(language)\";\n" }.joined()
    }
    return LocalizationBundle(
      name: name, storage: .directory(URL(fileURLWithPath: "/nonexistent/\(name)")),
      tables: [
        Fixtures.stringsTable("en", source), Fixtures.stringsTable("de", translation("de")),
        Fixtures.stringsTable("fr", translation("fr")),
      ],
      developmentLanguage: "en")
  }

  private static func state() -> AppState {
    var state = AppState(
      local: bundle("Local", values: { "Wert \($0)" }, skipping: 7),
      remote: bundle("Remote", values: { "Remote \($0)" }, skipping: 5), checks: .real(Checker()), width: 100,
      height: 30)
    if case .runChecks(let generation)? = state.start().first {
      _ = state.update(
        .checksFinished(
          state.checks.all(state.local, state.remote), remote: state.remote.map { state.checks.remoteAll($0) } ?? [],
          generation: generation))
    }
    state.search.foregroundSearchTextLimit = 0
    return state
  }

  /// The paths of `state`'s tables on `side` whose documents keep their edit positions.
  private static func kept(_ state: AppState, _ side: Side) -> [String] {
    (side == .local ? state.local : state.remote)?.tables.filter {
      ($0.document as? StringsDocument)?.keepsSpans ?? false
    }.map(\.path).sorted() ?? []
  }

  private static func warmUp(in effects: [Effect]) -> (language: String, table: String)? {
    for effect in effects { if case .warmUp(let language, let table) = effect { return (language, table) } }
    return nil
  }

  @Test func theLanguageShownIsReadAheadAndItsFirstEditIsTheSame() throws {
    var warmed = Self.state()
    var plain = warmed
    let asked = try #require(Self.warmUp(in: warmed.press(.char("l"))), "no warm-up asked for")
    let shown = warmed.language
    #expect(asked.language == shown && shown != "en")
    let path = "\(shown).lproj/Localizable.strings"
    #expect(Self.warmUp(in: warmed.press(.char("j"))) == nil, "asked once per language shown")
    #expect(Self.kept(warmed, .local).isEmpty)
    _ = warmed.update(.warmedUp(warmed.warmUp(language: asked.language, table: asked.table)))
    #expect(Self.kept(warmed, .local) == [path])
    #expect(Self.kept(warmed, .remote) == [path])
    #expect(warmed.results.checkCache.indexedLanguages == 2, "the language shown and the source")
    #expect(warmed.results.remoteCheckCache.indexedLanguages == 2)

    // The same edits, of a value there and of one missing, with and without the warm-up.
    _ = plain.press(.char("l"), .char("j"))
    for state in [0, 1] {
      var copy = state == 0 ? warmed : plain
      for row in ["key.1", "key.7"] {
        while copy.selectedRow?.key != row { _ = copy.press(.char("j")) }
        _ = copy.press(.char("e"))
        copy.type("!")
        _ = copy.press(.enter)
      }
      if state == 0 { warmed = copy } else { plain = copy }
    }
    let bytes = { (state: AppState) in state.local.tables.first { $0.path == path }?.document.serialized() }
    #expect(bytes(warmed) == bytes(plain))
    let added = warmed.local.value(at: ValueAddress(language: shown, table: "Localizable", key: "key.7"))
    #expect(added?.hasSuffix("!") == true, "the missing value was added")
    #expect(
      warmed.results.findings.findings(language: shown, table: "Localizable")
        == plain.results.findings.findings(language: shown, table: "Localizable"))
    #expect(warmed.browse.rows.keys == plain.browse.rows.keys)

    // The next language's warm-up lets go of the positions it added where no edit kept them.
    var effects: [Effect] = []
    repeat { effects = warmed.press(.char("l")) } while warmed.language == "en" || warmed.language == shown
    let next = try #require(Self.warmUp(in: effects))
    #expect(next.language == warmed.language)
    _ = warmed.update(.warmedUp(warmed.warmUp(language: next.language, table: next.table)))
    let nextPath = "\(next.language).lproj/Localizable.strings"
    #expect(Self.kept(warmed, .local) == [path, nextPath].sorted(), "the edited file keeps its own")
    #expect(Self.kept(warmed, .remote) == [nextPath], "not edited: let go of")
  }

  @Test func aWarmUpOfAFileChangedSinceIsNotTaken() throws {
    var state = Self.state()
    let asked = try #require(Self.warmUp(in: state.press(.char("l"))))
    let warm = state.warmUp(language: asked.language, table: asked.table)
    _ = state.press(.char("j"), .char("e"))
    state.type("Neu")
    _ = state.press(.enter)
    let key = try #require(state.selectedRow?.key)
    let path = "\(state.language).lproj/Localizable.strings"
    _ = state.update(.warmedUp(warm))
    let value = state.local.value(at: ValueAddress(language: state.language, table: "Localizable", key: key))
    #expect(value?.hasSuffix("Neu") == true)
    #expect(Self.kept(state, .remote) == [path], "the unchanged side is taken")
    // Undone: the file is as it was read.
    _ = state.press(.char("u"))
    let bytes = { (state: AppState) in state.local.tables.first { $0.path == path }?.document.serialized() }
    #expect(bytes(state) == bytes(Self.state()))
  }

  @Test func aWarmUpForALanguageNoLongerShownIsDropped() throws {
    var state = Self.state()
    let asked = try #require(Self.warmUp(in: state.press(.char("l"))))
    let warm = state.warmUp(language: asked.language, table: asked.table)
    _ = state.press(.char("l"))
    _ = state.update(.warmedUp(warm))
    #expect(Self.kept(state, .local).isEmpty)
    #expect(Self.kept(state, .remote).isEmpty)
  }
}
