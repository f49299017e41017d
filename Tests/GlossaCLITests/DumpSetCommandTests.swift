import Foundation
import Testing

@Suite("glossa dump / set")
struct DumpSetCommandTests {
  @Test("dump --format json lists every entry with language, table, key, value, comment, category, file, line")
  func dumpJSON() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let run = try GlossaBinary.run(
      ["dump", "SampleBundles/local", "--lang", "ru", "--format", "json"], in: GlossaBinary.packageRoot)
    #expect(run.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(Set(entries.compactMap { $0["language"] as? String }) == ["ru"])
    let title = try #require(entries.first { $0["key"] as? String == "login.title" })
    #expect(title["value"] as? String == "Войти")
    #expect(title["comment"] as? String == "Sign-in screen title. max-length: 20")
    #expect(title["table"] as? String == "Localizable")
    #expect(title["file"] as? String == "Resources/ru.lproj/Localizable.strings")
    #expect(title["line"] as? Int == 7)
    let many = try #require(
      entries.first { $0["key"] as? String == "hikes.week" && $0["category"] as? String == "many" })
    #expect(many["value"] as? String == "%d походов за неделю")
    #expect(many["variable"] as? String == "hikes")
  }

  @Test("dump reads the UTF-16 Japanese file from the zip and reports broken files on stderr without failing")
  func dumpZipAndDiagnostics() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let zip = try GlossaBinary.run(
      ["dump", "SampleBundles/remote.zip", "--lang", "ja", "--table", "Localizable"], in: GlossaBinary.packageRoot)
    #expect(zip.status == 0)
    #expect(zip.stdout.contains("login.title = \"アカウントにサインインする\""))
    let local = try GlossaBinary.run(["dump", "SampleBundles/local", "--lang", "ar"], in: GlossaBinary.packageRoot)
    #expect(local.status == 0)
    #expect(
      local.stderr.contains(
        "SampleBundles/local/Resources/ar.lproj/Localizable.strings:23:33: expected ';' after the value of \"settings.units.metric\", found '\"'"
      ))
    #expect(local.stdout.contains("Delete %@? = \"هل تريد حذف %@؟\""), "parsing resumed after the error")
  }

  @Test("input errors exit 2 with one line naming the file")
  func errors() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    try scratch.write(["loose.strings": "\"a\" = \"b\";\n"])
    let cases: [([String], String)] = [
      (["dump", "missing-dir"], "glossa: missing-dir: no such file or directory\n"),
      (
        ["dump", "loose.strings"],
        "glossa: loose.strings: cannot tell the file's language: put it in a <language>.lproj folder or pass --lang\n"
      ),
      (
        ["dump", "SampleBundles/local", "--table", "Nope"],
        "glossa: SampleBundles/local: no table named \"Nope\" (tables: InfoPlist, Localizable, json)\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try GlossaBinary.run(
        arguments, in: arguments[1].hasPrefix("Sample") ? GlossaBinary.packageRoot : scratch.url)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
    }
    let usage = try GlossaBinary.run(["set", "x"], in: scratch.url)
    #expect(usage.status == 2)
    #expect(usage.stderr.hasPrefix("glossa: Missing expected argument"))
  }

  @Test("set changes only the value's bytes, in a directory and in a zip")
  func setInPlace() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    let samples = try scratch.copySampleBundles()
    let path = "SampleBundles/local/Resources/ja.lproj/Localizable.strings"
    let before = try scratch.read(path)
    let run = try GlossaBinary.run(
      ["set", "SampleBundles/local", "--lang", "ja", "login.title", "サインイン"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "set ja · Localizable · login.title in Resources/ja.lproj/Localizable.strings\n")
    let after = try scratch.read(path)
    let oldText = try #require(String(data: before, encoding: .utf16))
    let newText = try #require(String(data: after, encoding: .utf16))
    #expect(newText == oldText.replacingOccurrences(of: "アカウントにサインインする", with: "サインイン"))
    #expect(after.starts(with: [0xFF, 0xFE]), "stays UTF-16LE with its BOM")

    let zipRun = try GlossaBinary.run(
      ["set", "SampleBundles/remote.zip", "--lang", "de", "hike.start", "Los"], in: scratch.url)
    #expect(zipRun.status == 0, "\(zipRun.stderr)")
    let dump = try GlossaBinary.run(
      ["dump", "SampleBundles/remote.zip", "--lang", "de", "--format", "json"], in: scratch.url)
    #expect(dump.stdout.contains("\"value\": \"Los\""))
    _ = samples
  }

  @Test("set adds a missing plural category to the .stringsdict that holds the family")
  func setPlural() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    let run = try GlossaBinary.run(
      ["set", "SampleBundles/local", "--lang", "pl", "--plural", "many", "hikes.week", "%d wędrówek w tym tygodniu"],
      in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "set pl · Localizable · hikes.week [many] in Resources/pl.lproj/Localizable.stringsdict\n")
    let text = String(
      decoding: try scratch.read("SampleBundles/local/Resources/pl.lproj/Localizable.stringsdict"), as: UTF8.self)
    #expect(
      text.contains("\t\t\t<key>many</key>\n\t\t\t<string>%d wędrówek w tym tygodniu</string>\n\t\t\t<key>other</key>"))
  }

  @Test("a plural family new to a language starts with other, its value type read from the value")
  func aNewPluralFamilyStartsWithOther() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    for (category, value) in [("other", "%ld nowych"), ("many", "%ld nowych kluczy")] {
      let run = try GlossaBinary.run(
        ["set", "SampleBundles/local", "--lang", "pl", "--plural", category, "brand.new.key", value], in: scratch.url)
      #expect(run.status == 0, "\(category): \(run.stderr)")
    }
    let text = String(
      decoding: try scratch.read("SampleBundles/local/Resources/pl.lproj/Localizable.stringsdict"), as: UTF8.self)
    #expect(text.contains("<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>ld</string>"), "\(text)")
    let lint = try GlossaBinary.run(["lint", "SampleBundles/local", "--languages", "pl"], in: scratch.url)
    let about = lint.stdout.split(separator: "\n").filter { $0.contains("brand.new.key") }
    #expect(!about.isEmpty, "lint sees the new key (the source lacks it)")
    #expect(!about.contains { $0.contains("parse-error") }, "\(about)")
  }

  @Test("set refuses typos: unknown language, plural form of a plain key, a category the language lacks, a URL")
  func setRefusesMistakes() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    let before = try scratch.read("SampleBundles/local/Resources/de.lproj/Localizable.strings")
    let cases: [([String], String)] = [
      (
        ["--lang", "dee", "hike.start", "x"],
        "glossa: SampleBundles/local: no language \"dee\" (languages: ar, de, en, es, fr, ja, pl, ru); pass --add-language to start a new translation\n"
      ),
      (
        ["--lang", "de", "--plural", "few", "hike.start", "x"],
        "glossa: SampleBundles/local: \"hike.start\" is not a plural key in the source language; set it without --plural\n"
      ),
      (
        ["--lang", "de", "--plural", "few", "%d photos", "x"],
        "glossa: de has no plural category \"few\" (it uses one, other)\n"
      ),
      (
        ["--lang", "pl", "--plural", "many", "brand.new.key", "%ld nowych"],
        "glossa: SampleBundles/local: \"brand.new.key\" has no plural forms in pl yet; set its other form first (--plural other), then many: every plural family needs other\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try GlossaBinary.run(["set", "SampleBundles/local"] + arguments, in: scratch.url)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
    }
    #expect(try scratch.read("SampleBundles/local/Resources/de.lproj/Localizable.strings") == before)
    #expect(
      !FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("SampleBundles/local/Resources/dee.lproj").path))
    let url = try GlossaBinary.run(["set", "http://127.0.0.1:9/b.zip", "--lang", "de", "k", "v"], in: scratch.url)
    #expect(url.status == 2)
    #expect(url.stderr.contains("a remote bundle cannot be edited in place"))
    let caseInsensitive = try GlossaBinary.run(
      ["set", "SampleBundles/local", "--lang", "DE", "hike.start", "Los"], in: scratch.url)
    #expect(caseInsensitive.stdout == "set de · Localizable · hike.start in Resources/de.lproj/Localizable.strings\n")
    let added = try GlossaBinary.run(
      ["set", "SampleBundles/local", "--lang", "it", "--add-language", "hike.start", "Avvia"], in: scratch.url)
    #expect(added.stdout == "set it · Localizable · hike.start in Resources/it.lproj/Localizable.strings (new file)\n")
  }

  @Test("a --source-lang or --lang the bundle lacks is an error, not a silent empty result")
  func unknownLanguages() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let lint = try GlossaBinary.run(
      ["lint", "SampleBundles/local", "--source-lang", "zz"], in: GlossaBinary.packageRoot)
    #expect(lint.status == 2)
    #expect(
      lint.stderr
        == "glossa: SampleBundles/local: no language \"zz\" to use as the source (languages: ar, de, en, es, fr, ja, pl, ru)\n"
    )
    let dump = try GlossaBinary.run(["dump", "SampleBundles/local", "--lang", "xx"], in: GlossaBinary.packageRoot)
    #expect(dump.status == 2)
    #expect(
      dump.stderr == "glossa: SampleBundles/local: no language \"xx\" (languages: ar, de, en, es, fr, ja, pl, ru)\n")
    let quiet = try GlossaBinary.run(["dump", "SampleBundles/local", "--lang", "ja"], in: GlossaBinary.packageRoot)
    #expect(quiet.stderr.isEmpty, "warnings about other languages' files stay out of a filtered dump")
  }
}
