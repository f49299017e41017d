import Foundation
import Testing

@testable import GlossaCore
@testable import GlossaTUI

/// A translation's snapshot built with the source snapshot's keys answers exactly as one built
/// alone, and holds the source's key strings rather than strings of its own.
@Suite(.timeLimit(.minutes(10))) struct SnapshotKeySharingTests {
  static let source =
    (0..<40).map { "\"screen.section.key_\($0)\" = \"Value \($0)\";\n" }.joined()
    + "\"files##{one}\" = \"%d file\";\n\"files##{other}\" = \"%d files\";\n\"caf\u{E9}.title\" = \"Caf\u{E9}\";\n"

  /// Translations: the same order, another order, keys missing and added, a plural family's
  /// forms apart, a key spelled canonically equivalent.
  static let translations = [
    (0..<40).map { "\"screen.section.key_\($0)\" = \"Wert \($0)\";\n" }.joined(),
    (0..<40).reversed().map { "/* c\($0) */\n\"screen.section.key_\($0)\" = \"Wert \($0)\";\n" }.joined(),
    (0..<40).filter { $0 % 3 != 0 }.map { "\"screen.section.key_\($0)\" = \"W\";\n" }.joined()
      + "\"only.here.in.the.translation\" = \"x\";\n",
    "\"files##{few}\" = \"%d plików\";\n\"screen.section.key_3\" = \"a\";\n\"files##{other}\" = \"%d pliki\";\n"
      + "\"cafe\u{301}.title\" = \"Kawa\";\n\"screen.section.key_3\" = \"again\";\n",
  ]

  private static func bundle(_ translation: String) -> LocalizationBundle {
    func table(_ language: String, _ text: String) -> LocaleTable {
      LocaleTable(
        language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings", format: .strings,
        document: StringsDocument(data: Data(text.utf8), file: "\(language).lproj/Localizable.strings"))
    }
    return LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")),
      tables: [table("en", source), table("pl", translation)], developmentLanguage: "en")
  }

  private static func address(_ key: String) -> UnsafePointer<UInt8>? {
    key.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
  }

  @Test(arguments: translations.indices)
  func aSharedKeySnapshotAnswersAsOneBuiltAlone(_ which: Int) {
    let bundle = Self.bundle(Self.translations[which])
    let source = TableSnapshot(bundle, language: "en", table: "Localizable")
    let alone = TableSnapshot(bundle, language: "pl", table: "Localizable")
    let shared = TableSnapshot(bundle, language: "pl", table: "Localizable", sharingKeysOf: source)
    #expect(shared.order == alone.order)
    for key in alone.order + source.order + ["none"] {
      #expect(shared.value(key) == alone.value(key), "\(key)")
      #expect(shared.comment(key) == alone.comment(key), "\(key)")
      #expect(shared.line(key) == alone.line(key), "\(key)")
      #expect(shared.plural(key) == alone.plural(key), "\(key)")
      #expect(shared.slot(of: key) == alone.slot(of: key), "\(key)")
    }
    // Every key the source has is the source's string.
    for key in shared.order where source.contains(key) && key.utf8.count > 15 {
      let sourceKey = source.order[source.slot(of: key)!]
      #expect(Self.address(key) == Self.address(sourceKey), "\(key)")
    }
  }

  /// A table of a `.strings` and a `.stringsdict` file: a value added to the `.strings` (not
  /// the table's last file) where it was missing, then removed (the undo).
  private static func twoFileBundle() -> LocalizationBundle {
    func strings(_ language: String, _ text: String) -> LocaleTable {
      LocaleTable(
        language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings", format: .strings,
        document: StringsDocument(data: Data(text.utf8), file: "\(language).lproj/Localizable.strings"))
    }
    func plurals(_ language: String, _ forms: String) -> LocaleTable {
      let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>files</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>\(forms)</dict></dict></dict></plist>
        """
      return LocaleTable(
        language: language, name: "Localizable", path: "\(language).lproj/Localizable.stringsdict",
        format: .stringsdict,
        document: StringsdictDocument(data: Data(text.utf8), file: "\(language).lproj/Localizable.stringsdict"))
    }
    return LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")),
      tables: [
        strings("en", source),
        plurals("en", "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>"),
        strings("pl", translations[2]),
        plurals("pl", "<key>few</key><string>%d pliki</string><key>other</key><string>%d plik\u{F3}w</string>"),
      ], developmentLanguage: "en")
  }

  /// Every answer of `snapshot` is that of a snapshot read afresh, and its key list is too.
  private static func expectSame(
    _ snapshot: TableSnapshot, as fresh: TableSnapshot, source: TableSnapshot, _ step: String
  ) {
    #expect(Set(snapshot.order) == Set(fresh.order), "\(step)")
    #expect(snapshot.extras?.keys == fresh.extras?.keys, "\(step)")
    for key in fresh.order + source.order + ["none"] {
      #expect(snapshot.value(key) == fresh.value(key), "\(step): \(key)")
      #expect(snapshot.comment(key) == fresh.comment(key), "\(step): \(key)")
      #expect(snapshot.line(key) == fresh.line(key), "\(step): \(key)")
      #expect(snapshot.plural(key) == fresh.plural(key), "\(step): \(key)")
      #expect(
        snapshot.pluralForms(key).mapValues(\.string) == fresh.pluralForms(key).mapValues(\.string), "\(step): \(key)")
    }
    let kept = RowList.keyList(source: source, local: snapshot, remote: nil)
    let made = RowList.keyList(source: source, local: fresh, remote: nil)
    #expect(kept?.keys == made?.keys, "\(step)")
  }

  @Test func aValueAddedToAFileBeforeTheLastIsTakenInPlace() throws {
    var bundle = Self.twoFileBundle()
    let source = TableSnapshot(bundle, language: "en", table: "Localizable")
    func files() -> [LocaleTable] { bundle.tables.filter { $0.language == "pl" } }
    var snapshot = TableSnapshot(bundle, language: "pl", table: "Localizable", sharingKeysOf: source)
    #expect(snapshot.sources.count == 2)
    // A key the source has, missing here: added to the `.strings`, before the `.stringsdict`.
    try bundle.setValue("Dodane", forKey: "screen.section.key_3", language: "pl", table: "Localizable")
    let added = snapshot.update(with: files(), source: source)
    #expect(added)
    var fresh = TableSnapshot(bundle, language: "pl", table: "Localizable", sharingKeysOf: source)
    Self.expectSame(snapshot, as: fresh, source: source, "added")
    #expect(snapshot.value("screen.section.key_3") == "Dodane")
    #expect(snapshot.value("files") == "%d plik\u{F3}w")
    // Another value of the same key, then the value removed again: its slot was the last.
    try bundle.setValue("Inne", forKey: "screen.section.key_3", language: "pl", table: "Localizable")
    let changed = snapshot.update(with: files(), source: source)
    #expect(changed)
    fresh = TableSnapshot(bundle, language: "pl", table: "Localizable", sharingKeysOf: source)
    Self.expectSame(snapshot, as: fresh, source: source, "changed")
    try bundle.removeValue(forKey: "screen.section.key_3", language: "pl", table: "Localizable")
    let removed = snapshot.update(with: files(), source: source)
    #expect(removed)
    fresh = TableSnapshot(bundle, language: "pl", table: "Localizable", sharingKeysOf: source)
    Self.expectSame(snapshot, as: fresh, source: source, "removed")
    #expect(snapshot.value("screen.section.key_3") == nil)
    // A key the source lacks would sit elsewhere among the extras of a new snapshot.
    try bundle.setValue("x", forKey: "another.extra", language: "pl", table: "Localizable")
    let extraAdded = snapshot.update(with: files(), source: source)
    #expect(!extraAdded)
    // Without the source to tell, a file before the last may not grow either.
    var alone = TableSnapshot(bundle, language: "pl", table: "Localizable")
    try bundle.setValue("y", forKey: "screen.section.key_6", language: "pl", table: "Localizable")
    let aloneGrew = alone.update(with: files())
    #expect(!aloneGrew)
    // The source's own snapshot: its order is the key list.
    var own = TableSnapshot(bundle, language: "en", table: "Localizable")
    try bundle.setValue("z", forKey: "new.source.key", language: "en", table: "Localizable")
    let sourceGrew = own.update(with: bundle.tables.filter { $0.language == "en" })
    #expect(!sourceGrew)
  }

  /// The remote's translation shares the keys of the remote's development language, which are
  /// not the local source's (here half of them are): it answers as one read alone, and its
  /// extras are the keys the local source lacks, in its order.
  @Test(arguments: translations.indices)
  func aRemoteTranslationSharesTheRemoteSourcesKeys(_ which: Int) {
    let local = Self.bundle(Self.translations[which])
    let remoteSourceText =
      (20..<60).map { "\"screen.section.key_\($0)\" = \"Remote \($0)\";\n" }.joined() + "\"files##{other}\" = \"x\";\n"
    let remoteTranslation =
      (0..<60).reversed().filter { $0 % 4 != 1 }.map { "\"screen.section.key_\($0)\" = \"R \($0)\";\n" }.joined()
      + "\"only.in.the.remote.translation\" = \"y\";\n"
    func table(_ language: String, _ text: String) -> LocaleTable {
      LocaleTable(
        language: language, name: "Localizable", path: "\(language).lproj/Localizable.strings", format: .strings,
        document: StringsDocument(data: Data(text.utf8), file: "\(language).lproj/Localizable.strings"))
    }
    let remote = LocalizationBundle(
      name: "R", storage: .directory(URL(fileURLWithPath: "/nonexistent")),
      tables: [table("en", remoteSourceText), table("pl", remoteTranslation)], developmentLanguage: "en")
    let source = TableSnapshot(local, language: "en", table: "Localizable")
    let remoteSource = TableSnapshot(remote, language: "en", table: "Localizable", extrasAgainst: source)
    let alone = TableSnapshot(remote, language: "pl", table: "Localizable")
    let shared = TableSnapshot(
      remote, language: "pl", table: "Localizable", sharingKeysOf: remoteSource, extrasAgainst: source)
    #expect(shared.order == alone.order)
    for key in alone.order + remoteSource.order + source.order + ["none"] {
      #expect(shared.value(key) == alone.value(key), "\(key)")
      #expect(shared.slot(of: key) == alone.slot(of: key), "\(key)")
      #expect(shared.contains(key) == alone.contains(key), "\(key)")
    }
    #expect(remoteSource.extras?.keys == remoteSource.order.filter { !source.contains($0) })
    #expect(shared.extras?.keys == alone.order.filter { !source.contains($0) })
    #expect(shared.extras?.keys.contains("only.in.the.remote.translation") == true)
    let list = RowList.keyList(source: source, local: source, remote: shared)
    #expect(list?.keys == RowList.keyListByLookup(source: source, local: source, remote: shared).keys)
    // Its keys are the remote source's strings.
    for key in shared.order where remoteSource.contains(key) && key.utf8.count > 15 {
      #expect(Self.address(key) == Self.address(remoteSource.order[remoteSource.slot(of: key)!]), "\(key)")
    }
  }
}
