import Foundation
import Testing

/// `glossa dump`, `set`, `lint`, `diff` and `resolve` on a String Catalog, through the built binary.
@Suite("glossa on String Catalogs")
struct CatalogCommandTests {
  /// A catalog in Xcode's layout: a plain key (de translated, fr stale), a Polish plural
  /// variation without `many`, a substitution with a wrong German specifier, device variations
  /// and a key that is not translated.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "pl" : {
              "variations" : {
                "plural" : {
                  "few" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld pliki"
                    }
                  },
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld plik"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld pliku"
                    }
                  }
                }
              }
            }
          }
        },
        "Brand" : {
          "shouldTranslate" : false
        },
        "Hello" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "stale",
                "value" : "Bonjour"
              }
            }
          }
        },
        "Tap" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "device" : {
                  "mac" : {
                    "stringUnit" : {
                      "state" : "needs_review",
                      "value" : "Klicken"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Tippen"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  static func scratch() throws -> ScratchDirectory {
    let scratch = ScratchDirectory()
    try scratch.write(["Localizable.xcstrings": catalog])
    return scratch
  }

  @Test("dump shows every language's units with state and device; JSON carries them as fields")
  func dump() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = try Self.scratch()
    let text = try GlossaBinary.run(["dump", "Localizable.xcstrings", "--lang", "de"], in: scratch.url)
    #expect(text.status == 0)
    #expect(text.stdout.contains("Hello = \"Hallo\"   (translated)"))
    #expect(text.stdout.contains("Tap {mac} = \"Klicken\"   (needs_review)"))
    let json = try GlossaBinary.run(["dump", "Localizable.xcstrings", "--format", "json"], in: scratch.url)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(Set(entries.compactMap { $0["language"] as? String }) == ["en", "de", "fr", "pl"])
    let mac = try #require(entries.first { $0["device"] as? String == "mac" })
    #expect(mac["state"] as? String == "needs_review")
    #expect(mac["file"] as? String == "Localizable.xcstrings")
    #expect(entries.first { $0["key"] as? String == "Brand" }?["shouldTranslate"] as? Bool == false)
  }

  @Test("set edits plural, device and state in place; the rest of the file keeps its bytes")
  func set() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = try Self.scratch()
    let runs = [
      ["set", "Localizable.xcstrings", "--lang", "pl", "--plural", "many", "%lld files", "%lld plików"],
      ["set", "Localizable.xcstrings", "--lang", "de", "--device", "mac", "Tap", "Klicken!"],
      ["set", "Localizable.xcstrings", "--lang", "fr", "--state", "translated", "Hello"],
    ]
    var outputs: [String] = []
    for arguments in runs {
      let run = try GlossaBinary.run(arguments, in: scratch.url)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      outputs.append(run.stdout)
    }
    #expect(
      outputs == [
        "set pl · Localizable · %lld files [many] (translated) in Localizable.xcstrings\n",
        "set de · Localizable · Tap {mac} (translated) in Localizable.xcstrings\n",
        "set fr · Localizable · Hello (translated) in Localizable.xcstrings\n",
      ])
    let indent = String(repeating: " ", count: 14)
    let many = [
      "\"many\" : {", "  \"stringUnit\" : {", "    \"state\" : \"translated\",", "    \"value\" : \"%lld plików\"",
      "  }", "},",
    ].map { indent + $0 + "\n" }.joined()
    var expected = Self.catalog.replacingOccurrences(of: "\"state\" : \"stale\"", with: "\"state\" : \"translated\"")
      .replacingOccurrences(of: "\"state\" : \"needs_review\"", with: "\"state\" : \"translated\"")
      .replacingOccurrences(of: "\"value\" : \"Klicken\"", with: "\"value\" : \"Klicken!\"")
    let one = try #require(expected.range(of: indent + "\"one\" : {"))
    expected.insert(contentsOf: many, at: one.lowerBound)
    #expect(String(decoding: try scratch.read("Localizable.xcstrings"), as: UTF8.self) == expected)
  }

  @Test("set refuses what a catalog cannot hold, with exit 2 and one line")
  func setErrors() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = try Self.scratch()
    let cases: [([String], String)] = [
      (
        ["set", "Localizable.xcstrings", "--lang", "de", "--plural", "one", "Hello", "x"],
        "glossa: Localizable.xcstrings:38:11: \"Hello\" [de] one holds a single value here; remove it before adding variations\n"
      ),
      (
        ["set", "Localizable.xcstrings", "--lang", "pl", "--plural", "two", "%lld files", "x"],
        "glossa: pl has no plural category \"two\" (it uses one, few, many, other)\n"
      ),
      (
        ["set", "Localizable.xcstrings", "--lang", "de", "Tap", "x"],
        "glossa: Localizable.xcstrings:54:11: \"Tap\" [de] varies by plural or device here; give a plural category or device\n"
      ),
      (
        ["set", "Localizable.xcstrings", "--lang", "de", "--state", "translated", "Nope"],
        "glossa: Localizable.xcstrings: there is no unit \"Nope\" [de]\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try GlossaBinary.run(arguments, in: scratch.url)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
    }
    #expect(try scratch.read("Localizable.xcstrings") == Data(Self.catalog.utf8))
  }

  @Test("lint reports catalog findings (plural-gap, needs-review) and never the untranslated key")
  func lint() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = try Self.scratch()
    let run = try GlossaBinary.run(["lint", "Localizable.xcstrings", "--format", "json"], in: scratch.url)
    #expect(run.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["issues"] as? [[String: Any]])
    let summary = Set(
      findings.map { "\($0["kind"] as? String ?? "") \($0["language"] as? String ?? "") \($0["key"] as? String ?? "")" }
    )
    #expect(summary.contains("plural-gap pl %lld files"))
    #expect(summary.contains("needs-review fr Hello"))
    #expect(summary.contains("needs-review de Tap"))
    #expect(summary.contains("missing-key de %lld files"))
    #expect(!findings.contains { $0["key"] as? String == "Brand" })
  }

  @Test("diff compares two catalogs value by value; resolve walks their languages")
  func diffAndResolve() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = try Self.scratch()
    try scratch.write([
      "new/Localizable.xcstrings": Self.catalog.replacingOccurrences(of: "\"Hallo\"", with: "\"Servus\"")
    ])
    let diff = try GlossaBinary.run(["diff", "Localizable.xcstrings", "new/Localizable.xcstrings"], in: scratch.url)
    #expect(diff.status == 1)
    #expect(diff.stdout.contains("~ Hello: \"Hallo\" → \"Servus\""))
    let resolve = try GlossaBinary.run(
      ["resolve", "Localizable.xcstrings", "Tap", "--prefer", "de-AT,fr"], in: scratch.url)
    #expect(resolve.status == 0)
    #expect(resolve.stdout.hasPrefix("Tap = \"Tippen\""))
  }
}
