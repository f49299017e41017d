import Foundation
import Testing

/// `glossa dump`, `set`, `lint`, `diff`, `resolve` and `pack` on the localized-object samples
/// (`SampleBundles/content/`), through the built binary.
@Suite("glossa on localized-object JSON")
struct LocalizedObjectCommandTests {
  let scratch = ScratchDirectory()

  /// A copy of the samples' `content/` folder.
  func content() throws -> URL {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    return try scratch.copySampleBundles().appendingPathComponent("content")
  }

  @Test("dump lists every language of a file given directly, in the file's order")
  func dump() throws {
    let folder = try content()
    let run = try GlossaBinary.run(["dump", "announcements.json", "--lang", "ja"], in: folder)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        == ja · announcements · announcements.json (2 entries)
            9  banner.trail-closed = "尾根道は金曜日まで通行止めです。"
           18  footer = "よい山旅を！"

        """)
    let all = try GlossaBinary.run(["dump", ".", "--format", "json"], in: folder)
    let object = try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any]
    let entries = object?["entries"] as? [[String: Any]] ?? []
    #expect(object?["developmentLanguage"] as? String == "en")
    #expect(Set(entries.compactMap { $0["language"] as? String }) == ["en", "en-GB", "en-US", "de", "fr", "pl", "ja"])
    #expect(Set(entries.compactMap { $0["table"] as? String }) == ["announcements", "motd"])
  }

  @Test("lint: ja lacks banner.offline-maps; regional languages read their base language's values")
  func lint() throws {
    let folder = try content()
    let run = try GlossaBinary.run(["lint", ".", "--format", "json"], in: folder)
    #expect(run.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let issues = (object?["issues"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "missing-key" }
    let found = issues.map {
      "\($0["language"] as? String ?? "") \($0["table"] as? String ?? "") \($0["key"] as? String ?? "-")"
    }
    // motd.json has no ja or pl at all; en-GB, en-US lack keys en has and are not reported.
    #expect(found.sorted() == ["ja announcements banner.offline-maps", "ja motd -", "pl motd -"])
    #expect(issues.allSatisfy { ($0["file"] as? String)?.hasSuffix(".lproj") == false })
    let german = try GlossaBinary.run(["lint", ".", "--source-lang", "de"], in: folder)
    #expect(german.stdout.contains("its 1 key show in de."))
  }

  @Test("set adds a language to an object in place; the rest of the file keeps its bytes")
  func setAddsALanguage() throws {
    let folder = try content()
    let before = String(
      decoding: try Data(contentsOf: folder.appendingPathComponent("announcements.json")), as: UTF8.self)
    let run = try GlossaBinary.run(
      ["set", "announcements.json", "--lang", "ja", "banner.offline-maps", "オフライン地図が使えます。"], in: folder)
    #expect(run.status == 0)
    #expect(run.stdout == "set ja · announcements · banner.offline-maps in announcements.json\n")
    let after = String(
      decoding: try Data(contentsOf: folder.appendingPathComponent("announcements.json")), as: UTF8.self)
    #expect(
      after
        == before.replacingOccurrences(
          of: "\"pl\": \"Mapy offline już są: pobierz region przed wyjściem.\"\n",
          with: "\"pl\": \"Mapy offline już są: pobierz region przed wyjściem.\",\n      \"ja\": \"オフライン地図が使えます。\"\n"))
    let lint = try GlossaBinary.run(["lint", "announcements.json"], in: folder)
    #expect(lint.status == 0)
    // A language the file lacks needs --add-language, as for any bundle.
    let refused = try GlossaBinary.run(
      ["set", ".", "--table", "motd", "--lang", "it", "", "Buone escursioni!"], in: folder)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("pass --add-language"))
    let added = try GlossaBinary.run(
      ["set", ".", "--table", "motd", "--lang", "it", "--add-language", "", "Buone escursioni!"], in: folder)
    #expect(added.status == 0)
    #expect(added.stdout == "set it · motd ·  in motd.json\n")
    let motd = String(decoding: try Data(contentsOf: folder.appendingPathComponent("motd.json")), as: UTF8.self)
    #expect(motd.hasSuffix("  \"fr\": \"Bonne randonnée !\",\n  \"it\": \"Buone escursioni!\"\n}\n"))
  }

  @Test("without --table, set uses the one table that holds the key, and asks when none does")
  func setFindsTheTableOfTheKey() throws {
    let folder = try content()
    let run = try GlossaBinary.run(["set", ".", "--lang", "ja", "banner.offline-maps", "オフライン地図"], in: folder)
    #expect(run.stderr == "")
    #expect(run.status == 0)
    #expect(run.stdout == "set ja · announcements · banner.offline-maps in announcements.json\n")
    let unknown = try GlossaBinary.run(["set", ".", "--lang", "de", "no.such.key", "X"], in: folder)
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "glossa: .: no.such.key is in no table (tables: announcements, motd); to add it, choose one with --table\n")
  }

  @Test("diff names the language and key that changed; resolve reads the folder's objects")
  func diffAndResolve() throws {
    let folder = try content()
    try FileManager.default.copyItem(at: folder, to: folder.deletingLastPathComponent().appendingPathComponent("new"))
    let edited = try GlossaBinary.run(
      ["set", "../new/announcements.json", "--lang", "de", "footer", "Gute Tour!"], in: folder)
    #expect(edited.status == 0)
    let diff = try GlossaBinary.run(["diff", ".", "../new"], in: folder)
    #expect(diff.status == 1)
    #expect(
      diff.stdout.hasPrefix("de · announcements (announcements.json)\n  ~ footer: \"Schöne Tour!\" → \"Gute Tour!\"\n"))
    let same = try GlossaBinary.run(["diff", "motd.json", "../new/motd.json"], in: folder)
    #expect(same.status == 0)
    let resolve = try GlossaBinary.run(
      ["resolve", ".", "footer", "--table", "announcements", "--lang", "en-GB"], in: folder)
    #expect(resolve.status == 0)
    #expect(resolve.stdout.hasPrefix("footer = \"Happy trails!\"\n"))
  }

  @Test("a JSON file outside .lproj that is not localized objects is refused with the reason")
  func notLocalizedObjects() throws {
    let folder = try content()
    try "{\n  \"title\": \"Trails\"\n}\n".write(
      to: folder.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
    let run = try GlossaBinary.run(["dump", "config.json"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glossa: config.json: cannot tell the file's language: it is not in a <language>.lproj folder and not a localized-object JSON file (2:3: 'title' is a string outside any localized object (an object whose keys are all locale codes and whose values are all strings)); put it in a <language>.lproj folder or pass --lang\n"
    )
    let asTable = try GlossaBinary.run(["dump", "config.json", "--lang", "en"], in: folder)
    #expect(asTable.status == 0)
    #expect(asTable.stdout.contains("title = \"Trails\""))
    // Beside localized-object files it is skipped.
    let folderRun = try GlossaBinary.run(["dump", ".", "--table", "announcements", "--lang", "en"], in: folder)
    #expect(folderRun.status == 0)
  }

  @Test("pack zips a folder of localized objects under Resources/, and the zip loads")
  func pack() throws {
    let folder = try content()
    let zip = scratch.url.appendingPathComponent("content.zip").path
    let run = try GlossaBinary.run(["pack", ".", "-o", zip], in: folder)
    #expect(run.status == 0)
    let dump = try GlossaBinary.run(["dump", zip, "--lang", "en-GB"], in: folder)
    #expect(dump.status == 0)
    #expect(dump.stdout.contains("== en-GB · motd · Resources/motd.json (1 entry)"))
    let lint = try GlossaBinary.run(["lint", zip], in: folder)
    #expect(lint.stdout.contains("ja · Resources/announcements.json"))
  }
}
