import Testing

@testable import GlossaCore

/// A local bundle and a "remote" one that lacks `b` in English and still has `old`.
enum RemoteFixtures {
  static let local = CheckFixtures.bundle([
    "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
    "de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
  ])
  static let remote = CheckFixtures.bundle(
    [
      "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"old\" = \"Old\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
    ], name: "https://cdn.example.com/b.zip")
}

@Suite(.timeLimit(.minutes(10))) struct MissingInRemoteTests {
  let local = RemoteFixtures.local
  let remote = RemoteFixtures.remote

  @Test func missingInRemote() {
    let found = CheckFixtures.findings(.missingInRemote, in: local, against: remote)
    #expect(found.map(\.key) == ["b"])
    #expect(found.first?.language == "en")
    #expect(found.first?.severity == .warning)
  }

  @Test func identicalBundlesHaveNone() {
    #expect(CheckFixtures.findings(.missingInRemote, in: local).isEmpty)
    #expect(CheckFixtures.findings(.missingInRemote, in: local, against: local).isEmpty)
  }

  @Test func aKeyInBothFilesIsReportedAtItsStringsdictEntry() {
    let forms = [("one", "%d file"), ("other", "%d files")]
    let local = CheckFixtures.placeholderBesidePlural(["en": forms, "de": forms])
    let remote = CheckFixtures.bundle(
      [
        "en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
        "de.lproj/Localizable.strings": "\"title\" = \"Titel\";\n",
      ], name: "https://cdn.example.com/b.zip")
    let found = CheckFixtures.findings(.missingInRemote, in: local, against: remote)
    #expect(found.map(\.key) == ["files", "files"])
    #expect(found.map(\.file) == ["en.lproj/Localizable.stringsdict", "de.lproj/Localizable.stringsdict"])
    #expect(found.map(\.line) == [16, 16])
  }
}

@Suite(.timeLimit(.minutes(10))) struct MissingInRemoteTableTests {
  @Test func aTableTheRemoteLacksIsOneFinding() {
    let local = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
      "fr.lproj/Localizable.strings": "\"a\" = \"A\";\n",
    ])
    let remote = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    let found = CheckFixtures.findings(.missingInRemote, in: local, against: remote)
    #expect(found.map(\.language) == ["fr"])
    #expect(found.first?.key == nil)
    #expect(CheckFixtures.findings(.onlyInRemote, in: remote, against: local).map(\.language) == ["fr"])
  }
}
