import Foundation
import GlossaCore
import GlossaTUI

/// `glossa review --benchmark BUNDLE`: drives the review without a terminal and prints how long
/// key presses take to reach a finished frame (update plus render), and the time to the first screen.
enum ReviewBenchmark {
  struct Sample {
    var name: String
    var times: [Double]
    var median: Double { sorted[sorted.count / 2] }
    var p95: Double { sorted[min(sorted.count - 1, sorted.count * 95 / 100)] }
    private var sorted: [Double] { times.sorted() }
  }

  static func run(local: String, remote: String?, options: BundleLoadOptions, checks: ReviewChecks) throws -> String {
    let start = Date()
    let bundle = try LocalizationBundle.load(local, options: options)
    let remoteBundle = try remote.map { try LocalizationBundle.load($0, options: options) }
    let loaded = Date()
    var state = AppState(
      local: bundle, remote: remoteBundle, checks: checks, plurals: ReviewServices.plurals, width: 120, height: 40)
    _ = state.render()
    let firstScreen = Date()
    var report = [
      "bundle: \(bundle.languages.count) languages, \(bundle.tables.reduce(0) { $0 + $1.entries.count }) entries",
      String(
        format: "load: %.0f ms; first screen after load: %.1f ms; time to first screen: %.0f ms",
        loaded.timeIntervalSince(start) * 1000, firstScreen.timeIntervalSince(loaded) * 1000,
        firstScreen.timeIntervalSince(start) * 1000),
    ]
    let checkStart = Date()
    let findings = checks.all(state.local, state.remote)
    report.append(
      String(
        format: "full checks (off the main loop): %.0f ms, %d findings",
        Date().timeIntervalSince(checkStart) * 1000, findings.count))
    _ = state.update(.checksFinished(findings, generation: state.checkGeneration))

    func measure(_ name: String, _ count: Int, before: (inout AppState) -> Void = { _ in }, _ key: (Int) -> Key)
      -> Sample
    {
      before(&state)
      var times: [Double] = []
      for index in 0..<count {
        let begin = DispatchTime.now().uptimeNanoseconds
        _ = state.update(.key(key(index)))
        _ = state.render()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1_000_000)
      }
      return Sample(name: name, times: times)
    }
    var samples: [Sample] = []
    samples.append(measure("move (j)", 300) { _ in .char("j") })
    samples.append(measure("page down", 50) { _ in .pageDown })
    samples.append(measure("filter (f)", 70) { _ in .char("f") })
    samples.append(measure("next language (l)", 30, before: { _ = $0.update(.key(.char("a"))) }) { _ in .char("l") })
    samples.append(
      measure("search step", 12, before: { _ = $0.update(.key(.char("/"))) }) { index in
        .char(Array("settings.tit")[index % 12])
      })
    _ = state.update(.key(.escape))
    samples.append(
      measure("edit keystroke", 60, before: { _ = $0.update(.key(.char("e"))) }) { index in
        .char(index % 7 == 6 ? " " : "x")
      })
    var pauses: [Double] = []
    for _ in 0..<20 {
      _ = state.update(.key(.char("y")))
      let begin = DispatchTime.now().uptimeNanoseconds
      _ = state.update(.idle)
      _ = state.render()
      pauses.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1_000_000)
    }
    samples.append(Sample(name: "draft findings (idle)", times: pauses))
    _ = state.update(.key(.escape))
    report.append("key press → finished frame (update + render at 120×40), ms:")
    report.append("  action                 median     p95   runs")
    for sample in samples {
      report.append(
        "  " + sample.name.padding(toLength: 20, withPad: " ", startingAt: 0)
          + String(format: "%9.2f %8.2f %6d", sample.median, sample.p95, sample.times.count))
    }
    return report.joined(separator: "\n") + "\n"
  }
}
