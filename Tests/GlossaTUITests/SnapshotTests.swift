import GlossaCore
import Testing
@testable import GlossaTUI

/// Whole screens as plain text at 80×24 and 120×40, stored in `Snapshots/`.
@Suite(.timeLimit(.minutes(10))) struct SnapshotTests {
  static let sizes = [(80, 24), (120, 40)]

  func check(_ name: String, remote: Bool = false, _ keys: (inout AppState) -> Void) {
    for (width, height) in Self.sizes {
      var state = Fixtures.state(width: width, height: height, remote: remote)
      keys(&state)
      assertSnapshot(state.render(), named: "\(name)-\(width)x\(height)")
    }
  }

  @Test func browsing() {
    check("browsing") { $0.press(.char("j")) }
  }

  @Test func browsingTheDevelopmentLanguage() {
    check("browsing-source") { $0.press(.char("h")) }
  }

  @Test func browsingWithRemote() {
    check("browsing-remote", remote: true) { $0.press(.char("G")) }
  }

  @Test(arguments: Filter.allCases)
  func filter(_ filter: Filter) {
    let keys: [Filter: Character] = [
      .all: "a", .findings: "!", .missing: "m", .oneSide: "M", .overlong: "o", .plural: "p", .changed: "c",
      .edited: "*", .wontFit: "W",
    ]
    check("filter-\(filter.rawValue)", remote: filter == .changed || filter == .oneSide) { state in
      // ja has a missing key and an overlong title, ru a plural gap, de a remote change.
      switch filter {
      case .plural: state.press(.char("l"), .char("l"))
      case .changed: break
      default: state.press(.char("l"))
      }
      if filter == .edited {
        state.press(.char("j"), .char("e"))
        state.type("!")
        state.press(.enter)
      }
      if filter == .wontFit { state.press(.char("P")) }
      state.press(.char(keys[filter] ?? "a"))
    }
  }

  @Test func pseudoLocalizationPreview() {
    check("pseudo") { state in
      state.press(.char("P"), .tab)
    }
  }

  @Test func search() {
    check("search") { state in
      state.press(.char("/"))
      state.type("einst")
    }
  }

  @Test func editingWithWideCharacters() {
    check("edit-wide") { state in
      state.press(.char("l"), .char("j"), .char("e"), .ctrl("u"))
      state.type("了解しました")
      state.press(.left, .left)
      _ = state.update(.idle)
    }
  }

  @Test func detailOfAnOverlongKey() {
    check("detail-overlong") { $0.press(.tab) }
  }

  @Test func detailOfAPluralGap() {
    check("detail-plural-gap") { state in
      state.press(.char("h"), .char("h"), .char("p"), .tab, .char("j"), .char("j"))
    }
  }

  @Test func helpOverlay() {
    check("help") { $0.press(.char("?")) }
  }

  @Test func unsavedQuitPrompt() {
    check("quit-unsaved") { state in
      state.press(.char("e"))
      state.type("!")
      state.press(.enter, .char("q"))
    }
  }

  @Test func findingsView() {
    check("findings", remote: true) { $0.press(.char("F"), .char("j")) }
  }

  @Test func findingsViewFilteredToOneLanguage() {
    check("findings-ja", remote: true) { $0.press(.char("F"), .char("l"), .char("l")) }
  }

  @Test func languagePickerWithCounts() {
    check("picker-language") { $0.press(.char("L")) }
  }

  @Test func deletedValue() {
    check("deleted") { $0.press(.char("j"), .char("x")) }
  }

  @Test func smallestSizeKeepsTheCounts() {
    var state = Fixtures.state(width: 40, height: 12, remote: true)
    state.press(.char("e"))
    state.type("!")
    state.press(.enter)
    assertSnapshot(state.render(), named: "smallest-40x12")
    let header = state.render().lines[1]
    #expect(header.contains("✖"))
    #expect(header.contains("●"))
  }

  @Test func tooSmall() {
    var state = Fixtures.state(width: 30, height: 10)
    #expect(state.render().text.contains("Too small: need 40×12"))
    _ = state.update(.resize(width: 80, height: 24))
    #expect(state.render().lines[0].contains("glossa review"))
  }
}
