import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct BundleDiffTests {
  @Test func reportsAddedRemovedChangedAndPluralCategories() {
    let a = CheckFixtures.bundle(
      [
        "en.lproj/Localizable.strings":
          "\"ok\" = \"OK\";\n\"greet\" = \"Hello %@\";\n\"same\" = \"Same\";\n\"n##{one}\" = \"%d file\";\n\"n##{other}\" = \"%d files\";\n",
        "fr.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      ], name: "A")
    let b = CheckFixtures.bundle(
      [
        "en.lproj/Localizable.strings":
          "\"greet\" = \"Hello %d\";\n\"same\" = \"Same\";\n\"pause\" = \"Pause\";\n\"n##{few}\" = \"%d files\";\n\"n##{other}\" = \"%d files\";\n",
        "fr.lproj/Localizable.strings": "\"ok\" = \"D'accord\";\n",
      ], name: "B")
    let diff = BundleDiff(from: a, to: b)
    let summary = diff.changes.map { "\($0.language) \($0.kind.rawValue) \($0.key) \($0.category?.rawValue ?? "-")" }
    #expect(
      summary == [
        "en changed greet -", "en added pause -", "en plural-removed n one", "en plural-added n few",
        "en removed ok -", "fr changed ok -",
      ])
    #expect(diff.changes[0].formatChanged)
    #expect(diff.changes[0].old == "Hello %@" && diff.changes[0].new == "Hello %d")
    #expect(!diff.changes[5].formatChanged)
    #expect(diff.counts[.changed] == 2)
  }

  @Test func identicalBundlesHaveNoChanges() {
    let a = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n"])
    #expect(BundleDiff(from: a, to: a).isEmpty)
  }

  @Test func aLanguageOnlyOneSideHasIsAllAddedOrRemoved() {
    let a = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n"])
    let b = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
      "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
    ])
    #expect(BundleDiff(from: a, to: b).changes.map(\.kind) == [.added])
    #expect(BundleDiff(from: b, to: a).changes.map(\.kind) == [.removed])
  }
}
