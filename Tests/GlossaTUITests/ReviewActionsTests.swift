import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// The reviewer's actions over real files: delete, copy across sides, copy the source, remote
/// drafts checked, the findings view. Every save is compared byte for byte with what it should be.
@Suite(.timeLimit(.minutes(10))) struct ReviewActionsTests {
  static let english = """
    /* Toolbar button. max-length: 10 */
    "toolbar.save" = "Save";

    /* Title. max-length: 12 */
    "login.title" = "Sign in";
    "hike.start" = "Start";

    """
  static let polish = """
    /* Toolbar button. max-length: 10 */
    "toolbar.save" = "Zapisz";

    "login.title" = "Zaloguj";
    "hike.start" = "Start";

    /* Saved again by a second translator */
    "toolbar.save" = "Zachowaj";

    """
  static let englishPlurals = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>%d hikes</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@hikes@</string>
        <key>hikes</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key>
          <string>d</string>
          <key>one</key>
          <string>%d hike</string>
          <key>other</key>
          <string>%d hikes</string>
        </dict>
      </dict>
    </dict>
    </plist>

    """

  /// A bundle folder with en and pl tables (and a pl `.stringsdict` from `plurals`).
  static func folder(polish: String = polish, plurals: String? = nil) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-actions-\(UUID().uuidString)")
    for (language, text) in [("en", english), ("pl", polish)] {
      let folder = root.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
      if let plurals {
        try Data((language == "en" ? englishPlurals : plurals).utf8)
          .write(to: folder.appendingPathComponent("Localizable.stringsdict"))
      }
    }
    return root
  }

  static func state(_ local: URL, remote: URL? = nil) throws -> AppState {
    let checks = ReviewChecks.real(Checker())
    var state = AppState(
      local: try LocalizationBundle.load(local.path), remote: try remote.map { try LocalizationBundle.load($0.path) },
      checks: checks, plurals: Fixtures.plurals, width: 100, height: 30)
    if case .runChecks(let generation) = state.start().first {
      _ = state.update(
        .checksFinished(
          checks.all(state.local, state.remote), remote: state.remote.map { checks.remoteAll($0) } ?? [],
          generation: generation))
    }
    return state
  }

  static func save(_ state: inout AppState, _ side: Side = .local) {
    _ = state.press(.char("w"))
    _ = state.update(state.savedEvent(side))
  }

  static func text(_ root: URL, _ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func deletingADuplicateKeyRemovesExactlyThatEntrysLinesAndUndoPutsThemBack() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try Self.state(root)
    #expect(state.language == "pl")
    #expect(state.selectedRow?.key == "toolbar.save")
    #expect(state.selectedRow?.findings.contains { $0.kind == .duplicateKey } == true)
    state.press(.char("x"))
    #expect(state.message?.text == "Deleted toolbar.save (local); u undoes, w saves")
    #expect(state.selectedRow?.local == "Zapisz")
    #expect(state.selectedRow?.isEdited == true)
    #expect(state.selectedRow?.findings.contains { $0.kind == .duplicateKey } == false)
    // Undo gives back the very bytes; redo deletes again; the save writes exactly that.
    state.press(.char("u"))
    #expect(state.local.table(language: "pl", name: "Localizable")?.document.serialized() == Data(Self.polish.utf8))
    state.press(.ctrl("r"))
    Self.save(&state)
    let expected = Self.polish.replacingOccurrences(
      of: "/* Saved again by a second translator */\n\"toolbar.save\" = \"Zachowaj\";\n", with: "")
    #expect(try Self.text(root, "pl.lproj/Localizable.strings") == expected)
    #expect(try Self.text(root, "en.lproj/Localizable.strings") == Self.english)
    #expect(!state.isDirty)
  }

  @Test func deletingAPluralFormTakesItsLinesAndTheLastFormTakesTheKey() throws {
    let polishPlurals = Self.englishPlurals.replacingOccurrences(
      of: "<key>one</key>\n      <string>%d hike</string>",
      with:
        "<key>zero</key>\n      <string>%d wędrówek (zero)</string>\n      <key>one</key>\n      <string>%d wędrówka</string>"
    )
    let root = try Self.folder(plurals: polishPlurals)
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try Self.state(root)
    state.focus(language: "pl", table: "Localizable")
    let row = try #require(state.browse.visible.map { state.browse.rows[$0] }.firstIndex { $0.key == "%d hikes" })
    state.press(.char("g"))
    for _ in 0..<row { state.press(.char("j")) }
    #expect(state.selectedRow?.key == "%d hikes")
    // In the detail pane, pick the extra "zero" form (pl has one, few, many, other).
    state.press(.tab)
    let zero = try #require(state.detailFields.firstIndex { $0.category == .zero })
    for _ in 0..<zero { state.press(.char("j")) }
    state.press(.char("x"))
    #expect(state.message?.text == "Deleted the zero form of %d hikes (local); u undoes, w saves")
    Self.save(&state)
    let withoutZero = polishPlurals.replacingOccurrences(
      of: "      <key>zero</key>\n      <string>%d wędrówek (zero)</string>\n", with: "")
    #expect(try Self.text(root, "pl.lproj/Localizable.stringsdict") == withoutZero)
    // The other form stays while others do: a family without it is a broken file.
    let other = try #require(state.detailFields.firstIndex { $0.category == .other })
    state.press(.char("g"))
    for _ in 0..<other { state.press(.char("j")) }
    #expect(state.detailFields[state.browse.detailField].category == .other)
    state.press(.char("x"))
    #expect(state.message?.text.hasPrefix("Every plural family needs its other form") == true)
    #expect(!state.isDirty)
    // On the list, x deletes the whole family: the key goes with its last form.
    state.press(.tab, .char("x"))
    #expect(state.message?.text == "Deleted 2 forms of %d hikes (local); u undoes, w saves")
    Self.save(&state)
    let stringsdict = try Self.text(root, "pl.lproj/Localizable.stringsdict")
    #expect(!stringsdict.contains("hikes"))
    #expect(try PropertyListSerialization.propertyList(from: Data(stringsdict.utf8), format: nil) is [String: Any])
    state.press(.char("u"))
    Self.save(&state)
    #expect(try Self.text(root, "pl.lproj/Localizable.stringsdict") == withoutZero)
  }

  @Test func copyingAcrossSidesAndTheSourceIntoTheDraft() throws {
    let local = try Self.folder()
    let remote = try Self.folder(polish: Self.polish.replacingOccurrences(of: "\"Zaloguj\"", with: "\"Zaloguj się\""))
    defer {
      try? FileManager.default.removeItem(at: local)
      try? FileManager.default.removeItem(at: remote)
    }
    var state = try Self.state(local, remote: remote)
    state.press(.char("j"))
    #expect(state.selectedRow?.key == "login.title")
    #expect(state.selectedRow?.isChanged == true)
    state.press(.char("<"))
    #expect(state.selectedRow?.local == "Zaloguj się")
    #expect(state.selectedRow?.isChanged == false)
    state.press(.char("<"))
    #expect(state.message?.text == "The local value already is the remote one")
    state.press(.char("u"))
    #expect(state.selectedRow?.local == "Zaloguj")
    state.press(.char(">"))
    #expect(
      state.bundle(.remote).value(at: ValueAddress(language: "pl", table: "Localizable", key: "login.title"))
        == "Zaloguj")
    // Ctrl-B in the editor replaces the draft with the source text.
    state.press(.char("e"), .ctrl("b"))
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing")
      return
    }
    #expect(session.editor.text == "Sign in")
    state.press(.escape)
    Self.save(&state)
    let expected = Self.polish
    #expect(try Self.text(local, "pl.lproj/Localizable.strings") == expected)
  }

  @Test func aMissingValueStartsAsTheOtherSidesAndARemoteDraftIsChecked() throws {
    let local = try Self.folder(polish: Self.polish.replacingOccurrences(of: "\"hike.start\" = \"Start\";\n", with: ""))
    let remote = try Self.folder(polish: Self.polish.replacingOccurrences(of: "\"Start\"", with: "\"Rozpocznij\""))
    defer {
      try? FileManager.default.removeItem(at: local)
      try? FileManager.default.removeItem(at: remote)
    }
    var state = try Self.state(local, remote: remote)
    state.press(.char("j"), .char("j"))
    #expect(state.selectedRow?.key == "hike.start")
    state.press(.char("e"))
    guard case .editing(let session) = state.mode else {
      Issue.record("not editing")
      return
    }
    #expect(session.original == nil)
    #expect(session.editor.text == "Rozpocznij")
    state.press(.escape, .char("k"))
    // A remote draft over the source's max-length is flagged as it is typed.
    state.press(.char("E"), .ctrl("u"))
    state.type("Zaloguj się do aplikacji")
    _ = state.update(.idle)
    guard case .editing(let draft) = state.mode else {
      Issue.record("not editing")
      return
    }
    #expect(draft.side == .remote)
    #expect(draft.findings.map(\.kind) == [.overlong])
    #expect(state.render().text.contains("overlong remote"))
    state.press(.enter)
    #expect(state.selectedRow?.remoteFindings.map(\.kind) == [.overlong])
    #expect(state.selectedRow?.findings.contains { $0.kind == .overlong } == false)
  }

  @Test func theFindingsViewListsFileProblemsAndJumpsToTheirLine() throws {
    let broken = Self.polish.replacingOccurrences(
      of: "\"login.title\" = \"Zaloguj\";", with: "\"login.title\" = \"Zaloguj\"")
    let root = try Self.folder(polish: broken)
    defer { try? FileManager.default.removeItem(at: root) }
    var state = try Self.state(root)
    state.press(.char("F"))
    guard case .findings(let browser) = state.mode else {
      Issue.record("the findings view did not open")
      return
    }
    let problem = try #require(browser.items.first { $0.finding.kind == .parseError })
    #expect(problem.finding.line == 4)
    #expect(problem.finding.key == nil)
    #expect(browser.items.count == state.results.findings.count)
    // Filter to errors, then to parse errors, then go to it.
    state.press(.char("s"))
    guard case .findings(let errors) = state.mode else {
      Issue.record("expected .findings, found \(state.mode)")
      return
    }
    #expect(errors.items.allSatisfy { $0.finding.severity == .error })
    while case .findings(let view) = state.mode, view.kind != .parseError { state.press(.char("t")) }
    guard case .findings(let parse) = state.mode else {
      Issue.record("expected .findings, found \(state.mode)")
      return
    }
    #expect(parse.items.count == 1)
    #expect(state.render().text.contains("Localizable.strings:4"))
    state.press(.enter)
    #expect(state.scope == .list)
    #expect(state.language == "pl")
    #expect(state.selectedRow?.key == "login.title")  // the entry on line 4
    #expect(state.message?.text.contains("parse-error") == true)
    #expect(state.render().text.contains("file parse-error pl.lproj/Localizable.strings:4"))
  }
}

extension ReviewActionsTests {
  /// A remote whose plural family differs only in a form other than `other` (a `many` it
  /// added): the row is changed (`≠`, the changed filter), and `<` on the row takes that form.
  @Test func aPluralFamilyDifferingInAnyFormIsChangedAndTakenWhole() throws {
    let localPlurals = Self.englishPlurals
    let remotePlurals = Self.englishPlurals.replacingOccurrences(
      of: "<key>one</key>", with: "<key>many</key>\n      <string>%d wędrówek</string>\n      <key>one</key>")
    #expect(remotePlurals != localPlurals)
    let local = try Self.folder(plurals: localPlurals)
    let remote = try Self.folder(plurals: remotePlurals)
    defer {
      try? FileManager.default.removeItem(at: local)
      try? FileManager.default.removeItem(at: remote)
    }
    var state = try Self.state(local, remote: remote)
    state.focus(language: "pl", table: "Localizable")
    let index = try #require(state.browse.rows.keys.firstIndex(of: "%d hikes"))
    #expect(state.browse.rows.isChanged(at: index), "a form only the remote has")
    state.browse.filter = .changed
    state.applyFilter(keeping: nil)
    #expect(state.browse.visible.contains(index))
    state.select(key: "%d hikes")
    state.press(.char("<"))
    let many = ValueAddress(
      language: "pl", table: "Localizable", key: "%d hikes", plural: .many, variable: "hikes")
    #expect(state.bundle(.local).value(at: many) == "%d wędrówek", "\(state.message?.text ?? "")")
    #expect(!state.browse.rows.isChanged(at: try #require(state.browse.rows.keys.firstIndex(of: "%d hikes"))))
  }
}

extension ReviewActionsTests {
  /// `w` with edits on both sides saves both, and the status names every file of both.
  @Test func savingBothSidesNamesTheFilesOfBoth() throws {
    let local = try Self.folder()
    let remote = try Self.folder()
    defer {
      try? FileManager.default.removeItem(at: local)
      try? FileManager.default.removeItem(at: remote)
    }
    var state = try Self.state(local, remote: remote)
    state.focus(language: "pl", table: "Localizable")
    state.press(.char("e"), .ctrl("u"))
    state.type("Lokalnie")
    state.press(.enter, .char("E"), .ctrl("u"))
    state.type("Zdalnie")
    state.press(.enter)
    #expect(state.dirtySides == [.local, .remote])
    let effects = state.press(.char("w"))
    #expect(effects.contains(.save(.local, overwriting: false)) && effects.contains(.save(.remote, overwriting: false)))
    _ = state.update(state.savedEvent(.local))
    #expect(
      state.message?.text == "Saved the local bundle: wrote pl.lproj/Localizable.strings; saving the remote…")
    _ = state.update(state.savedEvent(.remote))
    #expect(
      state.message?.text
        == "Saved the local bundle: wrote pl.lproj/Localizable.strings; saved the remote bundle: wrote pl.lproj/Localizable.strings"
    )
    #expect(!state.isDirty)
  }
}
