import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct BrokenReferenceTests {
  @Test func reportsAKeyPathTypo() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"app.name\" = \"Glossa\";\n\"welcome\" = \"Welcome to {app.name}\";\n\"bye\" = \"Leave {app.nmae}?\";\n"
    ])
    let found = CheckFixtures.findings(.brokenReference, in: bundle)
    #expect(found.map(\.key) == ["bye"])
    #expect(found.first?.language == "en")
    #expect(found.first?.message == "The placeholder {app.nmae} names a key that does not exist in en.")
  }

  @Test func resolvesAcrossTheLanguagesTables() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"welcome\" = \"Welcome to {app.name}\";\n",
      "en.lproj/Brand.strings": "\"app.name\" = \"Glossa\";\n",
      "de.lproj/Localizable.strings": "\"welcome\" = \"Willkommen bei {app.name}\";\n",
      "de.lproj/Brand.strings": "\"app.name\" = \"Glossa\";\n",
    ])
    #expect(CheckFixtures.findings(.brokenReference, in: bundle).isEmpty)
  }

  @Test func singleWordsAreVariablesUnlessTheyResolve() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"{count} items, {name}\";\n\"b\" = \"JSON {\\\"x\\\": 1}\";\n"
    ])
    #expect(CheckFixtures.findings(.brokenReference, in: bundle).isEmpty)
  }

  @Test func reportsACycle() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"a.one\" = \"see {a.two}\";\n\"a.two\" = \"see {a.one}\";\n\"a.self\" = \"{a.self}\";\n"
    ])
    let found = CheckFixtures.findings(.brokenReference, in: bundle)
    #expect(found.map(\.key) == ["a.one", "a.two", "a.self"])
    #expect(found.allSatisfy { $0.message.contains("cycle") })
  }
}
