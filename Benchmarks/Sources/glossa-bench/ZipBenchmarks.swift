import Foundation
import GlossaCore

#if canImport(Glibc)
  import Glibc
#endif

/// `glossa-bench zip TREE ZIP [--runs N] [--glossa BIN] [--before BIN]`: issue 7's budget items 2
/// and 3 as whole processes against `zip -r -q` of TREE in the same run (alternating, medians,
/// peak RSS and CPU time of each child from `wait4` through `/usr/bin/time`), plus in-process zip
/// read / full write / one-entry rewrite.
enum ZipBenchmarks {
  /// One child process's wall time and peak resident memory.
  struct Sample {
    var seconds: Double
    var maxRSSKiB: Int
    /// User plus system CPU time: what the run costs whatever else the machine is doing.
    var cpuSeconds: Double
  }

  /// `/usr/bin/time`, which reports its child's own peak RSS: a child spawned straight from this
  /// process would report at least this process's RSS (Linux carries the parent's high-water mark
  /// over `fork`/`vfork` + `exec`).
  static let timeTool = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

  /// Runs `arguments` (stdout to /dev/null) and returns wall time, peak RSS and CPU time.
  static func spawn(_ arguments: [String]) -> Sample {
    let report = "/tmp/glossa-zipbench-\(getpid())-time.txt"
    let command = timeTool.map { [$0, "-f", "%M %U %S", "-o", report] + arguments } ?? arguments
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let status = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
    precondition(status == 0, "cannot start \(command[0]): \(String(cString: strerror(status)))")
    var exit: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &exit, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if exit != 0 {
      FileHandle.standardError.write(Data("warning: \(arguments.joined(separator: " ")) exited \(exit)\n".utf8))
    }
    if timeTool != nil, let text = try? String(contentsOfFile: report, encoding: .utf8) {
      let fields = text.split(whereSeparator: \.isWhitespace).suffix(3).compactMap { Double($0) }
      unlink(report)
      if fields.count == 3 {
        return Sample(seconds: seconds, maxRSSKiB: Int(fields[0]), cpuSeconds: fields[1] + fields[2])
      }
    }
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return Sample(seconds: seconds, maxRSSKiB: Int(usage.ru_maxrss), cpuSeconds: cpu)
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  static func run(_ arguments: [String]) throws {
    var options = BenchOptions(arguments)
    func option(_ name: String) -> String? { options.take(name) }
    let runs = Int(option("--runs") ?? "") ?? 5
    let glossa = option("--glossa") ?? FileManager.default.currentDirectoryPath + "/.build/release/glossa"
    let before = option("--before")
    guard options.rest.count == 2 else {
      print("usage: glossa-bench zip TREE ZIP [--runs N] [--glossa BIN] [--before BIN]")
      return
    }
    let tree = URL(fileURLWithPath: options.rest[0]).standardizedFileURL
    let zip = URL(fileURLWithPath: options.rest[1]).standardizedFileURL
    let scratch = URL(fileURLWithPath: "/tmp/glossa-zipbench-\(getpid())")
    let fm = FileManager.default
    try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: scratch) }

    // The key to edit: the first of de's Localizable.strings (any language works).
    let language = fm.fileExists(atPath: tree.appendingPathComponent("Resources/de.lproj").path) ? "de" : "en"
    let tablePath = "Resources/\(language).lproj/Localizable.strings"
    let table = StringsDocument(data: try Data(contentsOf: tree.appendingPathComponent(tablePath)), file: tablePath)
    guard let key = table.entries.first?.key else { throw BenchFailure("\(tablePath) has no entries") }
    let editZip = scratch.appendingPathComponent("edit.zip")
    let editBefore = scratch.appendingPathComponent("edit-before.zip")
    try fm.copyItem(at: zip, to: editZip)
    if before != nil { try fm.copyItem(at: zip, to: editBefore) }
    let baselineZip = scratch.appendingPathComponent("baseline.zip").path

    // Whole processes, alternating so load from other jobs hits every contender alike.
    typealias Job = (name: String, run: (Int) -> Sample)
    var jobs: [Job] = [
      (
        "zip -r -q",
        { _ in
          unlink(baselineZip)
          // `exec` replaces the shell, so the rusage is zip's own.
          return spawn(["/bin/sh", "-c", "cd '\(tree.path)' && exec /usr/bin/zip -r -q '\(baselineZip)' Resources"])
        }
      ),
      (
        "glossa set",
        { round in
          spawn([glossa, "set", editZip.path, "--lang", language, key, "Edited \(round)"])
        }
      ),
      (
        "glossa pack",
        { _ in
          spawn([glossa, "pack", tree.path, "-o", scratch.appendingPathComponent("packed.zip").path])
        }
      ),
    ]
    if let before {
      jobs.append(
        (
          "before: glossa set",
          { round in
            spawn([before, "set", editBefore.path, "--lang", language, key, "Edited \(round)"])
          }
        ))
      jobs.append(
        (
          "before: glossa pack",
          { _ in
            spawn([before, "pack", tree.path, "-o", scratch.appendingPathComponent("packed-before.zip").path])
          }
        ))
    }
    var samples: [String: [Sample]] = [:]
    for round in 0..<runs {
      for offset in 0..<jobs.count {
        let job = jobs[(round + offset) % jobs.count]
        samples[job.name, default: []].append(job.run(round))
      }
    }
    let zipR = median(samples["zip -r -q"]!.map(\.seconds))
    let zipCPU = median(samples["zip -r -q"]!.map(\.cpuSeconds))
    let sizes = [
      "zip -r -q": (try? fm.attributesOfItem(atPath: baselineZip)[.size] as? Int) ?? 0,
      "glossa pack":
        (try? fm.attributesOfItem(atPath: scratch.appendingPathComponent("packed.zip").path)[.size] as? Int) ?? 0,
    ]
    print(
      "Whole processes, \(runs) alternating runs, medians; baseline `zip -r -q` of the tree: \(Measure.format(zipR))")
    print("")
    print(
      "| command | median wall | ratio to zip -r -q | budget | median CPU (user+sys) | CPU ratio | peak RSS (max of runs) | output size |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    let budgets = ["glossa set": 0.5, "glossa pack": 1.0]
    for job in jobs {
      let list = samples[job.name]!
      let time = median(list.map(\.seconds))
      let ratio = time / zipR
      let budget = budgets[job.name].map { String(format: "≤ %.2f× %@", $0, ratio <= $0 ? "ok" : "OVER") } ?? "—"
      let rss = String(format: "%.1f MB", Double(list.map(\.maxRSSKiB).max() ?? 0) / 1024)
      let size = sizes[job.name].map { String(format: "%.2f MB", Double($0) / 1e6) } ?? ""
      let cpu = median(list.map(\.cpuSeconds))
      print(
        "| \(job.name) | \(Measure.format(time)) | \(String(format: "%.2f×", ratio)) | \(budget) | \(Measure.format(cpu)) | "
          + "\(String(format: "%.2f×", cpu / zipCPU)) | \(rss) | \(size) |")
    }
    if let ours = sizes["glossa pack"], let theirs = sizes["zip -r -q"], theirs > 0 {
      print("")
      print(String(format: "pack size / zip -r size: %.3f", Double(ours) / Double(theirs)))
    }

    // In-process: the archive code alone, no process start or argument parsing.
    print("")
    print("| in-process | median | throughput |")
    print("|---|---:|---:|")
    let zipBytes = Double(try fm.attributesOfItem(atPath: zip.path)[.size] as? Int ?? 0)
    let readAll = try Measure.median(runs: runs) { _ = try BundleArchive.readFiles(at: zip) }
    let total = Double(try BundleArchive.readFiles(at: zip).reduce(0) { $0 + $1.data.count })
    print(
      "| zip read (central directory + all entries) | \(Measure.format(readAll)) | \(String(format: "%.0f MB/s out", total / readAll / 1e6)) |"
    )
    let packed = scratch.appendingPathComponent("inprocess.zip")
    let writeFull = try Measure.median(runs: max(1, runs / 2)) { try BundleArchive.pack(directory: tree, to: packed) }
    print(
      "| zip write full (pack) | \(Measure.format(writeFull)) | \(String(format: "%.0f MB/s in", total / writeFull / 1e6)) |"
    )
    let tableBytes = try Data(contentsOf: tree.appendingPathComponent(tablePath))
    var counter = 0
    let writeOne = try Measure.median(runs: runs) {
      counter += 1
      try BundleArchive.rewrite(editZip, replacing: [tablePath: tableBytes + Data("\n/* \(counter) */\n".utf8)])
    }
    print(
      "| zip write one entry (rewrite) | \(Measure.format(writeOne)) | \(String(format: "%.0f MB/s of zip", zipBytes / writeOne / 1e6)) |"
    )
  }
}
