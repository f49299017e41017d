import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct UnpositionedArgumentsTests {
  @Test func twoSpecifiersWithoutPositionsInTheSourceAreAWarning() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"one\" = \"%d files\";\n\"two\" = \"%@ of %lld\";\n\"placed\" = \"%1$@ of %2$lld\";\n\"pct\" = \"%d%% of %@\";\n",
      "de.lproj/Localizable.strings": "\"two\" = \"%@ von %lld\";\n",
    ])
    let found = CheckFixtures.findings(.unpositionedArguments, in: bundle)
    #expect(found.map(\.key) == ["two", "pct"])
    #expect(found.map(\.line) == [2, 4])
    #expect(found.allSatisfy { $0.language == "en" && $0.severity == .warning })
    #expect(
      found.first?.message
        == "The value has 2 arguments without positions (%@, %lld); a translation that needs them in another "
        + "order cannot reorder them. Write %1$@, %2$lld.")
  }

  @Test func pluralFormatKeysAndFormsAreLookedAt() {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.stringsdict": CheckFixtures.stringsdict(
        key: "files", forms: [("one", "%d file in %@"), ("other", "%1$d files in %2$@")])
    ])
    let found = CheckFixtures.findings(.unpositionedArguments, in: bundle)
    #expect(found.map(\.category) == [.one])
    #expect(found.first?.file == "en.lproj/Localizable.stringsdict")
  }
}
