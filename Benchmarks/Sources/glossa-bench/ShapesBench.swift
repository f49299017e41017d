import Foundation

/// `glossa-bench shapes --glossa BIN [--runs N]`: issue 14's hostile shapes, each generated at
/// three sizes and linted by the built `glossa` (a child process) next to an ordinary file of
/// the same size, in the same run. Two ratios per row: shape vs baseline at that size (linear:
/// a small constant), and the shape's time at 4× the size vs at 1× (linear ≈ 4, quadratic ≈ 16).
enum ShapesBench {
  /// One shape: how to write `n` entries of it, and of its ordinary baseline.
  struct Shape: Sendable {
    var name: String
    var file: String
    var sizes: [Int]
    var shape: @Sendable (Int) -> Data
    var baseline: @Sendable (Int) -> Data
    var baselineName: String
  }

  static func lines(_ n: Int, _ separator: String, key: @Sendable (Int) -> String = { "key\($0)" }) -> Data {
    var text = ""
    text.reserveCapacity(n * 24)
    for i in 0..<n { text += "\"\(key(i))\" = \"value \(i)\";" + separator }
    return Data(text.utf8)
  }

  static func json(_ n: Int, pretty: Bool) -> Data {
    var text = pretty ? "{\n" : "{"
    for i in 0..<n { text += (i > 0 ? (pretty ? ",\n" : ",") : "") + (pretty ? "  " : "") + "\"k\(i)\":\"v\"" }
    return Data((text + (pretty ? "\n}\n" : "}")).utf8)
  }

  static let shapes: [Shape] = [
    Shape(
      name: ".strings, CR line breaks", file: "Localizable.strings", sizes: [10_000, 20_000, 40_000],
      shape: { lines($0, "\r") }, baseline: { lines($0, "\n") }, baselineName: "LF"),
    Shape(
      name: ".strings, CRLF line breaks", file: "Localizable.strings", sizes: [10_000, 20_000, 40_000],
      shape: { lines($0, "\r\n") }, baseline: { lines($0, "\n") }, baselineName: "LF"),
    Shape(
      name: ".strings, one line", file: "Localizable.strings", sizes: [10_000, 20_000, 40_000],
      shape: { lines($0, " ") }, baseline: { lines($0, "\n") }, baselineName: "LF"),
    Shape(
      name: "JSON table, flat, one line", file: "Localizable.json", sizes: [10_000, 20_000, 60_000],
      shape: { json($0, pretty: false) }, baseline: { json($0, pretty: true) }, baselineName: "one key a line"),
    Shape(
      name: ".strings, one key repeated", file: "Localizable.strings", sizes: [100_000, 200_000, 500_000],
      shape: { lines($0, "\n", key: { _ in "k" }) }, baseline: { lines($0, "\n") }, baselineName: "distinct keys"),
    Shape(
      name: "JSON table, one long escaped value", file: "Localizable.json", sizes: [100_000, 200_000, 400_000],
      shape: { Data(("{\"k\":\"" + String(repeating: "\\u00e9\\n", count: $0) + "\"}").utf8) },
      baseline: { n in json(n * 8 / 10, pretty: true) }, baselineName: "keys of the same size"),
  ]

  static func main(_ arguments: [String]) throws {
    guard let index = arguments.firstIndex(of: "--glossa"), index + 1 < arguments.count else {
      print("usage: glossa-bench shapes --glossa PATH_TO_GLOSSA [--before OLD_GLOSSA] [--limit SECONDS] [--runs N]")
      exit(2)
    }
    func option(_ name: String) -> String? {
      arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let glossa = arguments[index + 1]
    // `--before`: an older build linted in the same run (its runs are cut at `--limit` seconds).
    let before = option("--before")
    let limit = option("--limit").flatMap(Double.init) ?? 60
    let runs = option("--runs").flatMap(Int.init) ?? 3
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-shapes-\(getpid())")
    defer { try? FileManager.default.removeItem(at: work) }
    print(
      "| shape | entries | bytes | lint | baseline | lint | shape/baseline | growth (largest/smallest size) |"
        + (before == nil ? "" : " before: shape | before: baseline | before: shape/baseline |"))
    print("|---|---:|---:|---:|---|---:|---:|---:|" + (before == nil ? "" : "---:|---:|---:|"))
    var failed = false
    for shape in shapes {
      var first: Double?
      for size in shape.sizes {
        let shapeDir = try bundle(work, "\(shape.file)-\(size)-shape", shape.file, shape.shape(size))
        let baseDir = try bundle(work, "\(shape.file)-\(size)-base", shape.file, shape.baseline(size))
        let bytes =
          (try? FileManager.default.attributesOfItem(atPath: shapeDir + "/en.lproj/" + shape.file)[.size] as? Int) ?? 0
        let shapeTime = try median(runs) { try HostileBench.run(glossa, ["lint", shapeDir]).seconds }
        let baseTime = try median(runs) { try HostileBench.run(glossa, ["lint", baseDir]).seconds }
        let ratio = shapeTime / max(baseTime, 1e-6)
        let growth = first.map { shapeTime / max($0, 1e-6) }
        if first == nil { first = shapeTime }
        // Linear: the shape stays within a small factor of the baseline.
        if ratio > 5 { failed = true }
        var row =
          "| \(shape.name) | \(size) | \(bytes) | \(Measure.format(shapeTime)) | \(shape.baselineName) | "
          + "\(Measure.format(baseTime)) | " + String(format: "%.2f×", ratio) + " | "
          + (growth.map { String(format: "%.2f× for %.0f× the entries", $0, Double(size) / Double(shape.sizes[0])) }
            ?? "—")
          + " |"
        if let before {
          // One run each: the old build can take minutes; a run cut at the limit shows as "> limit".
          let old = try HostileBench.run("/usr/bin/timeout", ["\(Int(limit))", before, "lint", shapeDir]).seconds
          let oldBase = try HostileBench.run("/usr/bin/timeout", ["\(Int(limit))", before, "lint", baseDir]).seconds
          let cut = old >= limit - 0.5
          row +=
            " \(cut ? "> \(Int(limit)) s" : Measure.format(old)) | \(Measure.format(oldBase)) | "
            + (cut ? "> " : "") + String(format: "%.1f×", old / max(oldBase, 1e-6)) + " |"
        }
        print(row)
      }
      try? FileManager.default.removeItem(at: work)
    }
    print(failed ? "shapes: a shape is over 5× its baseline" : "shapes: every shape within 5× its baseline")
    if failed { exit(1) }
  }

  /// Writes `data` as `en.lproj/FILE` of a new bundle folder; returns the folder.
  static func bundle(_ work: URL, _ name: String, _ file: String, _ data: Data) throws -> String {
    let folder = work.appendingPathComponent(name)
    let lproj = folder.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try data.write(to: lproj.appendingPathComponent(file))
    return folder.path
  }

  static func median(_ runs: Int, _ body: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<max(1, runs) { samples.append(try body()) }
    return samples.sorted()[samples.count / 2]
  }
}
