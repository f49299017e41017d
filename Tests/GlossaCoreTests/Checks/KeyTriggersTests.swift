import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// The checker calls a per-key check only for keys with one of its `keyTriggers`: skipping the
/// others must never lose a finding. Each bundle here is checked both ways, and the reports
/// must be equal.
@Suite(.timeLimit(.minutes(10))) struct KeyTriggersTests {
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

/// Random String Catalogs (device variations, nested plurals, substitutions, review states,
/// `max-length` and `glossa-ignore` comments, untranslatable and stale keys), checked both ways.
@Suite(.timeLimit(.minutes(10))) struct CatalogTriggersTests {
  static let values = [
    "", " ", "Hello", "Hello world", " Hello ", "%@", "%lld items", "%1$@ and %2$@", "%d", "%%", "{title}",
    "{missing.key}", "日本語テキスト", String(repeating: "wide ", count: 10), "\n", "e\u{301}", "Save changes",
  ]

  static func unit(_ r: inout SplitMix) -> [String: Any] {
    let states = ["translated", "new", "needs_review", "stale", "translated", "translated"]
    return ["stringUnit": ["state": states[r.next(below: states.count)], "value": values[r.next(below: values.count)]]]
  }

  static func plural(_ r: inout SplitMix) -> [String: Any] {
    var forms: [String: Any] = [:]
    for category in ["zero", "one", "two", "few", "many", "other"] where r.next(below: 2) == 0 {
      forms[category] = unit(&r)
    }
    return forms
  }

  static func localization(_ r: inout SplitMix) -> [String: Any] {
    var result: [String: Any] = [:]
    switch r.next(below: 6) {
    case 0, 1: result = unit(&r)
    case 2: result["variations"] = ["plural": plural(&r)]
    case 3:
      var devices: [String: Any] = [:]
      for device in ["iphone", "ipad", "mac", "other"] where r.next(below: 2) == 0 {
        devices[device] = r.next(below: 3) == 0 ? ["variations": ["plural": plural(&r)]] : unit(&r)
      }
      result["variations"] = ["device": devices]
    case 4:
      result = unit(&r)
      var subs: [String: Any] = [:]
      for name in ["n", "m"] where r.next(below: 2) == 0 {
        subs[name] = [
          "argNum": 1 + r.next(below: 2), "formatSpecifier": ["lld", "@", "d", "f"][r.next(below: 4)],
          "variations": ["plural": plural(&r)],
        ]
      }
      result["substitutions"] = subs
    default: break
    }
    return result
  }

  static func catalog(seed: UInt64) throws -> String {
    var r = SplitMix(seed: seed)
    var strings: [String: Any] = [:]
    for index in 0..<30 {
      var key: [String: Any] = [:]
      var localizations: [String: Any] = [:]
      for language in ["en", "de", "ja", "fr"] where r.next(below: 5) > 0 || language == "en" {
        localizations[language] = localization(&r)
      }
      if r.next(below: 6) > 0 { key["localizations"] = localizations }
      switch r.next(below: 8) {
      case 0: key["comment"] = "max-length: \(r.next(below: 20))"
      case 1: key["comment"] = "glossa-ignore: overlong"
      case 2: key["shouldTranslate"] = false
      case 3: key["extractionState"] = "stale"
      case 4: key["comment"] = "Button title"
      default: break
      }
      strings[index % 7 == 0 ? "title" : "key.\(index)"] = key
    }
    let object: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  @Test("random catalogs: the triggers lose no finding") func randomCatalogs() throws {
    var kinds: Set<FindingKind> = []
    for seed in 0..<60 {
      let directory = try TemporaryDirectory()
      let other = try TemporaryDirectory()
      let bundle = try CatalogFixtures.bundle(try Self.catalog(seed: UInt64(seed)), in: directory)
      let remote = try CatalogFixtures.bundle(try Self.catalog(seed: UInt64(seed) + 500), in: other)
      var options = CheckOptions()
      options.enabled.insert(.missingComment)
      if seed % 2 == 0 { options.slack = 0; options.maxRatio = 1.0 }
      let alone = try KeyTriggersTests.bothWays(bundle, options: options)
      #expect(alone.filtered == alone.everything, "seed \(seed)")
      let compared = try KeyTriggersTests.bothWays(bundle, against: remote, options: options)
      #expect(compared.filtered == compared.everything, "seed \(seed) remote")
      kinds.formUnion(alone.everything.map(\.kind))
    }
    // Catalog-only kinds show up too.
    #expect(kinds.isSuperset(of: [.needsReview, .missingKey, .pluralGap, .formatMismatch]), "\(kinds)")
  }
}

/// The shape read through pointers (`TableUnit`'s reader) equals `KeySubject.shape(facts:)`
/// for every key it reads.
@Suite(.timeLimit(.minutes(10))) struct ShapeAgreementTests {
  static func compare(_ bundle: LocalizationBundle) -> Int {
    let options = CheckOptions()
    let indexes = Checker.indexes(bundle.tables)
    let source = Checker.sourceLanguage(of: bundle)
    let sourceTables = indexes[source] ?? [:]
    let facts = sourceTables.mapValues { SourceFactsTable($0, options: options) }
    var compared = 0
    for (language, local) in indexes {
      let standsAlone = language == source || language == "Base"
      for (name, table) in local {
        let unit = TableUnit(
          language: language, name: name, isSource: standsAlone, source: sourceTables[name], translation: table,
          remote: nil, hasRemote: false, languageTables: Array(local.values), options: options,
          sourceFacts: language == source || !standsAlone ? facts[name] : nil)
        unit.forEachSubject(skippingKeysWithout: KeyShape(rawValue: ~0)) { subject, shape in
          let computed = subject.shape(facts: subject.sourceFacts)
          if let shape {
            compared += 1
            #expect(shape == computed, "\(language) \(name) \(subject.key): \(shape.rawValue) vs \(computed.rawValue)")
          }
        }
      }
    }
    return compared
  }

  @Test("the shape read from the tables is the subject's") func readerAgreesWithSubject() throws {
    var compared = 0
    for seed in 0..<30 {
      compared += Self.compare(KeyTriggersTests.randomBundle(seed: UInt64(seed), name: "L"))
      let directory = try TemporaryDirectory()
      compared += Self.compare(
        try CatalogFixtures.bundle(try CatalogTriggersTests.catalog(seed: UInt64(seed)), in: directory))
    }
    #expect(compared > 1000)
  }
}
