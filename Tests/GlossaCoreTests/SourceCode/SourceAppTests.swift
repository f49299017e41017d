import Foundation
import Testing

@testable import GlossaCore

/// `Tests/Fixtures/SourceApp`: a small Swift / Objective-C / storyboard app and its bundle; its
/// README lists what is planted.
@Suite(.timeLimit(.minutes(10))) struct SourceAppTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/SourceApp")

  static func findings() throws -> [Finding] {
    let uses = try SourceScan.scan([root.appendingPathComponent("App").path])
    let bundle = try LocalizationBundle.open(root.appendingPathComponent("Bundle").path)
    let checker = Checker(checks: [MissingInBundle(uses: uses), UnusedKey(uses: uses)])
    return try checker.findings(in: bundle)
  }

  /// `kind file:line:column key` with the file relative to the fixture.
  static func summary(_ finding: Finding) -> String {
    let prefix = root.path + "/"
    let file = finding.file.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 } ?? "-"
    return "\(finding.kind.rawValue) \(file):\(finding.line ?? 0):\(finding.column ?? 0) \(finding.key ?? "-")"
  }

  @Test func usedButMissingAndUnusedKeysWithFileLineAndColumn() throws {
    let found = try Self.findings()
    #expect(
      found.map(Self.summary) == [
        "missing-in-bundle App/Base.lproj/Main.storyboard:16:106 settings.button",
        "missing-in-bundle App/LegacyController.m:9:48 legacy.alert",
        "missing-in-bundle App/ProfileView.swift:9:10 profile.title",
        "missing-in-bundle App/ProfileView.swift:20:33 profile.missing.raw",
        "missing-in-bundle App/ProfileView.swift:27:12 profile.save",
        "unused-key en.lproj/Alerts.strings:1:0 legacy.other",
        "unused-key en.lproj/Localizable.strings:10:0 old.onboarding",
        "unused-key Base.lproj/Main.strings:3:0 zzz-99-zzz.text",
      ])
    #expect(found.filter { $0.kind == .missingInBundle }.allSatisfy { $0.severity == .error })
    #expect(found.filter { $0.kind == .unusedKey }.allSatisfy { $0.severity == .info })
    let alert = found.first { $0.key == "legacy.alert" }
    #expect(alert?.table == "Alerts")
    #expect(
      alert?.message
        == "Key “legacy.alert” is used here but the en Alerts table does not have it; the app shows the key itself.")
  }

  @Test func interpolatedRawAndMultilineLiteralsAndCommentsAreReadAsTheCompilerReadsThem() throws {
    let uses = try SourceScan.scan([Self.root.appendingPathComponent("App/ProfileView.swift").path])
    let keys = uses.uses.map { use -> String in
      switch use.key {
      case .exact(let key): "\(use.table):\(key)"
      case .pattern(let parts, let formatted): "\(use.table):\(parts.joined(separator: formatted ? "%" : "*"))"
      case .objectID(let id): "#\(id)"
      }
    }
    #expect(
      keys == [
        "Localizable:profile.title", "Localizable:% hikes", "Greetings:greeting.line",
        "Localizable:Multi-line\n  welcome", "Localizable:profile.missing.raw", "Localizable:profile.header",
        "Localizable:profile.resource", "Localizable:profile.key", "Localizable:menu.*",
        "Localizable:profile.bundle", "Localizable:profile.save", "Localizable:profile.header",
      ])
  }

  @Test func aMissingSourceFolderIsAnErrorNamingIt() {
    #expect(throws: GlossaError.notFound("/nonexistent/App")) { try SourceScan.scan(["/nonexistent/App"]) }
  }
}
