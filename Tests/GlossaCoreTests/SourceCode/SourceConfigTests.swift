import Foundation
import Testing

@testable import GlossaCore

/// `Tests/Fixtures/SourceConfig`: the app's own wrappers (`lookups:`), tables looked up with
/// keys built at run time (`runtime-tables:`) and skipped paths (`exclude:`), read from its
/// `Bundle/.glossa.yml`; its README lists what is planted.
@Suite(.timeLimit(.minutes(10))) struct SourceConfigTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SourceConfig")

  static func options() throws -> CheckOptions {
    try #require(try CheckConfig.load(path: root.appendingPathComponent("Bundle/.glossa.yml").path))
  }

  /// `kind file:line key` of every finding with `options`, the file relative to `App/` or `Bundle/`.
  static func summaries(_ options: CheckOptions) throws -> [String] {
    let uses = try SourceScan.scan(options.sourcePaths, options: options.sourceScan)
    let bundle = try LocalizationBundle.open(root.appendingPathComponent("Bundle").path)
    let checker = Checker(checks: [
      MissingInBundle(uses: uses), UnusedKey(uses: uses, runtimeTables: options.runtimeTables),
    ])
    return try checker.findings(in: bundle).map { finding in
      let file = (finding.file as NSString?)?.lastPathComponent ?? "-"
      return "\(finding.kind.rawValue) \(finding.table ?? "-") \(file):\(finding.line ?? 0) \(finding.key ?? "-")"
    }
  }

  @Test func readsTheSettings() throws {
    let options = try Self.options()
    #expect(options.sourcePaths == [Self.root.appendingPathComponent("App").path])
    #expect(
      options.sourceScan.lookups == [
        LookupRule(call: ["UserText", "localized"], key: .position(1), table: .label("tableName")),
        LookupRule(call: ["loc"]),
        LookupRule(call: ["LocalizedText"], key: .label("key"), table: .position(2)),
        LookupRule(call: ["GLLocalized"], key: .position(2), table: .position(1)),
        LookupRule(call: ["localized"], key: .receiver, table: .label("tableName")),
        LookupRule(call: ["Alerts", "ask"], keyFormats: ["alert.{key}.title", "alert.{key}.message"]),
      ])
    #expect(options.runtimeTables == ["Glossary"])
    #expect(options.sourceScan.exclude == ["**/Debug/**", "**/*Tests/**", "Scratch.swift"])
  }

  @Test func wrappersRuntimeTablesAndExcludedPaths() throws {
    let found = try Self.summaries(try Self.options())
    #expect(
      found == [
        "missing-in-bundle Localizable LegacyMenu.m:8 objc.off.missing",
        "missing-in-bundle Localizable ProfileScreen.swift:12 wrapper.off.missing",
        "missing-in-bundle Localizable ProfileScreen.swift:15 wrapper.init.missing",
        "missing-in-bundle Localizable ProfileScreen.swift:19 wrapper.nil.table",
        "missing-in-bundle Localizable ProfileScreen.swift:27 alert.delete_trail.message",
        "missing-in-bundle Settings ProfileScreen.swift:31 receiver.missing",
        "missing-in-bundle Localizable Scratch.swift:2 nested.scratch.missing",
        // Only the excluded debug screen asks for it: excluded code is not read at all.
        "unused-key Localizable Localizable.strings:6 debug.only.used",
        "unused-key Localizable Localizable.strings:8 unused.plain",
        "unused-key Settings Settings.strings:4 settings.unused",
      ])
  }

  @Test func withoutTheConfigWrappersNameNothingAndEveryPathIsRead() throws {
    var options = try Self.options()
    options.sourceScan = SourceScanOptions()
    options.runtimeTables = []
    let found = try Self.summaries(options)
    #expect(
      found.filter { $0.hasPrefix("missing-in-bundle") }.map { $0.split(separator: " ").last! } == [
        "debug.screen.missing"
      ])
    #expect(found.contains("unused-key Glossary Glossary.strings:1 term.trailhead"))
    #expect(found.contains("unused-key Localizable Localizable.strings:1 wrapper.member"))
    // `loc` is no lookup without the config, so the debug screen's key is unused either way.
    #expect(found.contains("unused-key Localizable Localizable.strings:6 debug.only.used"))
  }

  @Test func aWrapperNamingTheGeneratedHelperDoesNotMakeEveryKeyUsed() throws {
    let app = Self.root.deletingLastPathComponent().appendingPathComponent("SwiftGenApp/App").path
    let plain = try SourceScan.scan([app])
    let configured = try SourceScan.scan(
      [app],
      options: SourceScanOptions(lookups: [
        LookupRule(call: ["tr"], key: .position(2), table: .position(1)),
        LookupRule(call: ["L10n", "tr"], key: .position(2), table: .position(1)),
      ]))
    #expect(configured.uses == plain.uses)
  }

  @Test func pathGlobs() {
    let glob = PathGlob(["**/Debug/**", "**/*Tests/**", "Scratch.swift", "Vendor/*.m", "a?c/**"])
    #expect(glob.excludesFolder("Debug"))
    #expect(glob.excludesFolder("App/Screens/Debug"))
    #expect(!glob.excludesFolder("App/DebugTools"))
    #expect(glob.excludesFolder("Sync/SyncTests"))
    #expect(glob.excludesFile("Sync/SyncTests/SyncTests.swift"))
    #expect(glob.excludesFile("Scratch.swift"))
    #expect(!glob.excludesFile("Sync/Scratch.swift"))
    #expect(glob.excludesFile("Vendor/Lib.m"))
    #expect(!glob.excludesFile("Vendor/Sub/Lib.m"))
    #expect(glob.excludesFolder("abc"))
    #expect(!glob.excludesFolder("abbc"))
  }

  @Test func badLookupsNameFileLineAndExpectation() {
    let cases: [(String, String)] = [
      (
        "lookups:\n  - call: UserText.localized\n    keys: 1\n",
        ".glossa.yml:3:5: unknown lookup field 'keys'; expected call, key, table or key-format"
      ),
      ("lookups:\n  - {key: 1}\n", ".glossa.yml:2:5: a lookup needs a call, such as call: UserText.localized"),
      (
        "lookups:\n  - {call: \"User Text\"}\n",
        ".glossa.yml:2:12: call should be a function, method or type name such as loc or UserText.localized, "
          + "found 'User Text'"
      ),
      (
        "lookups:\n  - {call: loc, key: 0}\n",
        ".glossa.yml:2:22: key should be an argument position (1 for the first) or label, found '0'"
      ),
      (
        "lookups:\n  - {call: loc, table: [a]}\n", ".glossa.yml:2:24: table should be a single value, found a list"
      ),
      (
        "lookups: loc\n",
        ".glossa.yml:1:10: lookups should be a list, found a single value"
      ),
      (
        "lookups:\n  - loc\n",
        ".glossa.yml:2:5: a lookup should be a mapping such as {call: UserText.localized, key: 1}, found a single value"
      ),
      (
        "lookups:\n  - {call: ask, key-format: [\"alert.{key}\", alert.title]}\n",
        ".glossa.yml:2:45: key-format should be a pattern holding {key} once, such as alert.{key}.title, "
          + "found 'alert.title'"
      ),
      (
        "lookups:\n  - {call: String.localized, key: receiver}\n",
        ".glossa.yml:2:12: a lookup with key: receiver names only the method or property, such as call: localized"
      ),
      ("runtime-tables: {a: b}\n", ".glossa.yml:1:17: runtime-tables should be a list, found a mapping"),
      (
        "exclude: [/abs/**]\n",
        ".glossa.yml:1:11: a pattern in exclude should be a path relative to the scanned folders, "
          + "such as **/Debug/**, found '/abs/**'"
      ),
    ]
    for (text, message) in cases {
      #expect(thrownMessage { try CheckConfig.parse(text, file: ".glossa.yml") } == message)
    }
  }
}
