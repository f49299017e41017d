import Foundation
import GlossaTestSupport
import Testing

/// `glossa set` on a zip reads only the tables it edits: every case here must give the same
/// result as the same command on the unpacked folder, and leave other entries' bytes alone.
@Suite("glossa set on a zip")
struct SetZipCommandTests {
  /// Each entry's local header plus compressed data, by name, read straight from the zip bytes.
  static func rawEntries(_ zip: Data) throws -> [String: Data] {
    let bytes = [UInt8](zip)
    func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
    var end = bytes.count - 22
    while end > 0 && u32(end) != 0x0605_4B50 { end -= 1 }
    try #require(end > 0, "no end record")
    var cursor = u32(end + 16)
    var result: [String: Data] = [:]
    for _ in 0..<u16(end + 10) {
      let nameLength = u16(cursor + 28)
      let name = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
      let local = u32(cursor + 42)
      let dataEnd = local + 30 + u16(local + 26) + u16(local + 28) + u32(cursor + 20)
      result[name] = Data(bytes[local..<dataEnd])
      cursor += 46 + nameLength + u16(cursor + 30) + u16(cursor + 32)
    }
    return result
  }

  /// Runs `glossa set BUNDLE arguments` on the sample folder and on the sample zip; expects the
  /// same output line, and the zip's copy of the edited file to equal the folder's.
  func expectSameAsFolder(_ arguments: [String], file: String, in scratch: ScratchDirectory) throws {
    let folder = try GlossaBinary.run(["set", "SampleBundles/remote"] + arguments, in: scratch.url)
    let zipped = try GlossaBinary.run(["set", "SampleBundles/remote.zip"] + arguments, in: scratch.url)
    #expect(folder.status == 0, "\(arguments): \(folder.stderr)")
    #expect(zipped.status == 0, "\(arguments): \(zipped.stderr)")
    #expect(zipped.stdout == folder.stdout, "\(arguments)")
    #expect(zipped.stderr == folder.stderr, "\(arguments)")
    let out = "unpacked-\(UUID().uuidString)"
    let unpack = try GlossaBinary.run(["unpack", "SampleBundles/remote.zip", "-o", out], in: scratch.url)
    #expect(unpack.status == 0, "\(unpack.stderr)")
    #expect(try scratch.read("\(out)/\(file)") == scratch.read("SampleBundles/remote/\(file)"), "\(arguments)")
  }

  @Test("value, plural, new key, new language and case-insensitive --lang give what the folder gives")
  func sameAsFolder() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    try expectSameAsFolder(
      ["--lang", "DE", "hike.start", "Los geht's"], file: "Resources/de.lproj/Localizable.strings", in: scratch)
    try expectSameAsFolder(
      ["--lang", "pl", "--plural", "many", "hikes.week", "%d wędrówek"],
      file: "Resources/pl.lproj/Localizable.stringsdict", in: scratch)
    try expectSameAsFolder(
      ["--lang", "fr", "--comment", "New", "brand.new.key", "Nouveau"], file: "Resources/fr.lproj/Localizable.strings",
      in: scratch)
    try expectSameAsFolder(
      ["--lang", "it", "--add-language", "hike.start", "Avvia"], file: "Resources/it.lproj/Localizable.strings",
      in: scratch)
    // A family new to a language starts with its other form.
    try expectSameAsFolder(
      ["--lang", "it", "--plural", "other", "hikes.week", "%d escursioni"],
      file: "Resources/it.lproj/Localizable.stringsdict", in: scratch)
    try expectSameAsFolder(
      ["--lang", "it", "--plural", "one", "hikes.week", "%d escursione"],
      file: "Resources/it.lproj/Localizable.stringsdict", in: scratch)
    try expectSameAsFolder(
      ["--lang", "ja", "--table", "json", "k", "値"], file: "Resources/ja.lproj/json.strings", in: scratch)
    let original = try GlossaBinary.run(
      ["unpack", "\(GlossaBinary.sampleBundles.path)/remote.zip", "-o", "original"], in: scratch.url)
    let unpack = try GlossaBinary.run(["unpack", "SampleBundles/remote.zip", "-o", "check"], in: scratch.url)
    let count = { (line: String) in Int(line.split(separator: " ")[1]) ?? -1 }
    #expect(count(unpack.stdout) == count(original.stdout) + 2, "two new files: it.lproj's .strings and .stringsdict")
  }

  @Test("one edit leaves every other entry's compressed bytes as they were; unzip -t accepts the result")
  func othersUntouched() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    let before = try Self.rawEntries(scratch.read("SampleBundles/remote.zip"))
    let run = try GlossaBinary.run(
      ["set", "SampleBundles/remote.zip", "--lang", "es", "hike.start", "Vamos"], in: scratch.url)
    #expect(run.stdout == "set es · Localizable · hike.start in Resources/es.lproj/Localizable.strings\n")
    let after = try Self.rawEntries(scratch.read("SampleBundles/remote.zip"))
    #expect(Set(after.keys) == Set(before.keys))
    let changed = before.keys.filter { before[$0] != after[$0] }
    #expect(changed == ["Resources/es.lproj/Localizable.strings"])
    let unzip = ["/usr/bin/unzip", "/usr/local/bin/unzip"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if let unzip {
      let run = try TestProcess.run(
        unzip, ["-tq", scratch.url.appendingPathComponent("SampleBundles/remote.zip").path])
      #expect(run.status == 0, "\(run.stdoutText)\(run.stderrText)")
    }
  }

  @Test("refusals name the zip and leave it byte for byte as it was")
  func refusals() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let scratch = ScratchDirectory()
    _ = try scratch.copySampleBundles()
    let zip = "SampleBundles/remote.zip"
    let before = try scratch.read(zip)
    let cases: [([String], String)] = [
      (
        ["--lang", "dee", "hike.start", "x"],
        "glossa: \(zip): no language \"dee\" (languages: ar, de, en, es, fr, ja, pl, ru); pass --add-language to start a new translation\n"
      ),
      (
        ["--lang", "de", "--plural", "few", "hike.start", "x"],
        "glossa: \(zip): \"hike.start\" is not a plural key in the source language; set it without --plural\n"
      ),
      (
        ["--lang", "de", "--plural", "few", "hikes.week", "x"],
        "glossa: de has no plural category \"few\" (it uses one, other)\n"
      ),
      (
        ["--lang", "de", "--table", "Nope", "k", "x"],
        "glossa: \(zip): no table named \"Nope\" (tables: InfoPlist, Localizable, json)\n"
      ),
      (
        ["--lang", "de", "--source-lang", "zz", "k", "x"],
        "glossa: \(zip): no language \"zz\" to use as the source (languages: ar, de, en, es, fr, ja, pl, ru)\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try GlossaBinary.run(["set", zip] + arguments, in: scratch.url)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderr == message, "\(arguments)")
      let folder = try GlossaBinary.run(["set", "SampleBundles/remote"] + arguments, in: scratch.url)
      #expect(folder.stderr == message.replacingOccurrences(of: zip, with: "SampleBundles/remote"), "\(arguments)")
    }
    #expect(try scratch.read(zip) == before)
    let listing = try FileManager.default.contentsOfDirectory(
      atPath: scratch.url.appendingPathComponent("SampleBundles").path)
    #expect(listing.filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary files left behind")
  }
}
