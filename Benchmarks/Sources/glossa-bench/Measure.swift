import Foundation

/// Wall-clock timing with a median over repeated runs.
enum Measure {
  /// Runs `body` `runs` times (after one warm-up) and returns the median seconds.
  static func median(runs: Int, warmUp: Bool = true, _ body: () throws -> Void) rethrows -> Double {
    if warmUp { try body() }
    var samples: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// Runs an external command (the baseline tools: unzip, zip) and returns its median seconds.
  static func command(runs: Int, _ launch: String, _ arguments: [String], in directory: URL? = nil) throws -> Double {
    try median(runs: runs) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: launch)
      process.arguments = arguments
      if let directory { process.currentDirectoryURL = directory }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds < 0.001
      ? String(format: "%.1f µs", seconds * 1e6)
      : seconds < 1 ? String(format: "%.1f ms", seconds * 1e3) : String(format: "%.2f s", seconds)
  }
}

/// One line of the report: what, how long, against which baseline.
struct BenchResult {
  var name: String
  var seconds: Double
  var baselineName: String
  var baselineSeconds: Double
  var budget: Double?

  var ratio: Double { seconds / baselineSeconds }

  var row: String {
    let budgetText = budget.map { String(format: "≤ %.2f×", $0) } ?? "—"
    let verdict = budget.map { ratio <= $0 ? "ok" : "OVER" } ?? ""
    return "| \(name) | \(Measure.format(seconds)) | \(baselineName) | \(Measure.format(baselineSeconds)) | "
      + String(format: "%.2f×", ratio) + " | \(budgetText) \(verdict) |"
  }
}

/// Command-line options taken out of the arguments as they are read (`--runs 5`), the rest left
/// in `rest`.
struct BenchOptions {
  var rest: [String]

  init(_ arguments: [String]) { rest = arguments }

  /// The options every whole-process comparison takes: `--runs N` (default 5), `--glossa BIN`
  /// (default the release build) and `--before BIN` (an older build run alternately).
  mutating func comparison() -> (runs: Int, glossa: String, before: String?) {
    (take("--runs").flatMap(Int.init) ?? 5, take("--glossa") ?? ".build/release/glossa", take("--before"))
  }

  /// The value after `name`, removing both; nil when `name` is not given.
  mutating func take(_ name: String) -> String? {
    guard let i = rest.firstIndex(of: name), i + 1 < rest.count else { return nil }
    defer { rest.removeSubrange(i...(i + 1)) }
    return rest[i + 1]
  }
}

/// A benchmark that cannot run as set up (a tool missing, a report without the figure asked for).
struct BenchFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }
}
