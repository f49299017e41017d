import Foundation
import GlossaFormatProperties
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// The fuzz targets' properties (`FormatProperties`), kept by the test suite without a fuzzer:
/// over the committed seed corpus (`Fuzz/Corpus`), over every input a fuzzer failed on
/// (`Fuzz/Regressions`), and over seeded random mutations of the seeds.
struct FormatPropertiesTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let corpus = repository.appendingPathComponent("Fuzz/Corpus")
  static let regressions = repository.appendingPathComponent("Fuzz/Regressions")

  /// The files of `target` under `root` (sorted; none when the folder is absent).
  static func inputs(_ root: URL, _ target: FormatProperties.Target) -> [URL] {
    let folder = root.appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test(arguments: FormatProperties.Target.allCases)
  func everySeedKeepsEveryProperty(_ target: FormatProperties.Target) throws {
    let seeds = Self.inputs(Self.corpus, target)
    #expect(!seeds.isEmpty, "Fuzz/Corpus/\(target.rawValue) has no seeds")
    for url in seeds {
      let failures = FormatProperties.check(try Data(contentsOf: url), as: target)
      #expect(failures.isEmpty, "\(url.lastPathComponent): \(failures)")
    }
  }

  @Test(arguments: FormatProperties.Target.allCases)
  func everyRegressionInputKeepsEveryProperty(_ target: FormatProperties.Target) throws {
    for url in Self.inputs(Self.regressions, target) {
      let failures = FormatProperties.check(try Data(contentsOf: url), as: target)
      #expect(failures.isEmpty, "\(url.lastPathComponent): \(failures)")
    }
  }

  /// A small fuzzer in the suite: seeded mutations of the seeds (the same every run).
  @Test(arguments: FormatProperties.Target.allCases)
  func mutatedSeedsKeepEveryProperty(_ target: FormatProperties.Target) throws {
    let seeds = try Self.inputs(Self.corpus, target).map { try Data(contentsOf: $0) }
    var random = SplitMix(seed: 0x6C6F_7373 ^ UInt64(target.rawValue.utf8.count))
    let rounds = target == .zip ? 40 : 300
    for round in 0..<rounds {
      var bytes = [UInt8](seeds[round % seeds.count])
      for _ in 0...(random.next() % 4) { Mutator.mutate(&bytes, &random) }
      let failures = FormatProperties.check(Data(bytes), as: target)
      #expect(failures.isEmpty, "round \(round), input \(Data(bytes).base64EncodedString()): \(failures)")
      if !failures.isEmpty { return }
    }
  }

  /// The fuzzer's `.strings` find (issue 14): a UTF-8 file of odd length whose value holds a
  /// UTF-16 fragment (a NUL after every other byte). Any edit that made its length even made
  /// the bytes look like BOM-less UTF-16LE to the next reader, which then read `/*` as '⨯'
  /// (U+2A2F) and lost every entry: "expected a key, found '⨯'".
  @Test func anEditNeverTurnsAUTF8FileIntoUTF16() throws {
    var text = "/* Strings for the trail screen. */\n\"trail.utf16\" = \""
    if text.utf8.count % 2 == 1 { text += " " }
    text += String(repeating: "x\u{0}", count: 48) + "\";\n\"trail.name\" = \"Ridge\";\nVCG-VX-E6M.t"
    text += String(repeating: "\\", count: 60) + "nte:\n"
    if text.utf8.count % 2 == 0 { text += "\n" }
    let data = Data(text.utf8)
    #expect(data.count % 2 == 1)
    var document = StringsDocument(data: data, file: "Localizable.strings")
    #expect(document.encoding == .utf8)
    #expect(document.value(forKey: "trail.name") == "Ridge")
    // The bytes the edit would write do look like UTF-16 to a reader: the edit is refused and
    // nothing changes, where it used to write a file that no longer parsed.
    #expect(throws: GlossaError.self) {
      try document.setValue("Ridges", forKey: "trail.name", plural: nil, variable: nil, comment: nil)
    }
    #expect(document.serialized() == data)
    // An edit that keeps the length odd goes through and reads back.
    try document.setValue("Ridges!", forKey: "trail.name", plural: nil, variable: nil, comment: nil)
    #expect(StringsDocument(data: document.serialized(), file: "x").value(forKey: "trail.name") == "Ridges!")
    #expect(FormatProperties.check(data, as: .strings).isEmpty)
  }

  /// A bundle edit reports the refusal with the file's name.
  @Test func theRefusalNamesTheFileAndTheWayOut() throws {
    var text = "\"a\" = \"" + String(repeating: "y\u{0}", count: 20) + "\";\n\"b\" = \"c\";\n"
    if text.utf8.count % 2 == 0 { text += "\n" }
    var document = StringsDocument(data: Data(text.utf8), file: "fr.lproj/Localizable.strings")
    do {
      try document.setValue("cd", forKey: "b", plural: nil, variable: nil, comment: nil)
      Issue.record("the edit was not refused")
    } catch {
      #expect(
        "\(error)".contains("fr.lproj/Localizable.strings: after this edit the file would no longer read as UTF-8"))
    }
  }
}

/// Byte mutations like a fuzzer's: flips, inserts of tokens that matter to some format,
/// deletions and duplications of runs.
enum Mutator {
  static let tokens: [[UInt8]] = [
    [0x22], [0x5C], [0x0D], [0x0A], [0x00], Array("/*".utf8), Array("*/".utf8), Array("//".utf8), [0x3B], [0x3D],
    Array("\\U".utf8), Array("\\u".utf8), Array("##{one}".utf8), [0xE2, 0x80, 0xA8], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE],
    Array("<key>".utf8), Array("</dict>".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array(",".utf8),
    Array("\"x\":".utf8), Array("&amp;".utf8), Array("<![CDATA[".utf8), [0xC3], [0x80],
  ]

  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix) {
    let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
    switch random.next() % 5 {
    case 0 where at < bytes.count:
      bytes[at] ^= UInt8(1 << (random.next() % 8))
    case 1 where at < bytes.count:
      bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
    case 2 where at < bytes.count:
      let run = Array(bytes[at..<min(bytes.count, at + 1 + Int(random.next() % 16))])
      bytes.insert(contentsOf: run, at: Int(random.next() % UInt64(bytes.count + 1)))
    default:
      bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: at)
    }
  }
}
