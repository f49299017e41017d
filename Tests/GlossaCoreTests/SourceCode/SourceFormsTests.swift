import Foundation
import Testing

@testable import GlossaCore

/// `Tests/Fixtures/SourceForms`: letterless literals, previews and debug code, ternaries of
/// literals, `.init(localized:)` and more SwiftUI titles, literals typed `LocalizedStringKey` or
/// `LocalizedStringResource` by the declarations around them; its README lists what is planted.
@Suite struct SourceFormsTests {
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
    "missing-in-bundle ToggleRow.swift:9 label.off.missing",
    "missing-in-bundle ToggleRow.swift:14 toggle.off.missing",
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
