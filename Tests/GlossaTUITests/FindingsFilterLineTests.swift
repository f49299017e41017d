import GlossaCore
import Testing

@testable import GlossaTUI

/// `/` in the findings view: the filters typed as words (a language code, a kind, a severity, a
/// side), the list following every key, Enter keeping and Escape restoring.
@Suite("Findings view: the typed filter", .timeLimit(.minutes(10)))
struct FindingsFilterLineTests {
  func browser(_ state: AppState) throws -> FindingsBrowser {
    guard case .findings(let browser) = state.mode else {
      Issue.record("the findings view is not open")
      throw CancellationError()
    }
    return browser
  }

  func type(_ text: String, into state: inout AppState) {
    for character in text { state.press(.char(character)) }
  }

  @Test func aLanguageCodeTypedPicksTheLanguage() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"))
    let all = try browser(state).items.count
    let languages = state.languages.filter { language in
      try! browser(state).items.contains { $0.finding.language == language }
    }
    let target = try #require(languages.last)
    state.press(.char("/"))
    #expect(state.scope == .findingsFilter)
    type(target, into: &state)
    #expect(try browser(state).language == target)
    #expect(try browser(state).items.allSatisfy { $0.finding.language == target })
    #expect(try browser(state).items.count < all)
    state.press(.enter)
    #expect(state.scope == .findings)
    #expect(try browser(state).language == target)
    #expect(try browser(state).filterLine == nil)
  }

  @Test func wordsInAnyOrderSetEveryFacetAndEscapeRestores() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"))
    let before = try browser(state)
    let item = try #require(before.items.first { $0.finding.language != nil })
    let language = try #require(item.finding.language)
    state.press(.char("/"))
    // The kind by a unique beginning, the severity in the singular, the language last.
    let kind = item.finding.kind.rawValue
    type(
      "\(kind) \(item.finding.severity == .error ? "error" : item.finding.severity.plural) \(language)", into: &state)
    let filtered = try browser(state)
    #expect(filtered.kind == item.finding.kind)
    #expect(filtered.severity == item.finding.severity)
    #expect(filtered.language == language)
    #expect(filtered.items.count > 0)
    #expect(
      filtered.items.allSatisfy {
        $0.finding.kind == item.finding.kind && $0.finding.language == language
          && $0.finding.severity == item.finding.severity
      })
    state.press(.escape)
    let after = try browser(state)
    #expect(after.filters == before.filters)
    #expect(after.items.count == before.items.count)
    #expect(state.scope == .findings)
  }

  @Test func theLineStartsWithTheFiltersShownAndBackspaceWidens() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"), .char("l"))
    let language = try #require(try browser(state).language)
    state.press(.char("/"))
    #expect(try browser(state).filterLine?.editor.text == language + " ")
    state.press(.ctrl("u"))
    #expect(try browser(state).language == nil)
    state.press(.escape)
    #expect(try browser(state).language == language)
  }

  @Test func aWordThatNamesNothingIsSaidAndLeavesTheRest() throws {
    var state = Fixtures.state(width: 100, height: 30, remote: true)
    state.press(.char("F"), .char("/"))
    type("qqq", into: &state)
    let line = try #require(try browser(state).filterLine)
    #expect(line.unresolved.first?.contains("“qqq” is no language, kind or severity") == true)
    #expect(state.render().text.contains("“qqq” is no language"))
    state.press(.enter)
    #expect(state.message?.text.contains("qqq") == true)
  }

  @Test func queryReadsPrefixesAndAmbiguity() {
    let kinds: [FindingKind] = [.overlong, .pluralGap, .pluralExtra, .missingKey]
    let languages = ["de", "fr", "zh-Hans", "zh-Hant"]
    let over = FindingsQuery("over", languages: languages, kinds: kinds, hasRemote: false)
    #expect(over.kind == .overlong && over.unresolved.isEmpty)
    let plural = FindingsQuery("plural", languages: languages, kinds: kinds, hasRemote: false)
    #expect(plural.kind == nil)
    #expect(plural.unresolved.first?.contains("plural-gap") == true)
    let zh = FindingsQuery("zh-hans, warn", languages: languages, kinds: kinds, hasRemote: false)
    #expect(zh.language == "zh-Hans" && zh.severity == .warning)
    let side = FindingsQuery("remote", languages: languages, kinds: kinds, hasRemote: false)
    #expect(side.side == nil && !side.unresolved.isEmpty)
    let withRemote = FindingsQuery("rem fr", languages: languages, kinds: kinds, hasRemote: true)
    #expect(withRemote.side == .remote && withRemote.language == "fr")
  }
}
