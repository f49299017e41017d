import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct CheckConfigTests {
  @Test func readsEverySetting() throws {
    let text = """
      max-ratio: 2.5
      slack: 0
      max-length:
        "button.*": 12
        title: 30
      disabled: [untranslated, extra-key]
      severity:
        whitespace-mismatch: error
      baseline:
        - {kind: format-mismatch, language: de, key: legacy.*}
        - kind: missing-key
      """
    let options = try CheckConfig.parse(text, file: ".glossa.yml")
    #expect(options.maxRatio == 2.5)
    #expect(options.slack == 0)
    #expect(
      options.maxLength == [MaxLengthRule(pattern: "button.*", limit: 12), MaxLengthRule(pattern: "title", limit: 30)])
    #expect(options.disabled == [.untranslated, .extraKey])
    #expect(options.severities == [.whitespaceMismatch: .error])
    #expect(
      options.baseline == [
        BaselineEntry(kind: .formatMismatch, language: "de", key: "legacy.*"), BaselineEntry(kind: .missingKey),
      ])
    #expect(options.configuredLimit(forKey: "button.ok") == 12)
    #expect(options.configuredLimit(forKey: "buttons") == nil)
  }

  @Test func badValuesNameFileLineAndExpectation() {
    let cases: [(String, String)] = [
      ("slack: many\n", ".glossa.yml:1:8: slack should be a whole number of columns, found 'many'"),
      (
        "disabled: [typo]\n",
        ".glossa.yml:1:12: unknown finding kind 'typo'; expected one of "
          + FindingKind.allCases.map(\.rawValue).joined(separator: ", ")
      ),
      (
        "severity:\n  overlong: fatal\n", ".glossa.yml:2:13: unknown severity 'fatal'; expected error, warning or info"
      ),
      (
        "colour: red\n",
        ".glossa.yml:1:1: unknown setting 'colour'; expected one of max-ratio, slack, max-length, "
          + "disabled, enable, severity, baseline, sources, metadata, check-debug-code, "
          + "lookups, runtime-tables, exclude, glossary, info-plist"
      ),
      ("baseline:\n  - {language: de}\n", ".glossa.yml:2:5: a baseline entry needs a kind"),
      (
        "baseline:\n  - kind: overlong\n    lang: de\n",
        ".glossa.yml:3:5: unknown baseline field 'lang'; expected kind, language or key"
      ),
      ("max-ratio: 0.5\n", ".glossa.yml:1:12: max-ratio should be at least 1, found '0.5'"),
    ]
    for (text, message) in cases {
      #expect(thrownMessage { try CheckConfig.parse(text, file: ".glossa.yml") } == message)
    }
  }

  @Test func checkerAppliesDisabledSeveritiesAndBaseline() throws {
    let bundle = CheckFixtures.bundle([
      "en.lproj/Localizable.strings": "\"a\" = \"Name: \";\n\"b\" = \"Two words\";\n\"c\" = \"%@\";\n",
      "de.lproj/Localizable.strings": "\"a\" = \"Name:\";\n\"b\" = \"Two words\";\n\"c\" = \"%d\";\n\"x\" = \"X\";\n",
    ])
    let options = try CheckConfig.parse(
      """
      disabled: [untranslated]
      severity: {whitespace-mismatch: error}
      baseline:
        - {kind: format-mismatch, language: de, key: c}
      """, file: ".glossa.yml")
    let found = try Checker(options: options).findings(in: bundle)
    #expect(found.map(\.kind) == [.whitespaceMismatch, .extraKey])
    #expect(found.first?.severity == .error)
  }

  @Test func baselineLanguageIsAGlob() {
    func finding(_ language: String?) -> Finding {
      Finding(kind: .untranslated, severity: .warning, bundle: "b", language: language, key: "app.name", message: "m")
    }
    let entry = BaselineEntry(kind: .untranslated, language: "pt*", key: "app.*")
    #expect(entry.accepts(finding("pt")))
    #expect(entry.accepts(finding("pt-BR")))
    #expect(!entry.accepts(finding("es")))
    #expect(!entry.accepts(finding(nil)))
    #expect(BaselineEntry(kind: .untranslated, language: "de").accepts(finding("de")))
    #expect(!BaselineEntry(kind: .untranslated, language: "de").accepts(finding("de-AT")))
    #expect(BaselineEntry(kind: .untranslated).accepts(finding(nil)))
  }

  @Test func globs() {
    #expect(Glob.matches("button.*", "button.ok"))
    #expect(Glob.matches("*.title", "settings.title"))
    #expect(Glob.matches("a?c", "abc"))
    #expect(!Glob.matches("a?c", "abbc"))
    #expect(Glob.matches("*", ""))
    #expect(!Glob.matches("button.*", "buttons"))
  }

  @Test func checkDebugCodeIsABoolean() throws {
    #expect(try CheckConfig.parse("check-debug-code: true\n", file: ".glossa.yml").checksDebugCode)
    #expect(try !CheckConfig.parse("check-debug-code: no\n", file: ".glossa.yml").checksDebugCode)
    #expect(try !CheckConfig.parse("slack: 3\n", file: ".glossa.yml").checksDebugCode)
    #expect(
      thrownError { try CheckConfig.parse("check-debug-code: sometimes\n", file: ".glossa.yml") }
        == .config(
          ".glossa.yml", line: 1, column: 19,
          problem: .wrongValue(setting: "check-debug-code", expected: "true or false", found: "sometimes")))
  }
}
