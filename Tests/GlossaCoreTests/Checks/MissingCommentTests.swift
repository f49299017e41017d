import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct MissingCommentTests {
  static let bundle = CheckFixtures.bundle([
    "en.lproj/Localizable.strings":
      "/* The button that saves. */\n\"save\" = \"Save\";\n\"open\" = \"Open\";\n/*   */\n\"blank\" = \"Blank\";\n",
    "de.lproj/Localizable.strings": "\"save\" = \"Sichern\";\n\"open\" = \"Öffnen\";\n",
    "Base.lproj/Main.strings": "\"abc.text\" = \"Hi\";\n",
  ])

  @Test func isOptInAndOnlyForTheDevelopmentLanguage() {
    #expect(CheckFixtures.findings(.missingComment, in: Self.bundle).isEmpty)
    let found = CheckFixtures.findings(
      .missingComment, in: Self.bundle, options: CheckOptions(enabled: [.missingComment]))
    #expect(found.map(\.key) == ["open", "blank"])
    #expect(found.map(\.line) == [3, 5])
    #expect(found.allSatisfy { $0.severity == .info && $0.language == "en" })
  }

  @Test func disabledWinsOverEnabled() {
    let options = CheckOptions(disabled: [.missingComment], enabled: [.missingComment])
    #expect(CheckFixtures.findings(.missingComment, in: Self.bundle, options: options).isEmpty)
  }
}
