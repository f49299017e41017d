import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct CheckerTests {
  static let bundle = CheckFixtures.bundle([
    "en.lproj/Localizable.strings":
      "/* max-length: 10 */\n\"title\" = \"Photos\";\n\"files\" = \"%@ files\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n",
    "ru.lproj/Localizable.strings":
      "\"title\" = \"Фотографии и видео\";\n\"files\" = \"%d файлов\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n\"files\" = \"%d файлов\";\n",
    "de.lproj/Localizable.strings": "\"title\" = \"Fotos\";\n",
  ])

  @Test func perKeyFindingsMatchTheFullRun() throws {
    let checker = Checker()
    let all = try checker.findings(in: Self.bundle)
    for (language, key) in [("ru", "title"), ("ru", "files"), ("ru", "n"), ("de", "files"), ("en", "title")] {
      let expected = all.filter { $0.language == language && $0.key == key }
      let single = checker.findings(for: key, language: language, table: "Localizable", in: Self.bundle)
      #expect(single == expected, "\(language) \(key)")
    }
    #expect(!checker.findings(for: "files", language: "ru", table: "Localizable", in: Self.bundle).isEmpty)
  }

  @Test func perKeyFindingsFollowAnEdit() throws {
    var bundle = Self.bundle
    let before = Checker().findings(for: "files", language: "ru", table: "Localizable", in: bundle)
    #expect(before.map(\.kind).contains(.formatMismatch))
    guard let index = bundle.tables.firstIndex(where: { $0.language == "ru" }) else {
      Issue.record("no ru table")
      return
    }
    try bundle.tables[index].document.setValue(
      "%@ файлов", forKey: "files", plural: nil, variable: nil, comment: nil)
    let after = Checker().findings(for: "files", language: "ru", table: "Localizable", in: bundle)
    #expect(!after.map(\.kind).contains(.formatMismatch))
  }

  @Test func orderIsStableAndGroupedByLanguage() throws {
    let first = try Checker().findings(in: Self.bundle)
    let second = try Checker().findings(in: Self.bundle)
    #expect(first == second)
    let languages = first.compactMap(\.language)
    #expect(languages == languages.sorted { ($0 == "en" ? "" : $0) < ($1 == "en" ? "" : $1) })
    var streamed: [Finding] = []
    try Checker().run(Self.bundle) { streamed.append($0) }
    #expect(streamed == first)
  }

  @Test func disabledChecksDoNotRun() throws {
    let options = CheckOptions(disabled: Set(FindingKind.allCases))
    #expect(try Checker(options: options).findings(in: Self.bundle).isEmpty)
    #expect(Checker(options: options).checks.isEmpty)
  }

  /// Every kind has a check: in `allChecks`, or (for the kinds that read more than the bundle)
  /// one built with its input.
  @Test func everyKindHasACheck() throws {
    let uses = SourceKeyUses(uses: [], roots: [])
    let withInputs: [any Check] = [
      StoreMetadataLength(metadata: StoreMetadata(texts: [])), MissingInBundle(uses: uses), UnusedKey(uses: uses),
      try SourceChanged(previous: Self.bundle, revision: "HEAD"),
    ]
    #expect((Checker.allChecks + withInputs).map(\.kind) == FindingKind.allCases)
  }
}
