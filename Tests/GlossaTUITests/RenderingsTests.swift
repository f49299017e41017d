import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// "Also rendered as" in the detail pane and `=`: other keys' translations of the same source
/// text (case and trailing punctuation ignored, across tables), taken as a value through the
/// ordinary edit path.
@Suite(.timeLimit(.minutes(10))) struct RenderingsTests {
  static let english = """
    "save.button" = "Save";
    "toolbar.save" = "save.";
    "menu.save" = "Save";
    "title" = "Trails";
    "hikes##{one}" = "Save";
    "hikes##{other}" = "Save";

    """
  static let german = """
    "save.button" = "Sichern";
    "toolbar.save" = "Speichern";
    "menu.save" = "Speichern";
    "title" = "Wege";
    "hikes##{one}" = "Ablegen";
    "hikes##{other}" = "Ablegen";

    """
  static let englishSettings = "\"settings.save\" = \"Save!\";\n\"settings.title\" = \"Settings\";\n"
  static let germanSettings = "\"settings.save\" = \"Sichern!\";\n\"settings.title\" = \"Einstellungen\";\n"

  /// A bundle folder with en and de `Localizable` and `Settings` tables.
  static func folder() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-renderings-\(UUID().uuidString)")
    for (language, localizable, settings) in [
      ("en", english, englishSettings), ("de", german, germanSettings),
    ] {
      let folder = root.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(localizable.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
      try Data(settings.utf8).write(to: folder.appendingPathComponent("Settings.strings"))
    }
    return root
  }

  /// The same bundle in memory, under a fixed name (for snapshots).
  static var memoryBundle: LocalizationBundle {
    func table(_ language: String, _ name: String, _ text: String) -> LocaleTable {
      let pairs = text.split(separator: "\n").map { line -> (String, String) in
        let parts = line.split(separator: "\"")
        return (
          String(parts[0]).replacingOccurrences(of: "##{", with: "##").replacingOccurrences(of: "}", with: ""),
          String(parts[2])
        )
      }
      return LocaleTable(
        language: language, name: name, path: "\(language).lproj/\(name).strings", format: .strings,
        document: MemoryTable(pairs))
    }
    return LocalizationBundle(
      name: "Sample/Local", storage: .directory(URL(fileURLWithPath: "/tmp/Sample/Local")),
      infoPlist: InfoPlist(values: ["CFBundleVersion": "12"]),
      tables: [
        table("en", "Localizable", english), table("de", "Localizable", german),
        table("en", "Settings", englishSettings), table("de", "Settings", germanSettings),
      ],
      developmentLanguage: "en")
  }

  static func state(_ bundle: LocalizationBundle, foregroundLimit: Int = 5_000) -> AppState {
    var state = AppState(local: bundle, checks: .none, plurals: Fixtures.plurals, width: 100, height: 30)
    state.search.foregroundSearchTextLimit = foregroundLimit
    _ = state.focus(language: "de", table: "Localizable")
    return state
  }

  static func state(_ root: URL, foregroundLimit: Int = 5_000) throws -> AppState {
    var state = AppState(
      local: try LocalizationBundle.load(root.path), checks: .none, plurals: Fixtures.plurals, width: 100, height: 30)
    state.search.foregroundSearchTextLimit = foregroundLimit
    _ = state.focus(language: "de", table: "Localizable")
    return state
  }

  @Test func theIndexGroupsOnTheSourceTextCaseAndEndPunctuationAsideAcrossTables() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = try LocalizationBundle.load(root.path)
    let index = RenderingIndex(bundle, stamp: RenderingIndex.stamp(bundle, language: "de"))
    let found = index.alternatives(source: "Save", table: "Localizable", key: "save.button")
    // Most used first; the key's own value is not counted; plural forms are left out.
    #expect(found.map(\.value) == ["Speichern", "Sichern!"])
    #expect(found[0].keys.map(\.key) == ["toolbar.save", "menu.save"])
    #expect(found[1].keys.map { "\($0.table) \($0.key)" } == ["Settings settings.save"])
    #expect(index.alternatives(source: "Trails", table: "Localizable", key: "title").isEmpty)
    #expect(RenderingIndex.normalized("Save all…  ") == "save all")
    #expect(RenderingIndex.normalized("保存。") == "保存")
    // The development language has no renderings of its own text.
    let english = RenderingIndex(bundle, stamp: RenderingIndex.stamp(bundle, language: "en"))
    #expect(english.alternatives(source: "Save", table: "Localizable", key: "save.button").isEmpty)
  }

  @Test func equalsTakesEachRenderingInTurnAndUndoAndSaveTouchOnlyThatValue() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try Self.state(root)
    state.press(.char("g"))
    #expect(state.selectedRow?.key == "save.button")
    #expect(state.selectedRenderings?.map(\.value) == ["Speichern", "Sichern!"])
    state.press(.char("="))
    #expect(state.selectedRow?.local == "Speichern")
    #expect(state.message?.text == "Took the value 2 other keys have for save.button; u undoes, = the next")
    state.press(.char("="))
    #expect(state.selectedRow?.local == "Sichern!")
    state.press(.char("="))
    #expect(state.selectedRow?.local == "Speichern")
    state.press(.char("u"), .char("u"))
    #expect(state.selectedRow?.local == "Speichern")
    state.press(.char("u"))
    #expect(state.selectedRow?.local == "Sichern")
    #expect(!state.isDirty)
    state.press(.ctrl("r"))
    #expect(state.selectedRow?.isEdited == true)
    _ = state.press(.char("w"))
    _ = state.update(state.savedEvent(.local))
    let saved = try String(contentsOf: root.appendingPathComponent("de.lproj/Localizable.strings"), encoding: .utf8)
    #expect(saved == Self.german.replacingOccurrences(of: "\"Sichern\";", with: "\"Speichern\";"))
    let settings = try String(contentsOf: root.appendingPathComponent("de.lproj/Settings.strings"), encoding: .utf8)
    #expect(settings == Self.germanSettings)
  }

  @Test func equalsExplainsWhenThereIsNothingToTake() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try Self.state(root)
    let title = try #require(state.browse.visible.firstIndex { state.browse.rows[$0].key == "title" })
    state.press(.char("g"))
    for _ in 0..<title { state.press(.char("j")) }
    state.press(.char("="))
    #expect(state.message?.text == "No other key of de has the source text of title")
    #expect(!state.isDirty)
    let plural = try #require(state.browse.visible.firstIndex { state.browse.rows[$0].key == "hikes" })
    state.press(.char("g"))
    for _ in 0..<plural { state.press(.char("j")) }
    #expect(!state.isAvailable(.takeRendering))
    _ = state.focus(language: "en", table: "Localizable")
    state.press(.char("g"), .char("="))
    #expect(state.message?.text.hasPrefix("The development language is the source text") == true)
  }

  @Test func aLargeTableHasItsIndexMadeOffTheLoopOnceNotPerSelectionMove() throws {
    // A limit of 0 rows: every table is "large".
    var state = Self.state(Self.memoryBundle, foregroundLimit: 0)
    let effects = state.press(.char("g"))
    let stamp = RenderingIndex.stamp(state.local, language: "de")
    #expect(effects.contains(.buildRenderings(stamp)))
    #expect(state.selectedRenderings == nil)
    assertSnapshot(state.render(), named: "renderings-gathering-100x30")
    state.press(.char("="))
    #expect(state.message?.text == "Still gathering the other renderings of de; try again in a moment")
    // Moving the selection asks for nothing more while the index is being made.
    #expect(!state.press(.char("j")).contains { if case .buildRenderings = $0 { true } else { false } })
    _ = state.update(.renderingsBuilt(RenderingIndex(state.local, stamp: stamp)))
    state.press(.char("g"))
    #expect(state.selectedRenderings?.count == 2)
    // An edit changes the tables: the index is made again, and the stale one is not shown.
    let after = state.press(.char("="))
    #expect(after.contains { if case .buildRenderings = $0 { true } else { false } })
    #expect(state.selectedRenderings == nil)
  }

  @Test func throughTheLoopTheRenderingsAreGatheredInTheBackgroundAndEqualsSavesOneValue() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-loop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = try Self.folder()
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: bundle, to: root.appendingPathComponent("bundle"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("journals"), withIntermediateDirectories: true)
    let terminal = ScriptTerminal([
      .waitFor("save.button"), .waitGone("loading"), .waitGone("checking…"),
      .waitFor("Also as   │ “Speichern” · toolbar.save, menu.save"),
      .key(.char("=")), .waitFor("Took the value 2 other keys have"), .key(.char("w")),
      .waitFor("Saved the local bundle"), .key(.char("q")),
    ])
    // Every table counts as large: the index is made by the loop on another thread.
    let (status, state) = try ReviewLoopTests.run(root, showing: "de", terminal) {
      $0.search.foregroundSearchTextLimit = 0
    }
    #expect(status == 0)
    #expect(!state.isDirty)
    let saved = try String(
      contentsOf: root.appendingPathComponent("bundle/de.lproj/Localizable.strings"), encoding: .utf8)
    #expect(saved == Self.german.replacingOccurrences(of: "\"Sichern\";", with: "\"Speichern\";"))
  }

  @Test func theDetailPaneListsTheOtherRenderingsWithTheirKeys() throws {
    var state = Self.state(Self.memoryBundle)
    state.press(.char("g"))
    assertSnapshot(state.render(), named: "renderings-also-100x30")
    let text = state.render().text
    #expect(text.contains("Also as   │ “Speichern” · toolbar.save, menu.save"))
    #expect(text.contains("│ “Sichern!” · settings.save (Settings)"))
  }

  @Test func theDetailPaneMarksGlossaryTermsAndWhetherTheValueFollowsThem() throws {
    var state = Self.state(Self.memoryBundle)
    state.checkOptions.glossary = [
      GlossaryEntry(term: "save", renderings: ["de": ["Speichern"]]),
      GlossaryEntry(term: "Trails", translate: false),
      GlossaryEntry(term: "hike", renderings: ["de": ["Wanderung"]]),
    ]
    state.press(.char("g"))
    #expect(state.selectedRow?.key == "save.button")
    var text = state.render().text
    #expect(text.contains("Glossary  │ “save” → “Speichern”  ✖ not followed"))
    #expect(!text.contains("“hike”"))
    state.press(.char("="))
    text = state.render().text
    #expect(text.contains("Glossary  │ “save” → “Speichern”  ✓ followed"))
    let title = try #require(state.browse.visible.firstIndex { state.browse.rows[$0].key == "title" })
    state.press(.char("g"))
    for _ in 0..<title { state.press(.char("j")) }
    #expect(state.render().text.contains("Glossary  │ “Trails” stays as written  ✖ not followed"))
    // The development language is the glossary's source: nothing to follow there.
    _ = state.focus(language: "en", table: "Localizable")
    #expect(!state.render().text.contains("Glossary"))
  }
}
