import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct CheckerIncrementalTests {
  static let bundle = CheckFixtures.bundle([
    "en.lproj/Localizable.strings":
      "/* max-length: 10 */\n\"title\" = \"Photos\";\n\"files\" = \"%@ files\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n\"ref\" = \"{title}\";\n",
    "ru.lproj/Localizable.strings":
      "\"title\" = \"Фотографии и видео\";\n\"files\" = \"%d файлов\";\n\"n##{one}\" = \"%d\";\n\"n##{other}\" = \"%d\";\n",
    "de.lproj/Localizable.strings": "\"title\" = \"Fotos\";\n",
  ])

  @Test func cachedFindingsFollowEditsOnceTheTableIsInvalidated() throws {
    let checker = Checker()
    var cache = KeyCheckCache()
    var bundle = Self.bundle
    let before = checker.findings(for: "files", language: "ru", table: "Localizable", in: bundle, cache: &cache)
    #expect(before.map(\.kind).contains(.formatMismatch))
    #expect(cache.indexedLanguages == 2)  // ru and the source language
    try bundle.apply(
      Edit(
        address: ValueAddress(language: "ru", table: "Localizable", key: "files"), oldValue: "%d файлов",
        newValue: "%@ файлов"))
    // The edit gave the table a new revision: the cache indexes it again on its own, and
    // only it (no caller invalidates anything).
    #expect(before.map(\.kind).contains(.formatMismatch))
    let after = checker.findings(for: "files", language: "ru", table: "Localizable", in: bundle, cache: &cache)
    #expect(after == checker.findings(for: "files", language: "ru", table: "Localizable", in: bundle))
    #expect(!after.map(\.kind).contains(.formatMismatch))
  }

  /// A cache prepared on another thread (a copy) and adopted answers as a fresh one does, also
  /// for a file edited between the two: the index adopted for it is of its old revision.
  @Test func aPreparedCacheAdoptedAnswersAsAFreshOne() throws {
    let checker = Checker()
    var bundle = Self.bundle
    let remote = Self.bundle
    var cache = KeyCheckCache()
    var prepared = cache
    prepared.prepare(language: "ru", in: bundle, against: remote)
    #expect(prepared.indexedLanguages == 2, "ru on both sides, and the source")
    #expect(cache.indexedLanguages == 0)
    try bundle.apply(
      Edit(
        address: ValueAddress(language: "ru", table: "Localizable", key: "files"), oldValue: "%d файлов",
        newValue: "%@ файлов"))
    cache.adopt(prepared)
    #expect(cache.indexedLanguages == 2)
    for key in ["files", "title", "n"] {
      let cached = checker.findings(
        for: key, language: "ru", table: "Localizable", in: bundle, against: remote, cache: &cache)
      #expect(cached == checker.findings(for: key, language: "ru", table: "Localizable", in: bundle, against: remote))
    }
    // What the cache has is kept over what is adopted; the limit holds.
    var small = KeyCheckCache(languages: 2)
    for language in ["ru", "de"] {
      var other = KeyCheckCache(languages: 2)
      other.prepare(language: language, in: bundle, against: nil)
      small.adopt(other)
    }
    #expect(small.indexedLanguages == 2)
  }

  /// The findings across keys of one language are the full run's of those kinds.
  @Test func crossKeyFindingsAreThoseOfAFullRun() throws {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings":
        "\"a\" = \"Open\";\n\"b\" = \"Open\";\n\"c\" = \"Open.\";\n\"Title\" = \"T\";\n\"title\" = \"t\";\n",
      "de.lproj/Localizable.strings":
        "\"a\" = \"Öffnen\";\n\"b\" = \"Aufmachen\";\n\"c\" = \"Öffnen\";\n\"Title\" = \"T\";\n\"title\" = \"t\";\n",
      "fr.lproj/Localizable.strings": "\"a\" = \"Ouvrir\";\n\"b\" = \"Ouvrir\";\n",
    ])
    let checker = Checker()
    let full = try checker.findings(in: bundle)
    var cache = KeyCheckCache()
    var kindsSeen = Set<FindingKind>()
    for language in ["en", "de", "fr"] {
      let cross = checker.crossKeyFindings(language: language, in: bundle, cache: &cache)
      let expected = full.filter { Checker.crossKeyKinds.contains($0.kind) && $0.language == language }
      #expect(cross == expected, "\(language)")
      kindsSeen.formUnion(cross.map(\.kind))
    }
    #expect(kindsSeen == Checker.crossKeyKinds, "both kinds planted")
  }

  @Test func theCacheKeepsTheLanguagesUsedLastAndAnswersAsAFreshOneDoes() {
    let languages = ["de", "fr", "it", "es", "nl", "pt", "sv", "da"]
    var files = [("en.lproj/Localizable.strings", Data("\"title\" = \"Photos\";\n\"files\" = \"%@ files\";\n".utf8))]
    for language in languages {
      files.append(("\(language).lproj/Localizable.strings", Data("\"title\" = \"T \(language)\";\n".utf8)))
    }
    let bundle = CheckFixtures.bundle(data: files)
    let checker = Checker()
    // Without and with a remote bundle: a language indexed on both sides is one language.
    for remote in [nil, bundle] {
      var cache = KeyCheckCache(languages: 4)
      for (round, language) in (languages + languages.reversed()).enumerated() {
        let cached = checker.findings(
          for: "files", language: language, table: "Localizable", in: bundle, against: remote, cache: &cache)
        #expect(
          cached
            == checker.findings(for: "files", language: language, table: "Localizable", in: bundle, against: remote))
        #expect(!cached.isEmpty)
        #expect(cache.indexedLanguages == min(round + 2, 4), "round \(round)")
      }
    }
  }

  @Test func draftFindingsEqualThoseOfTheAppliedEdit() throws {
    let checker = Checker()
    var cache = KeyCheckCache()
    let drafts: [Edit] = [
      Edit(
        address: ValueAddress(language: "ru", table: "Localizable", key: "files"), oldValue: "%d файлов",
        newValue: "%@ файлов"),
      Edit(
        address: ValueAddress(language: "de", table: "Localizable", key: "files"), oldValue: nil, newValue: "%@ Dateien"
      ),
      Edit(
        address: ValueAddress(language: "de", table: "Localizable", key: "title"), oldValue: "Fotos",
        newValue: "Fotos und Videos"),
      Edit(
        address: ValueAddress(language: "de", table: "Localizable", key: "ref"), oldValue: nil,
        newValue: "{nothing.here}"),
      Edit(
        address: ValueAddress(language: "ru", table: "Localizable", key: "n", plural: .few), oldValue: nil,
        newValue: "%d"),
      Edit(
        address: ValueAddress(language: "en", table: "Localizable", key: "title"), oldValue: "Photos",
        newValue: " Photos"),
    ]
    var seen = 0
    for draft in drafts {
      var applied = Self.bundle
      try applied.apply(draft)
      let address = draft.address
      let expected = checker.findings(for: address.key, language: address.language, table: address.table, in: applied)
      let found = checker.findings(ofDraft: draft, in: Self.bundle, cache: &cache)
      // Lines differ (a draft not yet written has none); kinds and messages must not.
      #expect(Set(found.map(\.message)) == Set(expected.map(\.message)), "\(address.language) \(address.key)")
      seen += expected.count
      #expect(Set(found.map(\.kind)) == Set(expected.map(\.kind)))
    }
    #expect(seen >= 3, "the drafts should produce findings to compare")
    // The bundle itself is untouched by drafts.
    #expect(Self.bundle.value(at: ValueAddress(language: "ru", table: "Localizable", key: "files")) == "%d файлов")
  }

  @Test func aRemoteDraftIsCheckedAgainstTheRemoteRecord() throws {
    let checker = Checker()
    var cache = KeyCheckCache()
    let remote = Self.bundle
    let draft = Edit(
      address: ValueAddress(language: "de", table: "Localizable", key: "title"), oldValue: "Fotos", newValue: nil)
    let found = checker.findings(ofDraft: draft, onRemote: true, in: Self.bundle, against: remote, cache: &cache)
    #expect(found.map(\.kind).contains(.missingInRemote))
  }
}
