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
}
