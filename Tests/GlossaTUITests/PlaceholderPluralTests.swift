import Foundation
import GlossaCore
import Testing

@testable import GlossaTUI

/// The review on a key an app keeps in both files of a table (DuckDuckGo's shape): a `.strings`
/// placeholder line and the `.stringsdict` family Apple's lookup reads. The detail pane shows
/// the family's format string (not the placeholder), and editing a form writes the family.
@Suite("Review: a key in both .strings and .stringsdict", .timeLimit(.minutes(10)))
struct PlaceholderPluralTests {
  static let strings = "/* Tabs */\n\"number.of.tabs\" = \"number.of.tabs\";\n"

  static func stringsdict(_ forms: [(String, String)]) -> String {
    let pairs = forms.map { "      <key>\($0.0)</key>\n      <string>\($0.1)</string>\n" }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>number.of.tabs</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key>
          <string>%#@tabs@</string>
          <key>tabs</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
      \(pairs)    </dict>
        </dict>
      </dict>
      </plist>

      """
  }

  static let frPlurals = stringsdict([("one", "%d onglet"), ("other", "%d onglets")])

  @Test func theFormatRowShowsTheFamilyAndAFormEditWritesTheStringsdict() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-ddg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (language, plurals) in [
      ("en", Self.stringsdict([("one", "%d tab"), ("other", "%d tabs")])), ("fr", Self.frPlurals),
    ] {
      let folder = root.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(Self.strings.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
      try Data(plurals.utf8).write(to: folder.appendingPathComponent("Localizable.stringsdict"))
    }
    let guide = PluralGuide { language in
      language == "fr"
        ? [
          PluralCategoryInfo(category: .one, samples: "0, 1"), PluralCategoryInfo(category: .many, samples: "1000000"),
          PluralCategoryInfo(category: .other, samples: "2~17"),
        ]
        : [PluralCategoryInfo(category: .one, samples: "1"), PluralCategoryInfo(category: .other, samples: "0, 2~16")]
    }
    var state = AppState(
      local: try LocalizationBundle.load(root.path), checks: .real(Checker()), plurals: guide, width: 100, height: 40)
    _ = state.start()
    state.focus(language: "fr", table: "Localizable")
    let row = try #require(state.browse.visible.map { state.browse.rows[$0] }.firstIndex { $0.key == "number.of.tabs" })
    state.press(.char("g"))
    for _ in 0..<row { state.press(.char("j")) }
    #expect(state.selectedRow?.key == "number.of.tabs")
    // The placeholder is no field of its own: only the family's forms are.
    #expect(state.detailFields.map(\.category) == [.one, .many, .other])
    let screen = state.render().text
    #expect(screen.contains("Format string"))
    #expect(screen.contains("Local     │ %#@tabs@"))
    #expect(!screen.contains("│ number.of.tabs"))
    state.press(.tab)
    let many = try #require(state.detailFields.firstIndex { $0.category == .many })
    for _ in 0..<many { state.press(.char("j")) }
    state.press(.char("e"))
    state.press(.ctrl("u"))
    state.type("%d d’onglets")
    state.press(.enter)
    _ = state.press(.char("w"))
    _ = state.update(state.savedEvent(.local))
    // The status line names every file the save wrote.
    #expect(state.message?.text == "Saved the local bundle: wrote fr.lproj/Localizable.stringsdict")
    let written = try String(
      contentsOf: root.appendingPathComponent("fr.lproj/Localizable.stringsdict"), encoding: .utf8)
    #expect(written.contains("<key>many</key>"))
    #expect(written.contains("%d d’onglets"))
    #expect(
      try String(contentsOf: root.appendingPathComponent("fr.lproj/Localizable.strings"), encoding: .utf8)
        == Self.strings)
  }
}
