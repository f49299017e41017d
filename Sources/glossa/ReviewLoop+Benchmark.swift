import Foundation
import GlossaCore
import GlossaTUI

/// `glossa review --benchmark BUNDLE [REMOTE]`: runs the real review loop against a scripted
/// terminal and prints the time to the first screen (from process start), to the bundle fully
/// loaded and checked, and key-press-to-frame latencies per action while the background work
/// runs and after it finished.
enum ReviewBenchmark {
  static func run(
    local: String, remote: String?, options: BundleLoadOptions, checks: ReviewChecks, rounds: Int = 3
  ) throws -> String {
    let terminal = ScriptedTerminal(rounds: rounds)
    let opened: OpenedBundles
    switch ReviewLoop.load(local: local, remote: remote, showing: nil, options: options, terminal: terminal) {
    case .loaded(let bundles): opened = bundles
    case .failed(let error): throw error
    case .cancelled(let status): throw CommandError.benchmarkCancelled(status: status)
    }
    var state = AppState(
      local: opened.local, remote: opened.remote, checks: checks, plurals: ReviewServices.plurals, width: 120,
      height: 40)
    state.paths = .fileSystem
    let loop = ReviewLoop(
      state: state, terminal: terminal, journals: JournalStore(directory: FileManager.default.temporaryDirectory),
      identities: [:], loader: opened.loader, renderExport: ExportOutput.render)
    loop.timing = { step, nanoseconds in terminal.note(step, milliseconds: Double(nanoseconds) / 1e6) }
    _ = loop.run()
    if let path = ProcessInfo.processInfo.environment["GLOSSA_BENCHMARK_SPANS"] { terminal.writeSpans(to: path) }
    return terminal.report(bundle: loop.state)
  }
}

/// Seconds since this process started (from `/proc/self/stat`, 10 ms resolution), or nil off Linux.
enum ProcessClock {
  static func secondsSinceStart() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Field 22 (starttime, in clock ticks since boot); fields after the command name start at 3.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    let boot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    return boot - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}

/// A terminal that types a fixed script of keys, one every few milliseconds, and measures the
/// time from handing a key to the loop until the loop draws the next frame.
final class ScriptedTerminal: ReviewTerminal {
  /// One scripted input: a key (measured as `kind` unless nil) or a pause (an `idle` event).
  private enum Step {
    case key(Key, kind: String?)
    case pause(kind: String)
    /// No key until a frame has a line with every one of `texts` (work the key started in the
    /// background), measured from the key before as `kind`; or one with `unless` (the key said
    /// why it cannot), not measured.
    case waitFor([String], unless: String, kind: String)
  }

  private struct Sample {
    var kind: String
    var phase: String
    var milliseconds: Double
    /// The loop thread's CPU time over the same span: what the key cost, whatever else the
    /// machine ran meanwhile.
    var cpuMilliseconds: Double
    /// The span on the monotonic clock, for attributing profiler samples to actions.
    var span: (begin: UInt64, end: UInt64)
  }

  let size = (width: 120, height: 40)
  private let rounds: Int
  private var script: [Step] = []
  private var pressedAt: UInt64?
  /// The loop thread's CPU clock when the measured key was handed over.
  private var pressedCPU: UInt64 = 0
  private var pressedKind: String?
  private var pressedPhase = ""
  private var phase = "starting"
  private var samples: [Sample] = []
  private var roundsAfterwards = 0
  private let started = DispatchTime.now().uptimeNanoseconds
  private let startOffset = ProcessClock.secondsSinceStart() ?? 0
  private var firstScreen: Double?
  private var loaded: Double?
  private var checked: Double?
  private var quitting = false
  /// The text a `waitFor` step waits to see, what it is measured as, and since when.
  private var waiting: (texts: [String], unless: String, kind: String, since: UInt64, sinceCPU: UInt64, phase: String)?
  /// When the last key was handed to the loop.
  private var lastKeyAt: UInt64 = 0
  private var lastKeyCPU: UInt64 = 0

  /// The calling thread's CPU time in nanoseconds (the loop's, from `read` and `draw`).
  static func threadCPU() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  init(rounds: Int) {
    self.rounds = rounds
  }

  /// Seconds since process start.
  private var now: Double {
    startOffset + Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
  }

  func invalidate() {}

  /// The last frame drawn, and when: a wait may be over before it starts.
  private var lastFrame: (lines: [String], at: UInt64) = ([], 0)

  /// Ends the wait when `lines` (drawn at `at`) show what it waits for.
  private func checkWait(_ lines: [String], at: UInt64) {
    guard let wait = waiting else { return }
    if lines.contains(where: { line in wait.texts.allSatisfy { line.contains($0) } }) {
      samples.append(
        Sample(
          kind: wait.kind, phase: wait.phase, milliseconds: Double(at - wait.since) / 1e6,
          cpuMilliseconds: Double(Self.threadCPU() - wait.sinceCPU) / 1e6, span: (wait.since, at)))
      waiting = nil
    } else if lines.contains(where: { $0.contains(wait.unless) }) {
      waiting = nil
    }
  }

  func draw(_ frame: Screen) {
    let end = DispatchTime.now().uptimeNanoseconds
    lastFrame = (frame.lines, end)
    let header = frame.lines.dropFirst().first ?? ""
    // The progress screen before the first one is not measured; after it, every frame is (the
    // findings view covers the header, so the phase is read from key-list frames only).
    let showsKeyList = header.contains(" Lang ")
    guard showsKeyList || firstScreen != nil else { return }
    if firstScreen == nil { firstScreen = now }
    if showsKeyList {
      let newPhase =
        header.contains("loading ") ? "loading" : header.contains("checking…") ? "checking" : "done"
      if newPhase != "loading" && loaded == nil { loaded = now }
      if newPhase == "done" && checked == nil { checked = now }
      phase = newPhase
    }
    checkWait(lastFrame.lines, at: end)
    if let begin = pressedAt, let kind = pressedKind {
      samples.append(
        Sample(
          kind: kind, phase: pressedPhase, milliseconds: Double(end - begin) / 1e6,
          cpuMilliseconds: Double(Self.threadCPU() - pressedCPU) / 1e6, span: (begin, end)))
    }
    pressedAt = nil
    pressedKind = nil
  }

  /// Updates and frames slower than 50 ms, with the key press they delayed (if any).
  private var slowSteps: [(step: String, pressed: String, milliseconds: Double)] = []

  /// One update's or frame's time, kept when it is slow.
  func note(_ step: ReviewLoop.TimedStep, milliseconds: Double) {
    guard milliseconds >= 50 else { return }
    let name: String
    switch step {
    case .update(let event): name = "update \(event)"
    case .render: name = "render"
    case .draw: name = "draw"
    }
    slowSteps.append((name, pressedKind.map { "\($0), \(pressedPhase)" } ?? "no key waiting", milliseconds))
  }

  private var quitPresses = 0
  private var roundsStarted = 0

  /// Where round `round` exports the findings view (removed when the report is made).
  private func exportPath(_ round: Int) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("glossa-bench-\(getpid())-\(round).json").path
  }

  func read(timeout milliseconds: Int32) -> TerminalInput? {
    // About 60 keys a second: fast typing, with time left for the background threads.
    Thread.sleep(forTimeInterval: 0.015)
    // Keys start with the first screen (the progress screen before it only watches for q).
    guard firstScreen != nil else { return nil }
    if let wait = waiting {
      // Given up after a minute: the round goes on, and the wait is not counted.
      guard DispatchTime.now().uptimeNanoseconds - wait.since > 60_000_000_000 else { return nil }
      waiting = nil
    }
    if script.isEmpty {
      // Once loaded, a round starts only when the checks its edits started have finished: a
      // round that edits the development language starts a full run, and rounds that never
      // ended on a finished one would never be counted.
      if phase == "checking" && !quitting { return nil }
      if phase == "done" { roundsAfterwards += 1 }
      if roundsAfterwards > rounds || quitting {
        // `q`, and `d` (discard) when it asks: a String Catalog stays changed after the round's
        // edit is undone (the edit marked the unit translated). Nothing is ever saved.
        quitting = true
        quitPresses += 1
        return .key(.char(quitPresses % 2 == 1 ? "q" : "d"))
      }
      roundsStarted += 1
      script = Self.round(exportTo: exportPath(roundsStarted))
    }
    let step = script.removeFirst()
    pressedPhase = phase == "done" ? "after" : "during"
    switch step {
    case .key(let key, let kind):
      pressedKind = kind
      lastKeyAt = DispatchTime.now().uptimeNanoseconds
      lastKeyCPU = Self.threadCPU()
      pressedCPU = lastKeyCPU
      pressedAt = kind == nil ? nil : lastKeyAt
      return .key(key)
    case .waitFor(let texts, let unless, let kind):
      waiting = (texts, unless, kind, lastKeyAt, lastKeyCPU, pressedPhase)
      checkWait(lastFrame.lines, at: lastFrame.at)
      return nil
    case .pause(let kind):
      pressedKind = kind
      pressedAt = DispatchTime.now().uptimeNanoseconds
      pressedCPU = Self.threadCPU()
      return nil
    }
  }

  /// One round of every measured action, leaving the state as it found it (the one edit kept is
  /// undone).
  private static func round(exportTo path: String) -> [Step] {
    var steps: [Step] = []
    steps += Array(repeating: .key(.char("j"), kind: "move (j)"), count: 20)
    steps += Array(repeating: .key(.pageDown, kind: "page down"), count: 5)
    steps += Array(repeating: .key(.pageUp, kind: "page up"), count: 5)
    steps += Array(repeating: .key(.char("f"), kind: "filter switch (f)"), count: 7)
    // Back to every key: the filter the switches stopped on may show no row to edit.
    steps.append(.key(.char("a"), kind: nil))
    steps.append(.key(.char("/"), kind: nil))
    steps += "setting".map { .key(.char($0), kind: "search step") }
    steps.append(.key(.escape, kind: nil))
    steps.append(.key(.char("e"), kind: "open the editor (e)"))
    steps += "typing x".map { .key(.char($0), kind: "edit keystroke") }
    steps.append(.pause(kind: "draft check (pause)"))
    steps.append(.key(.escape, kind: nil))
    // Edits kept, then undone (three, for medians worth the name): the round leaves the bundle
    // as it found it.
    for _ in 0..<3 {
      steps.append(.key(.char("e"), kind: nil))
      steps += "!".map { .key(.char($0), kind: nil) }
      steps.append(.key(.enter, kind: "commit an edit (Enter)"))
      steps.append(.key(.char("u"), kind: "undo (u)"))
      steps.append(.key(.char("j"), kind: nil))
    }
    steps.append(.key(.char("l"), kind: "next language (l)"))
    steps.append(.key(.char("h"), kind: "previous language (h)"))
    // A language never shown before in this session (seven on in the picker each round, past
    // the snapshots the review keeps), so the switch reads its tables.
    steps.append(.key(.char("L"), kind: nil))
    steps += Array(repeating: .key(.char("j"), kind: nil), count: 7)
    steps.append(.key(.enter, kind: "unseen language (L)"))
    steps.append(.key(.char("F"), kind: "open findings view (F)"))
    // On a large review the findings may be put in order in the background first.
    steps.append(.waitFor(["Findings ", " · "], unless: "have not finished", kind: "F until the view shows"))
    steps += Array(repeating: .key(.char("s"), kind: "findings filter (s/t/l)"), count: 4)
    steps += Array(repeating: .key(.char("t"), kind: "findings filter (s/t/l)"), count: 3)
    steps += Array(repeating: .key(.char("l"), kind: "findings filter (s/t/l)"), count: 3)
    steps += Array(repeating: .key(.char("j"), kind: "findings move (j)"), count: 5)
    // The findings view as listed, written to a file: the table is built in the update.
    steps.append(.key(.char("X"), kind: nil))
    steps.append(.key(.ctrl("u"), kind: nil))
    steps += path.map { .key(.char($0), kind: nil) }
    steps.append(.key(.enter, kind: "export (X … Enter)"))
    steps.append(.key(.escape, kind: nil))
    steps += Array(repeating: .key(.char("]"), kind: "next finding (])"), count: 5)
    // A search of every language and table, and its next match.
    steps.append(.key(.char("/"), kind: nil))
    steps.append(.key(.tab, kind: nil))
    steps += "setting".map { .key(.char($0), kind: nil) }
    steps.append(.key(.enter, kind: "search everywhere (Enter)"))
    steps.append(.waitFor(["match ", " for setting"], unless: "No match", kind: "search until the match shows"))
    steps += Array(repeating: .key(.char("n"), kind: "next match everywhere (n)"), count: 3)
    // Fix and go on in a filtered list: a missing value added takes its row out of the list,
    // and `]` goes on from the row that moved up. Undone, and the filter cleared.
    steps.append(.key(.char("m"), kind: nil))
    steps.append(.key(.char("]"), kind: "next finding, filtered (])"))
    steps.append(.key(.char("e"), kind: nil))
    steps += "fix".map { .key(.char($0), kind: nil) }
    steps.append(.key(.enter, kind: "commit a fix, filtered"))
    steps.append(.key(.char("]"), kind: "filtered ] after a fix"))
    steps.append(.key(.char("u"), kind: nil))
    steps.append(.key(.char("a"), kind: nil))
    return steps
  }

  /// Writes each measured span (kind, phase, begin and end on the monotonic clock in
  /// nanoseconds, tab-separated) to `path`: `perf record -k CLOCK_MONOTONIC` samples of the
  /// loop's thread can then be put down to the action they delayed (`scripts/perf_spans.py`).
  func writeSpans(to path: String) {
    let text = samples.map { "\($0.kind)\t\($0.phase)\t\($0.span.begin)\t\($0.span.end)\n" }.joined()
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  }

  /// The figures, as text.
  func report(bundle state: AppState) -> String {
    for round in 0...roundsStarted { try? FileManager.default.removeItem(atPath: exportPath(round)) }
    let entries = state.local.tables.reduce(0) { $0 + $1.entries.count }
    var lines = [
      "bundle: \(state.languages.count) languages, \(entries) entries; 120×40; \(ProcessInfo.processInfo.activeProcessorCount) cores",
      String(
        format: "time to first screen (from process start): %.0f ms", (firstScreen ?? .nan) * 1000),
      String(format: "time to fully loaded: %.0f ms", (loaded ?? .nan) * 1000),
      String(format: "time to fully loaded and checked: %.0f ms", (checked ?? .nan) * 1000),
      "key press → finished frame (the real loop: events drained, update, render, draw), ms:",
      "and the loop thread's CPU time over the same span (what the key cost, whatever else ran):",
      "  action                       phase      median      p99      max   runs   cpu median  cpu max",
    ]
    var kinds: [String] = []
    for sample in samples where !kinds.contains(sample.kind) { kinds.append(sample.kind) }
    for kind in kinds {
      for phase in ["during", "after"] {
        let chosen = samples.filter { $0.kind == kind && $0.phase == phase }
        let times = chosen.map(\.milliseconds).sorted()
        let cpu = chosen.map(\.cpuMilliseconds).sorted()
        guard !times.isEmpty else { continue }
        let p99 = times[min(times.count - 1, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
        lines.append(
          "  " + kind.padding(toLength: 28, withPad: " ", startingAt: 0) + " "
            + phase.padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(
              format: "%8.2f %8.2f %8.2f %6d %12.2f %8.2f", times[times.count / 2], p99, times[times.count - 1],
              times.count, cpu[cpu.count / 2], cpu[cpu.count - 1]))
      }
    }
    lines.append("(during = while languages load or the checks run in the background; after = once both finished)")
    if !slowSteps.isEmpty {
      lines.append("updates and frames over 50 ms on the loop's thread (count, median, max ms; the key waiting):")
      var groups: [String: [Double]] = [:]
      var order: [String] = []
      for step in slowSteps {
        let name = step.step + " — " + step.pressed
        if groups[name] == nil { order.append(name) }
        groups[name, default: []].append(step.milliseconds)
      }
      for name in order {
        let times = groups[name, default: []].sorted()
        lines.append(
          String(format: "  %4d %8.1f %8.1f  ", times.count, times[times.count / 2], times[times.count - 1]) + name)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension PathProbe {
  /// What the file system has at a path.
  static let fileSystem = PathProbe { path in
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
    return isDirectory.boolValue ? .directory : .file
  }
}
