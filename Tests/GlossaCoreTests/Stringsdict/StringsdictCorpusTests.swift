import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// Every `.stringsdict` of the shared corpus (skipped when it is absent; see `Corpus`).
@Suite("Stringsdict corpus", .timeLimit(.minutes(10)))
struct StringsdictCorpusTests {
  @Test("every corpus stringsdict round-trips byte for byte and matches PropertyListSerialization", .corpus)
  func roundTripAndOracle() throws {
    let files = try Corpus.files(endingWith: ".stringsdict")
    #expect(files.count == 159)
    var forms = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let document = StringsdictDocument(data: data, file: url.lastPathComponent)
      #expect(document.serialized() == data, "round trip \(url.path)")
      #expect(document.diagnostics.isEmpty, "\(url.path): \(document.diagnostics)")
      let oracle = try #require(
        try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
      var expected: [String: String] = [:]
      for (key, value) in oracle {
        for (variable, rule) in (value as? [String: Any]) ?? [:] {
          guard let rule = rule as? [String: Any] else { continue }
          for category in PluralCategory.allCases {
            if let text = rule[category.rawValue] as? String {
              expected["\(key)|\(variable)|\(category.rawValue)"] = text
            }
          }
        }
      }
      var parsed: [String: String] = [:]
      for entry in document.entries {
        parsed["\(entry.key)|\(entry.variable ?? "")|\(entry.plural?.rawValue ?? "")"] = entry.value
      }
      #expect(parsed == expected, "oracle \(url.path)")
      #expect(document.entries.count == expected.count)
      forms += document.entries.count
    }
    #expect(forms > 5000)
  }

  @Test("editing one form changes only that value's bytes", .corpus)
  func editFidelity() throws {
    let files = try Corpus.files(endingWith: ".stringsdict")
    #expect(files.count == 159)
    for url in files.enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
      let data = try Data(contentsOf: url)
      var document = StringsdictDocument(data: data, file: url.lastPathComponent)
      let target = try #require(document.entries.dropFirst(document.entries.count / 2).first)
      let newValue = "Edited <%ld> & \"more\" ✓"
      try document.setValue(
        newValue, forKey: target.key, plural: target.plural, variable: target.variable, comment: nil)
      let edited = [UInt8](document.serialized())
      let old = [UInt8](data)
      let oldLiteral = Array(XMLText.escape(target.value).utf8)
      let newLiteral = Array("Edited &lt;%ld&gt; &amp; \"more\" ✓".utf8)
      #expect(edited.count == old.count - oldLiteral.count + newLiteral.count)
      var prefix = 0
      while prefix < min(old.count, edited.count) && old[prefix] == edited[prefix] { prefix += 1 }
      let suffixLength = old.count - prefix - oldLiteral.count
      #expect(Array(edited.suffix(suffixLength)) == Array(old.suffix(suffixLength)), "suffix \(url.path)")
      let reread = StringsdictDocument(data: Data(edited), file: "edited")
      let changed = reread.entries.first {
        $0.key == target.key && $0.variable == target.variable && $0.plural == target.plural
      }
      #expect(changed?.value == newValue)
      #expect(reread.entries.count == document.entries.count)
      let oracle = try PropertyListSerialization.propertyList(from: Data(edited), format: nil)
      let rule = ((oracle as? [String: Any])?[target.key] as? [String: Any])?[target.variable ?? ""]
      #expect((rule as? [String: Any])?[target.plural?.rawValue ?? ""] as? String == newValue)
    }
  }
}
