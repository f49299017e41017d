import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct ParseErrorTests {
  @Test func aSyntaxErrorInTheMiddleIsAFindingAndTheRestIsChecked() throws {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"%@\";\n",
    ])
    let all = try Checker().findings(in: bundle)
    let parse = all.filter { $0.kind == .parseError }
    #expect(parse.count >= 1)
    #expect(parse.first?.file == "de.lproj/Localizable.strings")
    #expect(parse.first?.line == 2)
    #expect(parse.first?.severity == .error)
    #expect(parse.first?.message.isEmpty == false)
    // The entry after the broken line is still read and checked.
    #expect(all.filter { $0.kind == .formatMismatch }.map(\.key) == ["c"])
  }

  @Test func wellFormedFilesHaveNone() {
    let bundle = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    #expect(CheckFixtures.findings(.parseError, in: bundle).isEmpty)
  }
}
