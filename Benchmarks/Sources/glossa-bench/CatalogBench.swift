import Foundation

/// `glossa-bench catalog`: issue 16's budget 2, String Catalogs against the same strings as
/// `.strings` files, whole process.
///
///     python3 ../shared/tools/gen_bundle.py /tmp/medium --langs 40 --keys 5000 --utf16-every 5
///     python3 scripts/make_catalog.py /tmp/medium /tmp/medium-catalog/Localizable.xcstrings
///     glossa-bench catalog /tmp/medium-catalog /tmp/medium [--runs N] [--glossa BIN] [--before BIN]
///
/// Runs `glossa lint CATALOG --format json` and `glossa lint STRINGS --format json` alternately
/// (and the `--before` binary on the catalog, for a same-run before/after), prints median wall,
/// CPU and peak memory and the ratios against the budget (catalog ≤ 1.5× the `.strings` wall
/// time, ≤ 150 MB), then the review's time to first screen on the catalog (≤ 0.5 s), from
/// `glossa review --benchmark`.
enum CatalogBench {
  static func main(_ arguments: [String]) throws {
    var options = BenchOptions(arguments)
    let (runs, glossa, before) = options.comparison()
    guard options.rest.count == 2 else {
      print("usage: glossa-bench catalog CATALOG_DIR STRINGS_DIR [--runs N] [--glossa BIN] [--before BIN]")
      exit(2)
    }
    let (catalog, strings) = (options.rest[0], options.rest[1])
    var commands = [LintBench.lintCommand(glossa, catalog), LintBench.lintCommand(glossa, strings)]
    if let before { commands.append(LintBench.lintCommand(before, catalog)) }
    let samples = try LintBench.alternate(commands, runs: runs)
    print("## String Catalog vs .strings: glossa lint --format json (\(runs) runs each, alternating)")
    print("")
    print("| what | median wall | median CPU (user + sys) | peak RSS |")
    print("|---|---:|---:|---:|")
    let names = ["catalog (\(catalog))", ".strings (\(strings))", "catalog, --before binary"]
    for (name, sample) in zip(names, samples) {
      print(
        "| \(name) | \(Measure.format(sample.seconds)) | \(Measure.format(sample.cpuSeconds)) | \(LintBench.mb(sample.peakBytes)) |"
      )
    }
    print("")
    let ratio = samples[0].seconds / samples[1].seconds
    print(String(format: "wall: %.2f× .strings (budget ≤ 1.50×: %@)", ratio, ratio <= 1.5 ? "ok" : "OVER"))
    print(
      String(
        format: "CPU: %.2f× .strings; peak: %@ (budget ≤ 150 MB: %@)", samples[0].cpuSeconds / samples[1].cpuSeconds,
        LintBench.mb(samples[0].peakBytes), samples[0].peakBytes <= 150_000_000 ? "ok" : "OVER"))
    if samples.count > 2 {
      print(
        String(
          format: "after ÷ before: wall %.2f×, CPU %.2f×, peak %.2f×", samples[0].seconds / samples[2].seconds,
          samples[0].cpuSeconds / samples[2].cpuSeconds, Double(samples[0].peakBytes) / Double(samples[2].peakBytes)))
    }
    print("")
    for binary in [glossa] + (before.map { [$0] } ?? []) {
      var firstScreens: [Double] = []
      for _ in 0..<max(1, min(runs, 3)) {
        if let milliseconds = try firstScreen(binary, catalog) { firstScreens.append(milliseconds) }
      }
      guard !firstScreens.isEmpty else { continue }
      let median = firstScreens.sorted()[firstScreens.count / 2]
      print(
        String(
          format: "review first screen (%@): median %.0f ms of %d (budget ≤ 500 ms: %@)", binary, median,
          firstScreens.count, median <= 500 ? "ok" : "OVER"))
    }
  }

  /// The "time to first screen" `glossa review --benchmark` reports, in milliseconds.
  static func firstScreen(_ glossa: String, _ bundle: String) throws -> Double? {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: glossa)
    process.arguments = ["review", "--benchmark", bundle]
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("time to first screen") }),
      let number = line.split(separator: ":").last?.split(separator: " ").first
    else { return nil }
    return Double(number)
  }
}
