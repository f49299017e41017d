import Foundation
import Testing

@testable import GlossaCore

#if canImport(Glibc)
  import Glibc
#endif

/// A config costs what its size says: nested aliases and merge-key chains are refused once they
/// describe more values than the file's size allows (instead of gigabytes and minutes), a huge
/// file is refused before it is read whole, and a FIFO is refused instead of waited on.
@Suite("Config bounds", .timeLimit(.minutes(10)))
struct ConfigBoundsTests {
  /// Nine levels of nine aliases under ignored `x-` keys: 9⁹ values from a few hundred bytes.
  static let aliasBomb: String = {
    var lines = ["x-a: &a [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ",") + "]"]
    let names = Array("abcdefghi")
    for index in 1..<names.count {
      let previous = "*\(names[index - 1])"
      lines.append(
        "x-\(names[index]): &\(names[index]) [" + Array(repeating: previous, count: 9).joined(separator: ",") + "]")
    }
    return (lines + ["slack: 10"]).joined(separator: "\n") + "\n"
  }()

  /// Each mapping merges the previous one twice: 2⁴⁰ pairs from about 1.5 KB.
  static let mergeChain: String = {
    var lines = ["x-m0: &m0 {k0: 1, j0: 2}"]
    for index in 1..<40 { lines.append("x-m\(index): &m\(index) {<<: [*m\(index - 1), *m\(index - 1)], k\(index): 1}") }
    return (lines + ["slack: 10"]).joined(separator: "\n") + "\n"
  }()

  @Test("an alias bomb under x- keys is refused at once, naming a line")
  func aliasBomb() {
    let start = ContinuousClock.now
    #expect(Self.aliasBomb.utf8.count < 500)
    do {
      _ = try CheckConfig.parse(Self.aliasBomb, file: ".glossa.yml")
      Issue.record("the alias bomb was accepted")
    } catch let error as GlossaError {
      #expect(error.message.hasPrefix(".glossa.yml:1:"))
      #expect(error.message.contains("too many values"))
    } catch { Issue.record("unexpected \(error)") }
    #expect(ContinuousClock.now - start < .seconds(5))
  }

  @Test("a merge-key chain is refused the same way")
  func mergeChain() {
    let error = thrownError { try CheckConfig.parse(Self.mergeChain, file: ".glossa.yml") }
    if case .config(".glossa.yml", _, _, .tooManyValues(let base))? = error {
      #expect(base == YAMLReader.valueBudget(bytes: 0))
    } else {
      Issue.record("not refused as too many values: \(String(describing: error))")
    }
  }

  @Test("aliases a real config uses, and a long baseline, still read")
  func realConfigsRead() throws {
    let shared = """
      x-quiet: &quiet [untranslated, missing-comment]
      disabled: *quiet
      severity:
        <<: {overlong: error}
        plural-extra: info

      """
    let options = try CheckConfig.parse(shared, file: ".glossa.yml")
    #expect(options.disabled == [.untranslated, .missingComment])
    let entries = (0..<20_000).map { "  - {kind: missing-key, language: fr, key: \"key.\($0)\"}" }
    let baseline = "baseline:\n" + entries.joined(separator: "\n") + "\n"
    #expect(try CheckConfig.parse(baseline, file: ".glossa.yml").baseline.count == 20_000)
  }

  @Test("a config larger than the limit is refused without being read whole; a FIFO is refused")
  func sizeAndKind() throws {
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temp) }
    let big = temp.appendingPathComponent("big.yml")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: UInt64(CheckConfig.maxBytes) + 1)  // sparse: no disk used
    try handle.close()
    #expect(
      thrownError { try CheckConfig.load(path: big.path) }
        == .config(big.path, line: nil, column: nil, problem: .tooLarge(limit: CheckConfig.maxBytes)))
    let fifo = temp.appendingPathComponent("fifo.yml")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    #expect(
      thrownError { try CheckConfig.load(path: fifo.path) }
        == .config(fifo.path, line: nil, column: nil, problem: .notRegularFile))
    let latin1 = temp.appendingPathComponent("latin1.yml")
    try Data([0x73, 0x6C, 0x61, 0x63, 0x6B, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
    #expect(
      thrownError { try CheckConfig.load(path: latin1.path) }
        == .config(latin1.path, line: nil, column: nil, problem: .notUTF8))
  }
}
