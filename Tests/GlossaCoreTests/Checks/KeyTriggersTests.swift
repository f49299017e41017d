import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// The checker calls a per-key check only for keys with one of its `keyTriggers`: skipping the
/// others must never lose a finding. Each bundle here is checked both ways, and the reports
/// must be equal.
@Suite struct KeyTriggersTests {
  /// Every finding of `bundle` (against `remote`), with the triggers and with every check called
  /// on every key.
  static func bothWays(
    _ bundle: LocalizationBundle, against remote: LocalizationBundle? = nil, options: CheckOptions = CheckOptions()
  ) throws -> (filtered: [Finding], everything: [Finding]) {
    var everyCheck = Checker(options: options)
    everyCheck.runsEveryCheck = true
    return (
      try Checker(options: options).findings(in: bundle, against: remote),
      try everyCheck.findings(in: bundle, against: remote)
    )
  }

  /// Pieces values are made of: edges, specifiers, references, scripts of every width.
  static let pieces = [
    "", " ", "\n", "\t", "\u{A0}", "%@", "%1$@", "%2$@", "%d", "%ld", "%%", "100 %", "{title}", "{missing.key}",
    "{self}", "Hello", "world", "Save changes", "日本語", "한국어", "é", "e\u{301}", "Привет", "مرحبا", "नमस्ते",
    "👩‍👩‍👧", "🇩🇪", String(repeating: "long ", count: 12), "https://example.com", "\\n", "\"",
  ]

  static func value(_ random: inout SplitMix) -> String {
    (0..<random.next(below: 4)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A `.strings` file of random keys from `keys`, some left out, some repeated, some with a
  /// comment (a `max-length`, a `glossa-ignore`, or prose).
  static func stringsFile(keys: [String], source: [String: String]?, random: inout SplitMix) -> (
    String, [String: String]
  ) {
    var text = ""
    var values: [String: String] = [:]
    for key in keys where random.next(below: 10) > 0 {
      let roll = random.next(below: 10)
      // Translations are often the source itself, or the source with something added.
      let value =
        roll < 2
        ? source?[key] ?? value(&random)
        : roll < 4 ? (source?[key] ?? "") + pieces[random.next(below: pieces.count)] : value(&random)
      switch random.next(below: 8) {
      case 0: text += "/* max-length: \(random.next(below: 30)) */\n"
      case 1: text += "/* glossa-ignore: overlong, format-mismatch */\n"
      case 2: text += "/* Shown on the \(key) button */\n"
      default: break
      }
      text += "\"\(escaped(key))\" = \"\(escaped(value))\";\n"
      values[key] = value
      if random.next(below: 50) == 0 { text += "\"\(escaped(key))\" = \"\(escaped(Self.value(&random)))\";\n" }
    }
    return (text, values)
  }

  static func stringsdictFile(keys: [String], random: inout SplitMix) -> String {
    var body = ""
    for key in keys where random.next(below: 3) > 0 {
      var forms = ""
      for category in ["zero", "one", "two", "few", "many", "other"] where random.next(below: 3) > 0 {
        forms += "<key>\(category)</key><string>\(escapedXML(value(&random)))</string>\n"
      }
      body += """
        <key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>\(random.next(below: 2) == 0 ? "d" : "@")</string>
        \(forms)</dict></dict>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
      \(body)</dict></plist>

      """
  }

  static func escapedXML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }

  /// A random bundle of `languages` (the first the source) and, when asked, a random remote.
  static func randomBundle(seed: UInt64, name: String) -> LocalizationBundle {
    var random = SplitMix(seed: seed)
    let keys = (0..<60).map { "key.\($0)" } + ["title", "self", "Save changes", "ünïcode.key"]
    var files: [(String, Data)] = []
    var source: [String: String] = [:]
    for language in ["en", "de", "ja", "ar", "Base", "en-GB", "zh-Hans"] {
      let extra = language == "en" ? [] : ["extra.\(language)"]
      let (text, values) = stringsFile(keys: keys + extra, source: language == "en" ? nil : source, random: &random)
      if language == "en" { source = values }
      if random.next(below: 8) > 0 || language == "en" {
        files.append(("\(language).lproj/Localizable.strings", Data(text.utf8)))
      }
      if random.next(below: 2) == 0 || language == "en" {
        let plurals = ["files", "days", "key.3"]
        files.append(
          ("\(language).lproj/Localizable.stringsdict", Data(stringsdictFile(keys: plurals, random: &random).utf8)))
      }
      if random.next(below: 3) == 0 {
        let (other, _) = stringsFile(keys: ["menu.open", "menu.close", "title"], source: nil, random: &random)
        files.append(("\(language).lproj/Menu.strings", Data(other.utf8)))
      }
    }
    return CheckFixtures.bundle(data: files, name: name)
  }

  @Test("random bundles: the triggers lose no finding, of every kind a key can have")
  func randomBundles() throws {
    var kinds: Set<FindingKind> = []
    for seed in 0..<40 {
      let bundle = Self.randomBundle(seed: UInt64(seed), name: "Local")
      let remote = Self.randomBundle(seed: UInt64(seed) + 1000, name: "Remote")
      var options = CheckOptions()
      if seed % 3 == 0 { options.maxRatio = 1.1 }
      if seed % 4 == 0 { options.slack = 0 }
      if seed % 5 == 0 { options.enabled.insert(.missingComment) }
      let alone = try Self.bothWays(bundle, options: options)
      #expect(alone.filtered == alone.everything, "seed \(seed)")
      let compared = try Self.bothWays(bundle, against: remote, options: options)
      #expect(compared.filtered == compared.everything, "seed \(seed) against a remote")
      kinds.formUnion(compared.everything.map(\.kind))
      kinds.formUnion(alone.everything.map(\.kind))
    }
    // Every per-key kind of a `.strings`/`.stringsdict` bundle shows up, so a check's triggers
    // that missed some of its findings would be caught.
    let perKey: Set<FindingKind> = [
      .missingKey, .extraKey, .emptyValue, .untranslated, .whitespaceMismatch, .formatMismatch, .brokenReference,
      .duplicateKey, .overlong, .pluralGap, .pluralExtra, .missingInRemote, .onlyInRemote, .unpositionedArguments,
      .missingComment,
    ]
    #expect(perKey.subtracting(kinds).isEmpty, "never found: \(perKey.subtracting(kinds))")
  }

  @Test("the triggers lose no finding of a String Catalog")
  func catalog() throws {
    let bundle = try CatalogFixtures.bundle(in: TemporaryDirectory())
    let result = try Self.bothWays(bundle)
    #expect(result.filtered == result.everything)
    #expect(!result.everything.isEmpty)
  }

  @Test("the triggers lose no finding of the sample bundles")
  func samples() throws {
    let root = Corpus.packageRoot.appendingPathComponent("SampleBundles")
    let local = try LocalizationBundle.open(root.appendingPathComponent("local").path)
    let remote = try LocalizationBundle.open(root.appendingPathComponent("remote.zip").path)
    let result = try Self.bothWays(local, against: remote)
    #expect(result.filtered == result.everything)
    #expect(!result.everything.isEmpty)
  }

  @Test("the triggers lose no finding of any corpus bundle", .corpus)
  func corpusBundles() throws {
    let root = try Corpus.root()
    var bundles: Set<String> = []
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == "lproj" { bundles.insert(url.deletingLastPathComponent().path) }
    }
    #expect(bundles.count >= 5)
    for path in bundles.sorted() {
      let bundle = try LocalizationBundle.open(path)
      var options = CheckOptions()
      options.enabled.insert(.missingComment)
      let result = try Self.bothWays(bundle, options: options)
      #expect(result.filtered == result.everything, "\(path)")
    }
    let catalog = try LocalizationBundle.load(CatalogFixtures.corpusCatalog().path)
    let result = try Self.bothWays(catalog)
    #expect(result.filtered == result.everything)
  }
}

extension SplitMix {
  /// A number in `0..<bound`.
  mutating func next(below bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }
}
