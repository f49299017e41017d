import Foundation
import Testing

@testable import GlossaCore

/// Issue 14's hostile shapes cost about what an ordinary file of the same size costs: each
/// shape is read and indexed next to its baseline in the same test, and the ratio of the two
/// (best of three timings each) must stay under a generous factor. At these sizes the quadratic
/// code this replaced was 20× to over 100× slower than the baseline, so a linear reader passes with a
/// wide margin and a quadratic one cannot.
struct LinearCostTests {
  /// The factor a shape may cost over its baseline (a linear reader measures 0.5–2×).
  static let factor = 6.0

  static func lines(_ n: Int, _ separator: String, key: (Int) -> String = { "key\($0)" }) -> Data {
    var text = ""
    for i in 0..<n { text += "\"\(key(i))\" = \"value \(i)\";" + separator }
    return Data(text.utf8)
  }

  static func json(_ n: Int, pretty: Bool) -> Data {
    let members = (0..<n).map { (pretty ? "  " : "") + "\"k\($0)\":\"v\"" }
    return Data(
      (pretty ? "{\n" + members.joined(separator: ",\n") + "\n}\n" : "{" + members.joined(separator: ",") + "}").utf8)
  }

  /// Reads `data` as a table, indexes it for the checks and returns how many records it has.
  static func read(_ data: Data, _ format: TableFormat) -> Int {
    let document = format.parse(data, file: "en.lproj/Localizable.\(format.rawValue)")
    let table = LocaleTable(language: "en", name: "Localizable", path: "x", format: format, document: document)
    let index = TableIndex(table)
    return index.records.count + index.duplicates.count + document.diagnostics.count
  }

  /// The best of three timings of `body`.
  static func seconds(_ body: () -> Int) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let start = DispatchTime.now().uptimeNanoseconds
      #expect(body() > 0)
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
  }

  /// Times the shape and its baseline one after the other; on a machine busy with other work a
  /// ratio over the factor is measured again (up to three rounds, the lowest counts): a burst
  /// of load can slow one timing several times over, while a quadratic reader stays 20× or more
  /// over its baseline in every round.
  static func expectLinear(_ shape: Data, _ baseline: Data, _ format: TableFormat, _ what: String) {
    var best = (ratio: Double.infinity, shape: 0.0, base: 0.0)
    for _ in 0..<3 where best.ratio >= factor {
      let shapeTime = seconds { read(shape, format) }
      let baseTime = seconds { read(baseline, format) }
      let ratio = shapeTime / max(baseTime, 1e-6)
      if ratio < best.ratio { best = (ratio, shapeTime, baseTime) }
    }
    print("linear cost: \(what): \(String(format: "%.2f", best.ratio))× its baseline")
    #expect(
      best.ratio < factor, "\(what): \(best.shape) s against \(best.base) s for the baseline (\(best.ratio)×)")
  }

  @Test func crLineBreaksCostWhatLFDoes() {
    Self.expectLinear(Self.lines(20_000, "\r"), Self.lines(20_000, "\n"), .strings, ".strings, CR")
  }

  @Test func oneLongLineCostsWhatManyLinesDo() {
    Self.expectLinear(Self.lines(20_000, " "), Self.lines(20_000, "\n"), .strings, ".strings, one line")
  }

  @Test func aFlatJSONTableOnOneLineCostsWhatOneKeyALineDoes() {
    Self.expectLinear(Self.json(20_000, pretty: false), Self.json(20_000, pretty: true), .json, "JSON, one line")
  }

  @Test func oneKeyRepeatedCostsWhatDistinctKeysDo() {
    Self.expectLinear(
      Self.lines(50_000, "\n", key: { _ in "k" }), Self.lines(50_000, "\n"), .strings, ".strings, one key repeated")
  }

  @Test func crLineBreaksGiveEditorLinesAndColumns() {
    let document = StringsDocument(
      data: Data("\"a\" = \"1\";\r\"b\" = ;\r// note\r\"c\" = \"3\";\r\n\"d\" = \"4\";".utf8), file: "x")
    #expect(document.entries.map(\.key) == ["a", "c", "d"])
    #expect(document.entries.map(\.line) == [1, 4, 5])
    #expect(document.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["2:7"])
    #expect(TextPositions(Array("ab\rcd\r\nef\ng".utf8)).location(of: 8) == (line: 3, column: 2))
  }

  @Test func anEntryAppendedToACRFileEndsInCR() throws {
    var document = StringsDocument(data: Data("\"a\" = \"1\";\r".utf8), file: "x")
    try document.setValue("2", forKey: "b", plural: nil, variable: nil, comment: nil)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == "\"a\" = \"1\";\r\"b\" = \"2\";\r")
  }
}
