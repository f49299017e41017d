import Foundation
import Testing

@testable import GlossaCore

/// A unit's state is read from the literal's bytes in place; a literal with an escape is
/// decoded first, so it names a state exactly when its decoded text does.
@Suite(.timeLimit(.minutes(10))) struct TranslationStateTests {
  @Test func everyStateIsReadFromItsBytesAndNothingElseIs() {
    for state in TranslationState.allCases {
      let bytes = Array(state.rawValue.utf8)
      #expect(bytes.withUnsafeBufferPointer(TranslationState.init(utf8:)) == state)
    }
    for text in ["", "ne", "news", "New", "translate", "translatedd", "needs-review", "needs_reviev", "stal", "\u{0}"] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer(TranslationState.init(utf8:)) == nil, "\(text)")
    }
  }

  @Test func aStateWithAnEscapeIsReadAsItsDecodedTextAndAnUnknownOneIsReportedDecoded() {
    let json = #"""
      {"sourceLanguage":"en","strings":{
      "a":{"localizations":{"de":{"stringUnit":{"state":"transl\u0061ted","value":"A"}}}},
      "b":{"localizations":{"de":{"stringUnit":{"state":"d\u00f6ne","value":"B"}}}}}}
      """#
    let document = StringCatalogDocument(data: Data(json.utf8), file: "C.xcstrings")
    #expect(document.unit(at: CatalogUnitPath(key: "a", language: "de"))?.state == .translated)
    #expect(document.unit(at: CatalogUnitPath(key: "b", language: "de"))?.state == nil)
    #expect(
      document.diagnostics.map(\.message) == [
        "unknown state \"döne\"; expected new, translated, needs_review or stale"
      ])
  }
}
