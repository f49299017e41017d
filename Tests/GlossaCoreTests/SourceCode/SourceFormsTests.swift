import Foundation
import Testing

@testable import GlossaCore

/// `Tests/Fixtures/SourceForms`: letterless literals, previews and debug code, ternaries of
/// literals, `.init(localized:)` and more SwiftUI titles, literals typed `LocalizedStringKey` or
/// `LocalizedStringResource` by the declarations around them; its README lists what is planted.
@Suite(.timeLimit(.minutes(10))) struct SourceFormsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SourceForms")

  /// `kind file:line key` of every finding, the file relative to `App/` or `Bundle/`.
  static func summaries(checksDebugCode: Bool = false) throws -> [String] {
    let uses = try SourceScan.scan([root.appendingPathComponent("App").path])
    let bundle = try LocalizationBundle.open(root.appendingPathComponent("Bundle").path)
    let checker = Checker(checks: [
      MissingInBundle(uses: uses, checksDebugCode: checksDebugCode), UnusedKey(uses: uses),
    ])
    return try checker.findings(in: bundle).map { finding in
      let file = (finding.file as NSString?)?.lastPathComponent ?? "-"
      return "\(finding.kind.rawValue) \(file):\(finding.line ?? 0) \(finding.key ?? "-")"
    }
  }

  static let alwaysReported = [
    "missing-in-bundle BadgeView.swift:16 badge.unread",
    "missing-in-bundle ContextTyped.swift:27 context.units.imperial.missing",
    "missing-in-bundle ContextTyped.swift:44 context.footer.missing",
    "missing-in-bundle ContextTyped.swift:50 context.row.off.missing",
    "missing-in-bundle ContextTyped.swift:54 context.caption.missing",
    "missing-in-bundle ContextTyped.swift:62 context.failed.missing",
    "missing-in-bundle DebugMenu.swift:8 release.missing",
    "missing-in-bundle DebugMenu.swift:12 not.debug.missing",
    "missing-in-bundle DebugMenu.swift:20 ios.missing",
    "missing-in-bundle Initializers.swift:4 init.localized.missing",
    "missing-in-bundle Initializers.swift:8 group.missing",
    "missing-in-bundle LegacyDebug.m:8 objc.release.missing",
    "missing-in-bundle LegacyDebug.m:13 objc.off.missing",
    "missing-in-bundle LegacyDebug.m:17 objc.paren.off.missing",
    "missing-in-bundle ShownText.swift:4 Save draft",
    "missing-in-bundle ShownText.swift:5 Share trail",
    "missing-in-bundle ShownText.swift:8 Trail closed today",
    "missing-in-bundle ShownText.swift:9 Save changes",
    "missing-in-bundle ShownText.swift:10 shown.key.shaped",
    "missing-in-bundle ShownText.swift:11 Shown as written",
    "missing-in-bundle ShownText.swift:12 \\(…) more trails",
    "missing-in-bundle ShownText.swift:14 Nearby trails",
    "missing-in-bundle ToggleRow.swift:9 label.off.missing",
    "missing-in-bundle ToggleRow.swift:14 toggle.off.missing",
    "missing-in-bundle ToggleRow.swift:19 paren.off.missing",
    "missing-in-bundle TrailCard.swift:27 card.footer.missing",
  ]

  @Test func previewsAndDebugCodeAreSkippedLetterlessKeysIgnoredAndBothTernaryBranchesRead() throws {
    let found = try Self.summaries()
    #expect(found.filter { $0.hasPrefix("missing-in-bundle") } == Self.alwaysReported)
    // Keys used only in previews, preview providers or debug code are still used.
    #expect(
      found.filter { $0.hasPrefix("unused-key") } == [
        "unused-key Localizable.strings:12 unused.one", "unused-key Trails.strings:2 units.unused",
      ])
  }

  @Test func checkDebugCodeReportsPreviewAndDebugLookupsToo() throws {
    let found = try Self.summaries(checksDebugCode: true).filter { $0.hasPrefix("missing-in-bundle") }
    let debugOnly = Set(found).subtracting(Self.alwaysReported)
    #expect(
      debugOnly == [
        "missing-in-bundle DebugMenu.swift:5 debug.only.missing",
        "missing-in-bundle DebugMenu.swift:14 debug.else.missing",
        "missing-in-bundle DebugMenu.swift:18 simulator.debug.missing",
        "missing-in-bundle LegacyDebug.m:6 objc.debug.missing",
        "missing-in-bundle TrailCard.swift:12 preview.only.missing",
        "missing-in-bundle TrailCard.swift:20 provider.only.missing",
      ])
    #expect(found.count == Self.alwaysReported.count + 6)
  }

  @Test func aSwiftUITextShownAsWrittenIsAWarningAKeyAnError() throws {
    let uses = try SourceScan.scan([Self.root.appendingPathComponent("App").path])
    let bundle = try LocalizationBundle.open(Self.root.appendingPathComponent("Bundle").path)
    let findings = try Checker(checks: [MissingInBundle(uses: uses)]).findings(in: bundle)
    let shown = findings.filter { ($0.file as NSString?)?.lastPathComponent == "ShownText.swift" }
    #expect(
      shown.map { "\($0.severity.rawValue) \($0.key ?? "-")" } == [
        "error Save draft", "error Share trail", "warning Trail closed today", "warning Save changes",
        "error shown.key.shaped", "warning Shown as written", "warning \\(…) more trails", "warning Nearby trails",
      ])
    #expect(
      shown.first { $0.key == "Save changes" }?.message
        == "The text “Save changes” is looked up here but the en Localizable table does not have it; the app shows "
        + "it as written, untranslated in every language.")
    #expect(
      shown.first { $0.key == "Save draft" }?.message
        == "Key “Save draft” is used here but the en Localizable table does not have it; the app shows the key itself.")
    // Key-shaped SwiftUI literals, literals typed by context and Objective-C keys stay errors.
    #expect(findings.first { $0.key == "context.caption.missing" }?.severity == .error)
    #expect(findings.first { $0.key == "objc.off.missing" }?.severity == .error)
    #expect(findings.first { $0.key == "badge.unread" }?.severity == .error)
  }

  @Test func moreSwiftUITitles() {
    let source = """
      LabeledContent("t.labeled", value: x)
      GroupBox("t.group") {}
      ColorPicker("t.color", selection: $color)
      ContentUnavailableView("t.unavailable", systemImage: "tray")
      ControlGroup("t.control") {}
      view.accessibilityHint("t.hint").accessibilityValue("t.value").navigationSubtitle("t.subtitle").badge("t.badge")
      """
    let uses = SourceKeyFinder.swiftUses(SwiftLexer.tokens(source), file: "Titles.swift")
    #expect(
      uses.map { "\($0.key)" }
        == [
          "t.labeled", "t.group", "t.color", "t.unavailable", "t.control", "t.hint", "t.value", "t.subtitle", "t.badge",
        ].map { "\(SourceKeyUse.Key.exact($0))" })
    #expect(uses.allSatisfy { $0.shownAsWritten })
  }

  @Test func keyShapedLiterals() {
    for key in ["profile.title", "settings_units", "account.fields %lld", "a.b", "tab-bar.home"] {
      #expect(MissingInBundle.looksLikeKey(key), "\(key)")
    }
    for text in ["Hello", "Done.", "e.g. here", "Save changes", ".hidden", "a..b", "%@ items", "", " a.b"] {
      #expect(!MissingInBundle.looksLikeKey(text), "\(text)")
    }
  }

  @Test func letterlessKeys() {
    let letterless: [SourceKeyUse.Key] = [
      .exact(""), .exact("0"), .exact("0.0.0.0"), .exact("·"), .exact("%@ – %@"), .exact(" ⸱ "),
      .pattern(["", ""], formatted: true), .pattern(["@", ""], formatted: true),
    ]
    #expect(letterless.allSatisfy { $0.isLetterless })
    let keys: [SourceKeyUse.Key] = [
      .exact("a"), .exact("OK"), .exact("設定"), .exact("%d€ x"), .pattern(["", " hikes"], formatted: true),
    ]
    #expect(!keys.contains { $0.isLetterless })
  }

  @Test func conditionalCompilationBranches() {
    let text = """
      #if DEBUG
      a
      #elseif os(iOS)
      b
      #else
      c
      #endif
      #if !DEBUG
      d
      #elseif BETA
      e
      #else
      f
      #endif
      #if DEBUG || BETA
      g
      #endif
      #if os(macOS)
      #if DEBUG
      h
      #endif
      i
      #endif
      """
    let tokens = SwiftLexer.tokens(text)
    let debug = DebugCode.swift(tokens)
    let names = tokens.indices.filter { tokens[$0].name?.count == 1 && debug.contains($0) }.compactMap {
      tokens[$0].name
    }
    #expect(names == ["a", "e", "f", "h"])
    let objc = ObjCLexer.tokens("#ifndef DEBUG\nx\n#else\ny\n#endif\n#if defined(DEBUG)\nz\n#endif\n")
    let objcDebug = DebugCode.objc(objc)
    #expect(objc.indices.filter { objcDebug.contains($0) }.compactMap { objc[$0].name } == ["y", "z"])
  }
}
