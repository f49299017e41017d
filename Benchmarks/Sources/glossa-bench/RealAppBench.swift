import Foundation
import GlossaCore

/// `glossa-bench real`: issue 16's budget 4, `lint LOCAL --against REMOTE.zip` on real apps'
/// bundles (≤ 0.25 s wall), with an older binary alternately for a same-run before/after.
///
///     glossa-bench real [--corpus ../shared/corpus] [--runs N] [--glossa BIN] [--before BIN]
///
/// Each app's `.lproj` folders are the local bundle and the same folders packed with
/// `glossa pack` the remote one (the case of an app whose download matches what it shipped).
enum RealAppBench {
  /// The real apps of the corpus, by the folder holding their `.lproj` folders.
  static let apps = [
    ("IINA", "iina/iina"), ("Mastodon", "mastodon-ios/Localization/StringsConvertor/input"),
  ]

  static func main(_ arguments: [String]) throws {
    var options = BenchOptions(arguments)
    let (runs, glossa, before) = options.comparison()
    let corpus = options.take("--corpus") ?? "../shared/corpus"
    print("## Real apps: glossa lint LOCAL --against REMOTE.zip --format json (\(runs) runs each, alternating)")
    print("")
    print("| app | binary | median wall | median CPU | peak RSS | budget ≤ 0.25 s |")
    print("|---|---|---:|---:|---:|---|")
    for (name, folder) in apps {
      let local = "\(corpus)/\(folder)"
      guard FileManager.default.fileExists(atPath: local) else {
        print("| \(name) | — | skipped: \(local) is absent | | | |")
        continue
      }
      let remote = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-bench-\(name)-\(getpid()).zip")
      defer { try? FileManager.default.removeItem(at: remote) }
      _ = try LintBench.spawn([glossa, "pack", local, "-o", remote.path])
      let binaries = [glossa] + (before.map { [$0] } ?? [])
      let commands = binaries.map { [$0, "lint", local, "--against", remote.path, "--format", "json"] }
      let samples = try LintBench.alternate(commands, runs: runs)
      for (binary, sample) in zip(binaries, samples) {
        print(
          "| \(name) | \(binary == glossa ? "after" : "before") | \(Measure.format(sample.seconds)) | "
            + "\(Measure.format(sample.cpuSeconds)) | \(LintBench.mb(sample.peakBytes)) | "
            + (sample.seconds <= 0.25 ? "ok" : "OVER") + " |")
      }
      if samples.count > 1 {
        print(
          String(
            format: "| \(name) | after ÷ before | %.2f× | %.2f× | | |", samples[0].seconds / samples[1].seconds,
            samples[0].cpuSeconds / samples[1].cpuSeconds))
      }
    }
  }
}

/// `glossa-bench edit`: the cost of one edit of a `.strings` value (what the review's commit
/// pays in the document), against a full read of the same file in the same run.
///
///     glossa-bench edit FILE.strings [--runs N]
///
/// The edit replaces the value literal in place (`LiteralSubstitution`); the baseline is
/// `setValues` changing the same value, which splices and reads the whole file again (what
/// every edit cost before issue 16's round).
enum EditBench {
  static func main(_ arguments: [String]) throws {
    var arguments = arguments
    var runs = 21
    if let i = arguments.firstIndex(of: "--runs"), i + 1 < arguments.count {
      runs = Int(arguments[i + 1]) ?? runs
      arguments.removeSubrange(i...(i + 1))
    }
    guard let path = arguments.first else {
      print("usage: glossa-bench edit FILE.strings [--runs N]")
      exit(2)
    }
    let document = StringsDocument(data: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    guard let middle = document.entries.indices.dropFirst(document.entries.count / 2).first else {
      print("\(path) has no entries")
      exit(2)
    }
    let target = document.entries[middle]
    var toggle = false
    func value() -> String {
      toggle.toggle()
      return target.value + (toggle ? " (edited)" : " (edited again)")
    }
    let edit = Measure.median(runs: runs) {
      var copy = document
      try? copy.setValue(value(), forKey: target.key, plural: target.plural, variable: nil, comment: nil)
      precondition(copy.entries.count == document.entries.count)
    }
    let reread = Measure.median(runs: runs) {
      var copy = document
      let new = value()
      try? copy.setValues { $0.key == target.key && $0.plural == target.plural ? new : nil }
      precondition(copy.entries.count == document.entries.count)
    }
    print("## One .strings edit: \(path) (\(document.entries.count) entries, median of \(runs))")
    print("")
    print("| what | median | ratio |")
    print("|---|---:|---:|")
    print(
      "| setValue (literal replaced in place) | \(Measure.format(edit)) | \(String(format: "%.3f×", edit / reread)) |")
    print("| setValues, same value (splice and read the file again) | \(Measure.format(reread)) | 1× |")
  }
}
