import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct DuplicateKeyTests {
  @Test func namesBothLinesAndGradesByValue() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"One\";\n\"b\" = \"Two\";\n\"a\" = \"Uno\";\n\"b\" = \"Two\";\n"
    ])
    let found = CheckFixtures.findings(.duplicateKey, in: bundle)
    #expect(found.map(\.key) == ["a", "b"])
    #expect(found.map(\.line) == [3, 4])
    #expect(found.map(\.severity) == [.error, .warning])
    #expect(found[0].message.contains("(lines 1 and 3)"))
  }

  @Test func distinctKeysAreFine() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"One\";\n\"A\" = \"One\";\n"
    ])
    #expect(CheckFixtures.findings(.duplicateKey, in: bundle).isEmpty)
  }
}
