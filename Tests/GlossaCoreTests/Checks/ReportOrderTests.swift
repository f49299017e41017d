import Testing
import GlossaTestSupport

@testable import GlossaCore

/// Sorting by ranks gives exactly the order (and the order of ties) of sorting by comparing
/// findings field by field.
@Suite(.timeLimit(.minutes(10))) struct ReportOrderTests {
  @Test func rankedSortMatchesTheFieldComparison() {
    var random = SplitMix(seed: 5)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    let languages: [String?] = [nil, "", "de", "fr", "e\u{301}", "é"]
    let files: [String?] = [nil, "", "de.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "Info.plist"]
    let keys: [String?] = [nil, "", "a", "b", "key.1", "Ä", "A\u{308}", "zz"]
    let lines: [Int?] = [nil, 1, 2, 3, Int.max]
    let kinds: [FindingKind] = [.missingKey, .overlong, .formatMismatch, .pluralGap]
    let categories: [PluralCategory?] = [nil, .one, .other, .few]
    for round in 0..<200 {
      let findings = (0..<Int.random(in: 0..<80, using: &random)).map { index in
        Finding(
          kind: pick(kinds), severity: pick([.error, .warning, .info]), bundle: "B", language: pick(languages),
          table: "T", key: pick(keys), category: pick(categories), file: pick(files), line: pick(lines),
          message: pick(["m", "n", "message \(index % 3)"]))
      }
      let expected = findings.sorted { Finding.reportOrder($0, $1) }
      let ranked = Finding.sortedInReportOrder(findings)
      // Equal findings are told apart by their position: the severity is not compared.
      #expect(ranked.map(\.severity) == expected.map(\.severity), "round \(round)")
      #expect(ranked == expected, "round \(round)")
    }
  }

  @Test func aColumnOfOneValueSortsAsTheFieldComparison() {
    var random = SplitMix(seed: 9)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    // One language and one file per batch (nil, empty and a name each), keys and lines varied.
    for constant in [nil, "", "de"] as [String?] {
      for round in 0..<60 {
        let findings = (0..<Int.random(in: 1..<60, using: &random)).map { index in
          Finding(
            kind: pick([.missingKey, .overlong]), severity: pick([.error, .warning]), bundle: "B", language: constant,
            table: "T", key: pick([nil, "", "a", "é", "e\u{301}", "b"]), category: nil, file: constant,
            line: pick([nil, 1, 2]), message: "m\(index % 2)")
        }
        let expected = findings.sorted { Finding.reportOrder($0, $1) }
        let ranked = Finding.sortedInReportOrder(findings)
        #expect(ranked.map(\.severity) == expected.map(\.severity), "round \(round)")
        #expect(ranked == expected, "round \(round)")
      }
    }
  }
}
