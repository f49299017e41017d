import Foundation
import Testing

@testable import GlossaCore

/// An edit undone gives back the saved `.strings` document itself: the edited copy of the file
/// is let go, not held beside the saved one.
@Suite(.timeLimit(.minutes(10))) struct UndoneEditTests {
  private static func bundle(_ text: String) -> LocalizationBundle {
    let document = StringsDocument(data: Data(text.utf8), file: "de.lproj/Localizable.strings")
    let table = LocaleTable(
      language: "de", name: "Localizable", path: "de.lproj/Localizable.strings", format: .strings, document: document)
    return LocalizationBundle(
      name: "B", storage: .directory(URL(fileURLWithPath: "/nonexistent")), tables: [table], developmentLanguage: "de")
  }

  private static func textAddress(_ document: any TableDocument) -> UnsafePointer<UInt8>? {
    (document as? StringsDocument)?.text.withUnsafeBufferPointer { $0.baseAddress }
  }

  @Test(arguments: [
    ("\"a\" = \"eins\";\n\"b\" = \"zwei\";\n", "a", "eins", "uno"),
    ("\"a\" = \"eins\";\n\"b\" = \"zwei\";\n", "b", "zwei", "zwo"),
    ("/* c */\n\"a\" = \"Sag \\\"Hi\\\"\";\n", "a", "Sag \"Hi\"", "Hallo"),
  ])
  func undoingAnEditSharesTheSavedDocumentAgain(_ text: String, _ key: String, _ old: String, _ new: String) throws {
    var bundle = Self.bundle(text)
    let saved = bundle.tables[0].savedDocument
    try bundle.setValue(new, forKey: key, language: "de", table: "Localizable")
    #expect(Self.textAddress(bundle.tables[0].document) != Self.textAddress(saved))
    #expect(!bundle.tables[0].writesItsSavedBytes)
    try bundle.setValue(old, forKey: key, language: "de", table: "Localizable")
    let table = bundle.tables[0]
    #expect(Self.textAddress(table.document) == Self.textAddress(saved))
    #expect(table.writesItsSavedBytes && table.isModified)
    #expect(table.entries == saved.entries)
    #expect(table.document.serialized() == Data(text.utf8))
    // With the spans the edit read: the next edit need not read them again.
    #expect((table.document as? StringsDocument)?.keepsSpans == true)
    #expect((table.document as? StringsDocument)?.spans == StringsDocument(data: Data(text.utf8), file: "x").spans)
    // Edits go on from it as from any document.
    try bundle.setValue(new, forKey: key, language: "de", table: "Localizable")
    #expect(bundle.tables[0].entries.first { $0.key == key }?.value == new)
  }

  @Test func aValueAddedAndRemovedAgainSharesTheSavedDocument() throws {
    var bundle = Self.bundle("\"a\" = \"eins\";\n")
    let saved = bundle.tables[0].savedDocument
    try bundle.setValue("drei", forKey: "c", language: "de", table: "Localizable")
    try bundle.removeValue(forKey: "c", language: "de", table: "Localizable")
    #expect(Self.textAddress(bundle.tables[0].document) == Self.textAddress(saved))
  }
}
