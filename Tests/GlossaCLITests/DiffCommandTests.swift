import Foundation
import Testing

/// `glossa diff` end to end.
@Suite struct DiffCommandTests {
  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func textAndJSONListChanges() throws {
    let a = try LintCLI.Bundle(["en.lproj/Localizable.strings": "\"a\" = \"A %@\";\n\"b\" = \"B\";\n"])
    let b = try LintCLI.Bundle(["en.lproj/Localizable.strings": "\"a\" = \"A %d\";\n\"c\" = \"C\";\n"])
    let text = try LintCLI.glossa(["diff", a.path, b.path])
    #expect(text.status == 1)
    #expect(
      text.stdout == """
        en · Localizable (en.lproj/Localizable.strings)
          ~ a: "A %@" → "A %d"  ⚠ format changed
          + c = "C"
          - b = "B"

        1 added, 1 removed, 1 changed, 0 plural-added, 0 plural-removed, 0 device-added, 0 device-removed, 1 format changed

        """)
    let json = try LintCLI.glossa(["diff", a.path, b.path, "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let changes = object?["changes"] as? [[String: Any]] ?? []
    #expect(changes.map { $0["change"] as? String } == ["changed", "added", "removed"])
    #expect(changes.first?["formatChanged"] as? Bool == true)
  }

  @Test(.enabled(if: LintCLI.built, "run `swift build` first"))
  func sameBundlesExitZero() throws {
    let a = try LintCLI.Bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    let run = try LintCLI.glossa(["diff", a.path, a.path])
    #expect(run.status == 0)
    #expect(run.stdout == "No differences.\n")
  }
}
