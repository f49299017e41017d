import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct CaseDuplicateKeyTests {
  @Test func keysDifferingOnlyInCaseAreReportedOnceInTheSource() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"settings.title\" = \"Settings\";\n\"Settings.Title\" = \"Settings\";\n\"ok\" = \"OK\";\n\"OK\" = \"OK\";\n\"Cancel\" = \"Cancel\";\n",
      "de.lproj/Localizable.strings":
        "\"settings.title\" = \"Einstellungen\";\n\"Settings.Title\" = \"Einstellungen\";\n\"ok\" = \"OK\";\n\"OK\" = \"OK\";\n",
    ])
    let found = CheckFixtures.findings(.caseDuplicateKey, in: bundle)
    #expect(found.map { "\($0.language ?? "") \($0.key ?? "") \($0.line ?? 0)" } == ["en Settings.Title 2", "en OK 4"])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(found[0].message.contains("differs from “settings.title” only in case"))
  }

  @Test func theCommentOfEitherKeySilencesIt() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "/* glossa-ignore: case-duplicate-key */\n\"ok\" = \"OK\";\n\"OK\" = \"OK\";\n\"Straße\" = \"Street\";\n\"STRASSE\" = \"Street\";\n"
    ])
    #expect(CheckFixtures.findings(.caseDuplicateKey, in: bundle).isEmpty)
  }
}
