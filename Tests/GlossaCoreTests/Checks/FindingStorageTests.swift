import Foundation
import Testing

@testable import GlossaCore

/// A finding keeps its bundle, language, table and device in a shared `FindingPlace` and its
/// line and column in 32 bits: every property still reads back what was set, whatever shares it.
@Suite(.timeLimit(.minutes(10))) struct FindingStorageTests {
  private func finding(line: Int? = 3, column: Int? = 7, device: String? = nil) -> Finding {
    Finding(
      kind: .overlong, severity: .warning, bundle: "App", language: "de", table: "Localizable", key: "title",
      category: .one, file: "de.lproj/Localizable.strings", line: line, column: column, message: "Too wide.",
      device: device)
  }

  @Test func everyPropertyReadsBackWhatWasSet() {
    let found = finding(device: "iphone")
    #expect(found.kind == .overlong)
    #expect(found.severity == .warning)
    #expect(found.bundle == "App")
    #expect(found.language == "de")
    #expect(found.table == "Localizable")
    #expect(found.key == "title")
    #expect(found.category == .one)
    #expect(found.file == "de.lproj/Localizable.strings")
    #expect(found.line == 3)
    #expect(found.column == 7)
    #expect(found.message == "Too wide.")
    #expect(found.device == "iphone")
  }

  @Test(arguments: [
    nil, 0, 1, -1, Int(Int32.max), Int(Int32.max) + 1, Int(Int32.min), Int(Int32.min) + 1, Int(Int32.min) + 2,
    Int.max, Int.min,
  ])
  func linesAndColumnsOfAnyWidth(_ value: Int?) {
    var found = finding(line: value, column: value)
    #expect(found.line == value)
    #expect(found.column == value)
    found.line = 12
    #expect(found.line == 12)
    #expect(found.column == value)
    found.column = value.map { $0 / 2 }
    #expect(found.column == value.map { $0 / 2 })
    #expect(found.line == 12)
  }

  @Test func settingAPartOfASharedPlaceChangesOneFinding() {
    let place = FindingPlace(bundle: "App", language: "fr", table: "Main", device: nil)
    var a = Finding(
      kind: .missingKey, severity: .error, place: place, key: "a", category: nil, file: nil, line: 1, column: nil,
      message: "m")
    let b = Finding(
      kind: .missingKey, severity: .error, place: place, key: "b", category: nil, file: nil, line: 2, column: nil,
      message: "m")
    a.language = "it"
    a.table = "Other"
    a.bundle = "Else"
    a.device = "mac"
    a.line = Int.max
    #expect((a.language, a.table, a.bundle, a.device, a.line) == ("it", "Other", "Else", "mac", Int.max))
    #expect((b.language, b.table, b.bundle, b.device, b.line) == ("fr", "Main", "App", nil, 2))
  }

  @Test func equalFindingsAreEqualAndHashAlikeWhateverTheirPlaces() {
    let place = FindingPlace(bundle: "App", language: "de", table: "Localizable", device: nil)
    let shared = Finding(
      kind: .overlong, severity: .warning, place: place, key: "title", category: .one,
      file: "de.lproj/Localizable.strings", line: 3, column: 7, message: "Too wide.")
    let own = finding()
    #expect(shared == own)
    #expect(shared.hashValue == own.hashValue)
    var other = own
    other.device = "ipad"
    #expect(other != own)
    other.device = nil
    #expect(other == own)
    other.line = Int(Int32.max) + 5
    #expect(other != own)
  }

  @Test func languagesAreClippedAsTheyWere() {
    let long = String(repeating: "x", count: UntrustedText.displayLimit * 3)
    let found = Finding(kind: .parseError, severity: .error, bundle: "B", language: long, message: "m")
    #expect(found.language == UntrustedText.clipped(long))
  }

  @Test func aClippedFindingDecodesAsItWasEncoded() throws {
    let long = String(repeating: "x", count: UntrustedText.displayLimit * 3)
    let found = Finding(
      kind: .missingKey, severity: .error, bundle: "B", language: long, key: long, file: long, message: long + " m")
    let decoded = try JSONDecoder().decode(Finding.self, from: JSONEncoder().encode(found))
    #expect(decoded == found)
  }

  @Test func aFindingDescribesItsFields() {
    let text = String(describing: finding(device: "mac"))
    #expect(
      text
        == "Finding(kind: overlong, severity: warning, bundle: \"App\", language: \"de\", table: \"Localizable\", "
        + "key: \"title\", category: one, file: \"de.lproj/Localizable.strings\", line: 3, column: 7, "
        + "message: \"Too wide.\", device: \"mac\")")
    #expect(!String(describing: finding(line: nil)).contains("line"))
  }

  @Test func codableRoundTripKeepsEveryField() throws {
    for found in [finding(device: "mac"), finding(line: nil, column: nil), finding(line: Int.max, column: Int.min)] {
      let data = try JSONEncoder().encode(found)
      #expect(try JSONDecoder().decode(Finding.self, from: data) == found)
    }
    let bare = Finding(kind: .invalidInfoPlist, severity: .error, bundle: "B", message: "m")
    let json = String(decoding: try JSONEncoder().encode(bare), as: UTF8.self)
    #expect(!json.contains("language") && !json.contains("line") && json.contains("\"kind\":\"invalid-info-plist\""))
  }
}
