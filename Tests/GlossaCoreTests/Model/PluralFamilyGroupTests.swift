import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite(
  "PluralFamily.group: forms in a row found without hashing, as the dictionary finds them", .timeLimit(.minutes(10)))
struct PluralFamilyGroupTests {
  /// Grouping by the dictionary alone, as before the shortcut: the oracle.
  private func reference(_ entries: [Entry]) -> [PluralFamily] {
    var families: [PluralFamily] = []
    for entry in entries {
      guard let category = entry.plural else { continue }
      let position =
        families.firstIndex { $0.key == entry.key && $0.variable == entry.variable && $0.device == entry.device }
        ?? {
          families.append(
            PluralFamily(key: entry.key, variable: entry.variable, line: entry.line, device: entry.device))
          return families.count - 1
        }()
      families[position].forms[category] = entry.value
    }
    return families
  }

  @Test func randomRunsAndInterleavingsGroupAsTheOracle() {
    // "café" twice: composed and decomposed, equal as strings but not as bytes.
    let keys = ["files", "days", "caf\u{E9}", "cafe\u{301}", "files "]
    let variables: [String?] = [nil, nil, "n"]
    let devices: [String?] = [nil, nil, "mac"]
    var generator = SplitMix(seed: 31)
    for _ in 0..<400 {
      var entries: [Entry] = []
      for line in 1...Int.random(in: 1...14, using: &generator) {
        let plural =
          Int.random(in: 0..<8, using: &generator) == 0 ? nil : PluralCategory.allCases.randomElement(using: &generator)
        entries.append(
          Entry(
            key: keys.randomElement(using: &generator) ?? "files", value: "v\(line)", plural: plural,
            variable: variables.randomElement(using: &generator) ?? nil, line: line,
            device: devices.randomElement(using: &generator) ?? nil))
        // Often the next form of the same family right after.
        if Bool.random(using: &generator), let last = entries.last {
          entries.append(
            Entry(
              key: last.key, value: "w\(line)", plural: PluralCategory.allCases.randomElement(using: &generator),
              variable: last.variable, line: line, device: last.device))
        }
      }
      #expect(PluralFamily.group(entries) == reference(entries))
    }
  }
}
