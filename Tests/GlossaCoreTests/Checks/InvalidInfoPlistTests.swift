import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct InvalidInfoPlistTests {
  @Test func eachBundleDiagnosticIsAFinding() {
    var bundle = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    bundle.diagnostics = [
      Diagnostic(
        kind: .invalidInfoPlist, file: "Fixture/Resources/Info.plist", line: 4, message: "no CFBundleIdentifier"),
      Diagnostic(kind: .invalidInfoPlist, file: "Fixture/Resources/Info.plist", message: "no CFBundleVersion"),
    ]
    let found = CheckFixtures.findings(.invalidInfoPlist, in: bundle)
    #expect(found.map(\.message) == ["no CFBundleIdentifier", "no CFBundleVersion"])
    #expect(found.allSatisfy { $0.file == "Resources/Info.plist" && $0.language == nil })
  }

  @Test func aZipWithoutInfoPlistIsReported() {
    let bundle = CheckFixtures.bundle(
      data: [("Resources/en.lproj/Localizable.strings", Data("\"a\" = \"A\";\n".utf8))],
      storage: .zip(URL(fileURLWithPath: "/tmp/b.zip")))
    #expect(CheckFixtures.findings(.invalidInfoPlist, in: bundle).count == 1)
  }

  @Test func aPlainDirectoryNeedsNone() {
    let bundle = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    #expect(CheckFixtures.findings(.invalidInfoPlist, in: bundle).isEmpty)
  }
}
