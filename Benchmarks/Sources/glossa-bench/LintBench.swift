import Foundation
import GlossaCore

#if canImport(Glibc)
  import Glibc
#endif

// Runs children under /usr/bin/time (GNU time) for their own peak RSS and CPU time.

/// `glossa-bench lint`: issue 7's budget items 1 and 5 for `glossa lint`, whole process.
///
///     glossa-bench lint ZIP [--runs N] [--glossa PATH] [--scale ZIP...] [--checks DIR]
///
/// - runs the release `glossa lint ZIP --format json > /dev/null` and `unzip -p ZIP > /dev/null`
///   alternately N times, and prints the median wall time and peak RSS of each and the ratios
///   against the budget (2.5× the time of unzip -p, 1.5× the unzipped size in memory);
/// - with `--scale`, the same for each zip of a scaling series, with time and memory ratios
///   against the first (doubling languages or keys must at most double both);
/// - with `--checks DIR`, the cost of each check alone on a bundle loaded once (checks only).
enum LintBench {
  static func main(_ arguments: [String]) throws {
    var arguments = arguments
    func option(_ name: String) -> [String] {
      guard let i = arguments.firstIndex(of: name) else { return [] }
      var values: [String] = []
      var j = i + 1
      while j < arguments.count, !arguments[j].hasPrefix("--") {
        values.append(arguments[j])
        j += 1
      }
      arguments.removeSubrange(i..<j)
      return values
    }
    let runs = option("--runs").first.flatMap(Int.init) ?? 5
    let glossa = option("--glossa").first ?? ".build/release/glossa"
    let scale = option("--scale")
    let checks = option("--checks").first
    guard FileManager.default.isExecutableFile(atPath: glossa) else {
      print("glossa-bench lint: no executable at \(glossa); run `swift build -c release --product glossa` first")
      exit(2)
    }
    if let zip = arguments.first { try budget(zip: zip, glossa: glossa, runs: runs) }
    if !scale.isEmpty { try series(scale, glossa: glossa, runs: runs) }
    if let checks { try perCheck(checks, runs: runs) }
  }

  /// One child process's wall time, CPU time (user + system) and peak resident memory.
  struct Sample {
    var seconds: Double
    var cpuSeconds: Double
    var peakBytes: Int
  }

  /// Runs `arguments` under `/usr/bin/time` (stdout and stderr to /dev/null) and waits for it.
  ///
  /// `time` reports the child's own peak RSS; `wait4` from this process would not, since Linux
  /// carries the forking process's high-water mark over `exec`.
  static func spawn(_ arguments: [String]) throws -> Sample {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-bench-time-\(getpid())")
    defer { try? FileManager.default.removeItem(at: report) }
    let command = ["/usr/bin/time", "-f", "%U %S %M", "-o", report.path] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchFailure("cannot run \(command[0]): error \(spawned)") }
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let fields =
      ((try? String(contentsOf: report, encoding: .utf8)) ?? "")
      .split(whereSeparator: \.isNewline).last?.split(separator: " ").compactMap { Double($0) } ?? []
    guard fields.count == 3 else { throw BenchFailure("/usr/bin/time gave no report for \(arguments[0])") }
    return Sample(seconds: seconds, cpuSeconds: fields[0] + fields[1], peakBytes: Int(fields[2]) * 1024)
  }

  /// Medians of `runs` alternating runs of each command (alternating spreads other load evenly).
  static func alternate(_ commands: [[String]], runs: Int) throws -> [Sample] {
    var samples = Array(repeating: [Sample](), count: commands.count)
    for _ in 0..<max(1, runs) {
      for (index, command) in commands.enumerated() { samples[index].append(try spawn(command)) }
    }
    return samples.map { list in
      let times = list.map(\.seconds).sorted()
      let cpu = list.map(\.cpuSeconds).sorted()
      let peaks = list.map(\.peakBytes).sorted()
      return Sample(seconds: times[times.count / 2], cpuSeconds: cpu[cpu.count / 2], peakBytes: peaks[peaks.count / 2])
    }
  }

  static func lintCommand(_ glossa: String, _ zip: String) -> [String] { [glossa, "lint", zip, "--format", "json"] }

  /// The sum of the zip's declared uncompressed sizes.
  static func unzippedSize(_ zip: String) throws -> Int {
    try BundleArchive.readFiles(at: URL(fileURLWithPath: zip)).reduce(0) { $0 + $1.data.count }
  }

  static func budget(zip: String, glossa: String, runs: Int) throws {
    let samples = try alternate([lintCommand(glossa, zip), ["/usr/bin/unzip", "-p", zip]], runs: runs)
    let size = try unzippedSize(zip)
    let (lint, unzip) = (samples[0], samples[1])
    let timeRatio = lint.seconds / unzip.seconds
    let memoryRatio = Double(lint.peakBytes) / Double(size)
    print("## glossa lint \(zip) --format json (\(runs) runs each, alternating; unzipped \(mb(size)))")
    print("")
    print("| what | median wall | median CPU (user + sys) | peak RSS |")
    print("|---|---:|---:|---:|")
    print(
      "| glossa lint --format json | \(Measure.format(lint.seconds)) | \(Measure.format(lint.cpuSeconds)) | \(mb(lint.peakBytes)) |"
    )
    print(
      "| unzip -p | \(Measure.format(unzip.seconds)) | \(Measure.format(unzip.cpuSeconds)) | \(mb(unzip.peakBytes)) |")
    print("")
    // Issue 16's budget (round 4); issue 7's (wall ≤ 2.5×, memory ≤ 1.5× unzipped) for comparison.
    let cpuRatio = lint.cpuSeconds / unzip.cpuSeconds
    print(String(format: "CPU: %.2f× unzip -p (issue 16: ≤ 2.00×: %@)", cpuRatio, cpuRatio <= 2.0 ? "ok" : "OVER"))
    print(
      String(
        format: "wall: %.2f× unzip -p (issue 16: ≤ 1.20×: %@; issue 7: ≤ 2.50×: %@)", timeRatio,
        timeRatio <= 1.2 ? "ok" : "OVER", timeRatio <= 2.5 ? "ok" : "OVER"))
    print(
      String(
        format: "peak: %@ (issue 16: ≤ 150 MB: %@); %.2f× the unzipped size (issue 7: ≤ 1.50×: %@)",
        mb(lint.peakBytes), lint.peakBytes <= 150_000_000 ? "ok" : "OVER", memoryRatio,
        memoryRatio <= 1.5 ? "ok" : "OVER"))
    print("")
  }

  static func series(_ zips: [String], glossa: String, runs: Int) throws {
    let samples = try alternate(zips.map { lintCommand(glossa, $0) }, runs: runs)
    print("## scaling: glossa lint --format json (\(runs) runs each, alternating)")
    print("")
    print("| bundle | unzipped | median wall | × first | median CPU | × first | peak RSS | × first |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for (zip, sample) in zip(zips, samples) {
      let name = URL(fileURLWithPath: zip).deletingPathExtension().lastPathComponent
      print(
        "| \(name) | \(mb(try unzippedSize(zip))) | \(Measure.format(sample.seconds)) | "
          + String(format: "%.2f×", sample.seconds / samples[0].seconds) + " | \(Measure.format(sample.cpuSeconds)) | "
          + String(format: "%.2f×", sample.cpuSeconds / samples[0].cpuSeconds) + " | \(mb(sample.peakBytes)) | "
          + String(format: "%.2f×", Double(sample.peakBytes) / Double(samples[0].peakBytes)) + " |")
    }
    print("")
  }

  /// Checks only, on a bundle loaded once: every check together, then each one alone (the key
  /// walk and indexing that every run shares is the "no check" row).
  static func perCheck(_ path: String, runs: Int) throws {
    let bundle = try LocalizationBundle.load(path)
    let pairs = bundle.tables.reduce(0) { $0 + $1.entries.count }
    func time(_ checks: [any Check]) -> Double {
      Measure.median(runs: runs) { _ = (try? Checker(checks: checks).findings(in: bundle))?.count }
    }
    let none = time([])
    let all = time(Checker.allChecks)
    print("## checks only: \(path) (\(pairs) entries, loaded once; median of \(runs))")
    print("")
    print("| checks | median | above the key walk | per entry |")
    print("|---|---:|---:|---:|")
    print("| none (index + key walk) | \(Measure.format(none)) | — | \(perEntry(none, pairs)) |")
    print("| all | \(Measure.format(all)) | \(Measure.format(all - none)) | \(perEntry(all - none, pairs)) |")
    for check in Checker.allChecks {
      let alone = time([check])
      print(
        "| \(check.kind.rawValue) | \(Measure.format(alone)) | \(Measure.format(max(0, alone - none))) | "
          + "\(perEntry(max(0, alone - none), pairs)) |")
    }
    print("")
  }

  static func perEntry(_ seconds: Double, _ count: Int) -> String {
    String(format: "%.2f µs", seconds / Double(max(1, count)) * 1e6)
  }

  static func mb(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }
}
