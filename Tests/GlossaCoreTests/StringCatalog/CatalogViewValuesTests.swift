import Foundation
import Testing

@testable import GlossaCore

/// A view copies its language's plain values into one buffer of its own; values with escapes
/// keep their decoded strings. Either way each entry reads as its unit does.
@Suite(.timeLimit(.minutes(10))) struct CatalogViewValuesTests {
  @Test func everyEntryReadsAsItsUnitWhateverMixOfPlainAndEscapedValues() throws {
    let values = [#"plain"#, #"with \"quotes\""#, #""#, #"é ü 日本"#, #"tab\there"#, #"\u00e9"#, #"last"#]
    for rotation in values.indices {
      let order = Array(values[rotation...] + values[..<rotation])
      let strings = order.enumerated().map { index, value in
        #""k\#(index)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"\#(value)"}},"#
          + #""en":{"stringUnit":{"state":"translated","value":"v\#(index)"}}}}"#
      }
      let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"# + strings.joined(separator: ",") + "}}"
      let document = StringCatalogDocument(data: Data(json.utf8), file: "Localizable.xcstrings")
      #expect(document.diagnostics.isEmpty)
      let view = try #require(
        StringCatalogView.views(of: document, fallbackLanguage: "en").first { $0.language == "de" })
      let expected = order.indices.map { index in
        document.unit(at: CatalogUnitPath(key: "k\(index)", language: "de"))?.value
      }
      #expect(view.entries.map(\.value) == expected.compactMap { $0 }, "rotation \(rotation)")
      #expect(view.entries.count == order.count)
      #expect(view.entries.map(\.value).contains("with \"quotes\"") && view.entries.map(\.value).contains("tab\there"))
    }
  }
}
