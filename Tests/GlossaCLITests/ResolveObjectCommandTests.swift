import Foundation
import Testing

/// `glossa resolve` on localized-object JSON files, run as a user would.
@Suite("glossa resolve with localized objects")
struct ResolveObjectCommandTests {
  let scratch = ScratchDirectory()

  static let content = """
    {
      "home": {
        "greeting": {"en": "Hello", "en-GB": "Good day", "en-US": "Howdy", "fr": "Bonjour"},
        "colour": {"en-GB": "Colour", "en": "Color"}
      },
      "only.japanese": {"ja": "こんにちは", "ko": "안녕하세요"}
    }

    """

  func glossa(_ arguments: [String]) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    try scratch.write(["content.json": Self.content, "hello.json": #"{"en": "Hello", "fr": "Bonjour"}"#])
    return try GlossaBinary.run(arguments, in: scratch.url)
  }

  @Test func keyedObjectShowsEveryStep() throws {
    let run = try glossa(["resolve", "content.json", "home.greeting", "--lang", "en-AU", "--prefer", "fr"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        home.greeting = "Hello"
        from: content.json en
        chain:
          1. en-AU  exact of en-AU: not in the object
          2. en     language-only of en-AU: found "Hello"

        """)
    let british = try glossa(["resolve", "content.json", "home.colour", "--prefer", "en-GB"])
    #expect(british.stdout.hasPrefix("home.colour = \"Colour\"\nfrom: content.json en-GB\n"))
  }

  @Test func wholeFileObjectNeedsNoKey() throws {
    let run = try glossa(["resolve", "hello.json", "--lang", "de", "--prefer", "fr-CA,en"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        (whole file) = "Bonjour"
        from: hello.json fr
        chain:
          1. de     exact of de: not in the object
          2. fr-CA  exact of fr-CA: not in the object
          3. fr     language-only of fr-CA: found "Bonjour"

        """)
  }

  @Test func specificityAndDefaults() throws {
    let exact = try glossa(["resolve", "content.json", "home.greeting", "--lang", "fr-CA", "--specificity", "exact"])
    #expect(exact.status == 1)
    #expect(
      exact.stdout == """
        home.greeting = (no value)
        from: nothing matched
        chain:
          1. fr-CA  exact of fr-CA: not in the object
          then nothing: no --default text

        """)
    let withDefault = try glossa([
      "resolve", "content.json", "home.greeting", "--lang", "fr-CA", "--specificity", "exact", "--default", "?",
    ])
    #expect(withDefault.status == 0)
    #expect(withDefault.stdout.hasPrefix("home.greeting = \"?\"\nfrom: default text\n"))
    let any = try glossa(["resolve", "content.json", "only.japanese", "--prefer", "de", "--default-lang", "en"])
    #expect(any.status == 0)
    #expect(
      any.stdout.hasSuffix(
        """
          1. de  exact of de: not in the object
          2. en  default-language: not in the object
          3. ja  any-language: found "こんにちは"

        """))
    let preferred = try glossa([
      "resolve", "content.json", "only.japanese", "--prefer", "de", "--specificity", "preferred",
    ])
    #expect(preferred.status == 1)
  }

  @Test func jsonOutputListsSteps() throws {
    let run = try glossa(["resolve", "content.json", "home.greeting", "--lang", "en-GB", "--format", "json"])
    #expect(run.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["key"] as? String == "home.greeting")
    #expect(object["value"] as? String == "Good day")
    #expect(object["from"] as? [String: String] == ["file": "content.json", "language": "en-GB"])
    let steps = try #require(object["steps"] as? [[String: Any]])
    #expect(steps.count == 1)
    #expect(steps.first?["outcome"] as? String == "found")
    let missing = try glossa([
      "resolve", "content.json", "home.greeting", "--lang", "de", "--specificity", "language", "--format", "json",
    ])
    let none = try #require(try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])
    #expect(none["value"] is NSNull)
    #expect(none["from"] as? String == "nothing")
    #expect((none["steps"] as? [[String: Any]])?.map { $0["outcome"] as? String } == ["no-language"])
  }

  @Test func allKeysInFileOrder() throws {
    let run = try glossa(["resolve", "content.json", "--all-keys", "--prefer", "en-US"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        home.greeting = "Howdy"  (content.json en-US)
        home.colour = "Color"  (content.json en)
        only.japanese = "こんにちは"  (content.json ja)

        """)
  }

  @Test(
    "bad input names the file and what was expected",
    arguments: [
      (
        ["resolve", "plain.json", "a", "--lang", "en"],
        "glossa: plain.json:1:2: not a localized-object JSON file: 'a' is a string outside any localized object (an object whose keys are all locale codes and whose values are all strings)\n"
      ),
      (
        ["resolve", "content.json", "--lang", "en"],
        "glossa: content.json: the file holds 3 localized objects; give a KEY (home.greeting, home.colour, only.japanese) or --all-keys\n"
      ),
      (
        ["resolve", "content.json", "home.nope", "--lang", "en"],
        "glossa: content.json: no localized object 'home.nope'\n"
      ),
      (
        ["resolve", "hello.json", "k", "--lang", "en"],
        "glossa: hello.json: the whole file is one localized object; omit KEY\n"
      ),
      (["resolve", "missing.json", "k", "--lang", "en"], "glossa: missing.json: cannot read the file"),
      (
        ["resolve", "content.json", "home.greeting"],
        "glossa: give --lang or --prefer (for example --lang en-GB --prefer fr,en)\n"
      ),
      (
        ["resolve", "content.json", "home.greeting", "--lang", "e n"],
        "glossa: --lang: 'e n' is not a language tag (expected e.g. de, de-AT, zh-Hant-HK)\n"
      ),
    ])
  func badInput(arguments: [String], message: String) throws {
    try scratch.write(["plain.json": #"{"a": "b"}"#])
    let run = try glossa(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix(message))
    #expect(run.stdout == "")
  }

  @Test func bundlesTakeLangAndTheDefaultSpecificity() throws {
    let local = GlossaBinary.sampleBundles.appendingPathComponent("local").path
    let run = try glossa(["resolve", local, "share.message", "--lang", "de-AT", "--prefer", "fr"])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasSuffix(
        """
          1. local  de  language-only of de-AT: key missing
          2. local  fr  exact of fr: found "Découvrez ma randonnée sur Trailmate !"

        """))
    let preferred = try glossa(["resolve", local, "share.message", "--lang", "de", "--specificity", "preferred"])
    #expect(preferred.stdout.hasPrefix("share.message = \"share.message\"\nfrom: key (no value found)\n"))
    let development = try glossa(["resolve", local, "share.message", "--lang", "de"])
    #expect(development.stdout.contains("2. local  en  development-language: found"))
    let noDefaultLanguage = try glossa(["resolve", local, "share.message", "--lang", "de", "--default-lang", "en"])
    #expect(noDefaultLanguage.status == 2)
    #expect(
      noDefaultLanguage.stderr
        == "glossa: --default-lang applies to localized-object files; a bundle falls back to its development language (see --source-lang)\n"
    )
  }
}

@Suite("glossa resolve on the sample content")
struct ResolveSampleContentTests {
  @Test func sampleMessageOfTheDay() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let run = try GlossaBinary.run(
      ["resolve", "SampleBundles/content/motd.json", "--lang", "en-AU"], in: GlossaBinary.packageRoot)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        (whole file) = "Happy trails!"
        from: SampleBundles/content/motd.json en
        chain:
          1. en-AU  exact of en-AU: not in the object
          2. en     language-only of en-AU: found "Happy trails!"

        """)
    let missing = try GlossaBinary.run(
      ["resolve", "SampleBundles/content/announcements.json", "banner.offline-maps", "--lang", "ja", "--prefer", "en"],
      in: GlossaBinary.packageRoot)
    #expect(
      missing.stdout.hasPrefix("banner.offline-maps = \"Offline maps are here: download a region before you go.\"\n"))
    #expect(missing.stdout.contains("1. ja  exact of ja: not in the object\n"))
  }
}
