import Foundation
import Testing

/// Shapes real apps and real CI runs have, run through the built binary: a key kept in both a
/// `.strings` placeholder and a `.stringsdict` family (DuckDuckGo's iOS browser), and tables that
/// are symbolic links to secrets outside the bundle (`/proc/self/environ`, a `.env` file) linted
/// with GitHub annotations, as a pull request's CI would print them.
@Suite("Real shapes through the binary")
struct RealShapeCommandTests {
  let scratch = ScratchDirectory()

  func glossa(_ arguments: [String], environment: [String: String] = [:]) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    return try GlossaBinary.run(arguments, in: scratch.url, environment: environment, timeout: 120)
  }

  static func stringsdict(_ forms: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>number.of.tabs</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@tabs@</string>
    \t\t<key>tabs</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \(forms)\t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """
  }

  @Test("set --plural many on a key in both files writes the .stringsdict form, not a KEY##{many} line")
  func pluralSetOnPlaceholderKey() throws {
    let strings = "/* Tabs */\n\"number.of.tabs\" = \"number.of.tabs\";\n"
    try scratch.write([
      "App/en.lproj/Localizable.strings": strings,
      "App/fr.lproj/Localizable.strings": strings,
      "App/en.lproj/Localizable.stringsdict": Self.stringsdict(
        "\t\t\t<key>one</key>\n\t\t\t<string>%d tab</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d tabs</string>\n"),
      "App/fr.lproj/Localizable.stringsdict": Self.stringsdict(
        "\t\t\t<key>one</key>\n\t\t\t<string>%d onglet</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d onglets</string>\n"
      ),
    ])
    let before = try glossa(["lint", "App", "--format", "json"])
    let set = try glossa(["set", "App", "--lang", "fr", "--plural", "many", "number.of.tabs", "%d d’onglets"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.contains("fr.lproj/Localizable.stringsdict"))
    let frStrings = try String(
      contentsOf: scratch.url.appendingPathComponent("App/fr.lproj/Localizable.strings"), encoding: .utf8)
    #expect(frStrings == strings)
    let plist = try Data(contentsOf: scratch.url.appendingPathComponent("App/fr.lproj/Localizable.stringsdict"))
    let root = try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any]
    let tabs = (root?["number.of.tabs"] as? [String: Any])?["tabs"] as? [String: Any]
    #expect(tabs?["many"] as? String == "%d d’onglets")
    // The plural gap is gone and nothing new was found.
    let after = try glossa(["lint", "App", "--format", "json"])
    #expect(before.stdout.contains("\"plural-gap\": 1"))
    #expect(after.stdout.contains("\"total\": 0"), "\(after.stdout)")
  }

  @Test("lint --format github never prints the text of a table linked out of the bundle")
  func linkedSecretsStayUnread() throws {
    let secret = "ghp_planted\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    try scratch.write([
      "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
      "App/fr.lproj/Localizable.strings": "\"a\" = \"Ah\";\n",
      "outside/.env": "GITHUB_TOKEN=\(secret)\n",
    ])
    let fm = FileManager.default
    for (language, target) in [
      ("de", scratch.url.appendingPathComponent("outside/.env").path), ("es", "/proc/self/environ"),
    ] {
      try fm.createDirectory(
        at: scratch.url.appendingPathComponent("App/\(language).lproj"), withIntermediateDirectories: true)
      try fm.createSymbolicLink(
        atPath: scratch.url.appendingPathComponent("App/\(language).lproj/Localizable.strings").path,
        withDestinationPath: target)
    }
    for format in ["github", "text", "json", "sarif"] {
      let run = try glossa(["lint", "App", "--format", format], environment: ["GLOSSA_PLANTED_SECRET": secret])
      #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(format) printed the secret")
      #expect(run.stdout.contains("unreadable-file"), "\(format): \(run.stdout)")
      #expect(run.status == 1)
    }
    let dump = try glossa(["dump", "App"], environment: ["GLOSSA_PLANTED_SECRET": secret])
    #expect(!dump.stdout.contains(secret))
  }
}
