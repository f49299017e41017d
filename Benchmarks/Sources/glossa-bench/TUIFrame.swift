import Foundation
import GlossaCore
import GlossaTUI

/// `glossa-bench tui BUNDLE [--runs N]`: the review's update + render of one frame, in process.
///
/// Opens the bundle as `glossa review` does before its first screen (the listing, then the source
/// language and the first translation only), then presses keys on the state and times each
/// `update` + `render` at 120×40. No terminal, no background threads: the cost of a frame itself.
enum TUIFrameBenchmark {
  static func run(_ arguments: [String]) throws {
    guard let path = arguments.first else {
      print("usage: glossa-bench tui BUNDLE_DIR_OR_ZIP [--runs N]")
      exit(2)
    }
    var runs = 3
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count {
      runs = Int(arguments[index + 1]) ?? runs
    }
    let checker = Checker()
    // The review's own checks (the same closures `glossa review` runs).
    let checks = ReviewChecks.real(checker)

    var opened: (bundle: LocalizationBundle, pending: [String])?
    let open = Measure.median(runs: runs) {
      guard var bundle = try? LocalizationBundle.open(path) else { return }
      let all = bundle.languages
      let shown = all[AppState.firstShown(in: all)]
      guard (try? bundle.load(languages: bundle.firstLanguages(showing: shown))) != nil else { return }
      opened = (bundle, bundle.unloadedLanguages)
    }
    guard let opened else {
      print("\(path): not a bundle directory or zip")
      exit(2)
    }
    var firstFrame = 0.0
    var state = AppState(local: opened.bundle, checks: checks, width: 120, height: 40)
    firstFrame = Measure.median(runs: runs) {
      state = AppState(local: opened.bundle, checks: checks, width: 120, height: 40)
      _ = state.render()
    }
    let entries = opened.bundle.tables.reduce(0) { $0 + $1.entries.count }
    print(
      "bundle \(path): \(opened.bundle.languages.joined(separator: ", ")) read first (\(entries) entries), \(opened.pending.count) languages pending"
    )
    print(
      String(
        format: "open (list + read the first languages): %.1f ms; state + first render: %.1f ms", open * 1000,
        firstFrame * 1000))

    var rows: [(String, [Double])] = []
    func time(_ name: String, _ count: Int, _ step: (inout AppState, Int) -> Void) {
      var samples: [Double] = []
      for index in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        step(&state, index)
        _ = state.render()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      rows.append((name, samples.sorted()))
    }
    func press(_ key: Key) -> (inout AppState, Int) -> Void { { state, _ in _ = state.update(.key(key)) } }
    time("render only", 100) { _, _ in }
    time("move (j)", 300, press(.char("j")))
    time("page down", 100, press(.pageDown))
    time("page up", 100, press(.pageUp))
    time("filter switch (f)", 70, press(.char("f")))
    _ = state.update(.key(.char("/")))
    time("search step", 40) { state, index in _ = state.update(.key(.char(Array("setting.")[index % 8]))) }
    _ = state.update(.key(.escape))
    _ = state.update(.key(.char("e")))
    time("edit keystroke", 200) { state, index in _ = state.update(.key(.char(index % 7 == 6 ? " " : "x"))) }
    time("draft check (idle)", 30) { state, _ in
      _ = state.update(.key(.char("y")))
      _ = state.update(.idle)
    }
    _ = state.update(.key(.escape))
    print("update + render of one frame at 120×40, ms:")
    print("  action                 median      p99      max   runs")
    for (name, samples) in rows {
      let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
      print(
        "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0)
          + String(
            format: "%9.2f %8.2f %8.2f %6d", samples[samples.count / 2], p99, samples[samples.count - 1], samples.count)
      )
    }
  }
}
