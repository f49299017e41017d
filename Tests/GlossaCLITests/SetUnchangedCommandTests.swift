import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

/// `glossa set` with the value an entry already has: exit 0, says nothing changed, and leaves
/// every byte (a String Catalog unit's `needs_review` state included) as it was, in every format.
@Suite("glossa set with an unchanged value")
struct SetUnchangedCommandTests {
  /// Values spelled unusually (escapes, entities, CDATA), so a rewritten literal would show.
  static let lproj: [String: String] = [
    "en.lproj/Localizable.strings": "\"escaped\" = \"Caf\\U00e9 \\\"quoted\\\"\";\n'single' = 'Single';\n",
    "de.lproj/Localizable.strings": "\"escaped\" = \"Caf\\U00E9 \\\"zitiert\\\"\";\n'single' = 'Einzeln';\n",
    "en.lproj/Localizable.stringsdict": stringsdict(one: "%d file", other: "%d <![CDATA[files & more]]>"),
    "de.lproj/Localizable.stringsdict": stringsdict(one: "%d Datei &#x2014; eine", other: "%d Dateien &amp; mehr"),
    "en.lproj/Menu.json": #"{"menu": {"open": "Caf\u00e9 \/ open"}}"# + "\n",
    "de.lproj/Menu.json": #"{"menu": {"open": "Caf\u00E9 \/ \u00f6ffnen"}}"# + "\n",
  ]

  static func stringsdict(one: String, other: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>files</key>
    	<dict>
    		<key>NSStringLocalizedFormatKey</key>
    		<string>%#@count@</string>
    		<key>count</key>
    		<dict>
    			<key>NSStringFormatSpecTypeKey</key>
    			<string>NSStringPluralRuleType</string>
    			<key>NSStringFormatValueTypeKey</key>
    			<string>d</string>
    			<key>one</key>
    			<string>\(one)</string>
    			<key>other</key>
    			<string>\(other)</string>
    		</dict>
    	</dict>
    </dict>
    </plist>

    """
  }

  /// A localized-object file with escaped values.
  static let content = #"{"greeting": {"en": "Hello", "de": "Gr\u00fc\u00df dich"}}"# + "\n"

  /// A catalog whose German units all need review: plain, plural, device, device → plural and
  /// a substitution's plural form.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Datei" } },
                  "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Dateien" } }
                }
              }
            }
          }
        },
        "followers %lld" : {
          "localizations" : {
            "de" : {
              "stringUnit" : { "state" : "needs_review", "value" : "%#@count@" },
              "substitutions" : {
                "count" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%arg Follower" } },
                      "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%arg Follower" } }
                    }
                  }
                }
              }
            }
          }
        },
        "Hello" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo \\u00fc \\/" } }
          }
        },
        "Tap %lld" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "device" : {
                  "iphone" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "needs_review", "value" : "Einmal tippen" } },
                        "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld-mal tippen" } }
                      }
                    }
                  },
                  "mac" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld-mal klicken" } }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }

    """

  /// Runs `glossa set` with `arguments` in `scratch`; expects exit 0, `message` and `files` unchanged.
  func expectUnchanged(
    _ arguments: [String], says message: String, files: [String], in scratch: ScratchDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try files.map { try scratch.read($0) }
    let run = try GlossaBinary.run(["set"] + arguments, in: scratch.url)
    #expect(run.status == 0, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stdout == message, sourceLocation: sourceLocation)
    #expect(run.stderr == "", sourceLocation: sourceLocation)
    #expect(try files.map { try scratch.read($0) } == before, "\(arguments)", sourceLocation: sourceLocation)
  }

  @Test(".strings, .stringsdict and JSON tables", .enabled(if: GlossaBinary.isBuilt, "run `swift build` first"))
  func lprojFormats() throws {
    let scratch = ScratchDirectory()
    try scratch.write(Self.lproj.mapKeys { "app/" + $0 })
    let cases: [([String], String, String)] = [
      (["--lang", "de", "escaped", "Café \"zitiert\""], "escaped", "de.lproj/Localizable.strings"),
      (["--lang", "de", "single", "Einzeln"], "single", "de.lproj/Localizable.strings"),
      (
        ["--lang", "de", "--plural", "one", "files", "%d Datei — eine"], "files [one]",
        "de.lproj/Localizable.stringsdict"
      ),
      (
        ["--lang", "en", "--plural", "other", "files", "%d files & more"], "files [other]",
        "en.lproj/Localizable.stringsdict"
      ),
      (["--lang", "de", "--table", "Menu", "menu.open", "Café / öffnen"], "menu.open", "de.lproj/Menu.json"),
    ]
    for (arguments, what, file) in cases {
      let table = file.hasSuffix(".json") ? "Menu" : "Localizable"
      let language = arguments[1]
      try expectUnchanged(
        ["app"] + arguments,
        says: "unchanged \(language) · \(table) · \(what): it already has that value; nothing was written\n",
        files: ["app/" + file], in: scratch)
    }
    // A different value is written.
    let changed = try GlossaBinary.run(["set", "app", "--lang", "de", "single", "Eins"], in: scratch.url)
    #expect(changed.stdout == "set de · Localizable · single in de.lproj/Localizable.strings\n")
  }

  @Test("localized-object JSON", .enabled(if: GlossaBinary.isBuilt, "run `swift build` first"))
  func localizedObjects() throws {
    let scratch = ScratchDirectory()
    try scratch.write(["content.json": Self.content])
    try expectUnchanged(
      ["content.json", "--lang", "de", "greeting", "Grüß dich"],
      says: "unchanged de · content · greeting: it already has that value; nothing was written\n",
      files: ["content.json"], in: scratch)
  }

  @Test("String Catalog units keep needs_review", .enabled(if: GlossaBinary.isBuilt, "run `swift build` first"))
  func catalogUnits() throws {
    let scratch = ScratchDirectory()
    try scratch.write(["Localizable.xcstrings": Self.catalog])
    let cases: [([String], String)] = [
      (["Hello", "Hallo ü /"], "Hello"),
      (["--plural", "other", "%lld files", "%lld Dateien"], "%lld files [other]"),
      (["followers %lld", "%#@count@"], "followers %lld"),
      (
        ["--substitution", "count", "--plural", "one", "followers %lld", "%arg Follower"],
        "followers %lld %#@count@ [one]"
      ),
      (["--device", "mac", "Tap %lld", "%lld-mal klicken"], "Tap %lld {mac}"),
      (["--device", "iphone", "--plural", "one", "Tap %lld", "Einmal tippen"], "Tap %lld {iphone} [one]"),
      (["--state", "needs_review", "Hello", "Hallo ü /"], "Hello"),
      (["--state", "needs_review", "Hello"], "Hello"),
    ]
    for (arguments, what) in cases {
      let already = arguments.count == 3 && arguments[0] == "--state" ? "state" : "value"
      try expectUnchanged(
        ["Localizable.xcstrings", "--lang", "de"] + arguments,
        says: "unchanged de · Localizable · \(what) (needs_review): it already has that \(already); "
          + "nothing was written\n",
        files: ["Localizable.xcstrings"], in: scratch)
    }
    // Only an explicit state changes it.
    let reviewed = try GlossaBinary.run(
      ["set", "Localizable.xcstrings", "--lang", "de", "--state", "translated", "Hello", "Hallo ü /"], in: scratch.url)
    #expect(reviewed.stdout == "set de · Localizable · Hello (translated) in Localizable.xcstrings\n")
    let expected = Self.catalog.replacingOccurrences(
      of: #""state" : "needs_review", "value" : "Hallo"#, with: #""state" : "translated", "value" : "Hallo"#)
    #expect(String(decoding: try scratch.read("Localizable.xcstrings"), as: UTF8.self) == expected)
  }

  @Test("a zip is not rewritten", .enabled(if: GlossaBinary.isBuilt, "run `swift build` first"))
  func zip() throws {
    let scratch = ScratchDirectory()
    let sample = GlossaBinary.sampleBundles.appendingPathComponent("remote.zip")
    try scratch.write("remote.zip", try Data(contentsOf: sample))
    let value = try #require(
      try LocalizationBundle.load(scratch.url.appendingPathComponent("remote.zip").path)
        .value(at: ValueAddress(language: "de", table: "Localizable", key: "hike.start")))
    try expectUnchanged(
      ["remote.zip", "--lang", "de", "hike.start", value],
      says: "unchanged de · Localizable · hike.start: it already has that value; nothing was written\n",
      files: ["remote.zip"], in: scratch)
  }

  @Test("the real catalog's needs_review units", .corpus, .enabled(if: GlossaBinary.isBuilt, "run `swift build` first"))
  func corpusCatalog() throws {
    let url = try #require(try Corpus.files(endingWith: ".xcstrings").first)
    let scratch = ScratchDirectory()
    try scratch.write("Localizable.xcstrings", try Data(contentsOf: url))
    let document = StringCatalogDocument(data: try scratch.read("Localizable.xcstrings"), file: "Localizable.xcstrings")
    let reviewing = document.units.filter { $0.state == .needsReview }
    // One unit of each shape the catalog has: plain, plural, device, substitution.
    var shapes = Set<[Bool]>()
    let picks = reviewing.filter {
      shapes.insert([$0.path.substitution != nil, $0.path.device != nil, $0.path.plural != nil]).inserted
    }
    #expect(!picks.isEmpty)
    for unit in picks {
      var arguments = ["Localizable.xcstrings", "--lang", unit.path.language]
      var what = unit.path.key
      if let name = unit.path.substitution {
        arguments += ["--substitution", name]
        what += " %#@\(name)@"
      }
      if let device = unit.path.device {
        arguments += ["--device", device]
        what += " {\(device)}"
      }
      if let plural = unit.path.plural {
        arguments += ["--plural", plural.rawValue]
        what += " [\(plural.rawValue)]"
      }
      try expectUnchanged(
        arguments + [unit.path.key, unit.value],
        says: "unchanged \(unit.path.language) · Localizable · \(what) (needs_review): it already has that value; "
          + "nothing was written\n",
        files: ["Localizable.xcstrings"], in: scratch)
    }
  }
}

extension Dictionary {
  /// The dictionary with each key transformed.
  fileprivate func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] {
    Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
  }
}
