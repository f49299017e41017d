import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `glossa-bench hostile --glossa BIN`: issue 17's bounded-cost items as ratios against a
/// baseline in the same run, measured on the built `glossa` as a child process (`wait4` gives its
/// own CPU time and peak RSS):
/// 1. `dump --format json` of a comment of 100k and 400k quotes: time ratio (linear ≈ 4,
///    quadratic ≈ 16), and against `dump` text output of the same file;
/// 2. `lint` of a catalog whose language code is 1 MiB long vs the same catalog with `fr`:
///    output bytes and peak RSS ratios;
/// 3. `lint` of an overlapping-entry zip vs a plain zip of the same table: time ratio.
enum HostileBench {
  struct Run {
    var seconds: Double
    var cpu: Double
    var maxRSSKiB: Int
    var outputBytes: Int
  }

  static func main(_ arguments: [String]) throws {
    guard let index = arguments.firstIndex(of: "--glossa"), index + 1 < arguments.count else {
      print("usage: glossa-bench hostile --glossa PATH_TO_GLOSSA [--cases dump,lint,zip]")
      exit(2)
    }
    let glossa = arguments[index + 1]
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-hostile-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    var failed = false
    // `--cases dump,lint,zip` runs some of the three.
    let cases =
      arguments.firstIndex(of: "--cases").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
      .map { Set($0.split(separator: ",").map(String.init)) } ?? ["dump", "lint", "zip"]

    // 1. dump --format json, quotes in a comment.
    func quotesBundle(_ count: Int) throws -> String {
      let dir = work.appendingPathComponent("q\(count)/en.lproj")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      let comment = String(repeating: "\\\"", count: count)
      try Data("/* \(comment) */\n\"k\" = \"v\";\n".utf8).write(to: dir.appendingPathComponent("Localizable.strings"))
      return dir.deletingLastPathComponent().path
    }
    if cases.contains("dump") {
      let small = try run(glossa, ["dump", try quotesBundle(100_000), "--format", "json"])
      let large = try run(glossa, ["dump", try quotesBundle(400_000), "--format", "json"])
      let text = try run(glossa, ["dump", try quotesBundle(400_000)])
      let ratio = large.seconds / max(small.seconds, 1e-6)
      failed = report("dump --format json, 400k vs 100k quotes (time)", ratio, budget: 6) || failed
      failed =
        report("dump --format json vs text, 400k quotes (time)", large.seconds / max(text.seconds, 1e-6), budget: 3)
        || failed
    }

    // 2. lint, a 1 MiB language code vs `fr`.
    func catalog(_ code: String, name: String) throws -> String {
      var strings: [String] = []
      for key in 0..<10 {
        strings.append(
          "\"key\(key)\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Hello %d\" } }, "
            + "\"\(code)\" : { \"stringUnit\" : { \"state\" : \"needs_review\", \"value\" : \"Hi\" } } } }")
      }
      let url = work.appendingPathComponent("\(name).xcstrings")
      try Data(
        "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
          .utf8
      )
      .write(to: url)
      return url.path
    }
    if cases.contains("lint") {
      let huge = try run(glossa, ["lint", try catalog(String(repeating: "x", count: 1 << 20), name: "huge")])
      let plain = try run(glossa, ["lint", try catalog("fr", name: "plain")])
      failed =
        report(
          "lint, 1 MiB language code vs fr (output bytes)",
          Double(huge.outputBytes) / Double(max(plain.outputBytes, 1)), budget: 3) || failed
      failed =
        report(
          "lint, 1 MiB language code vs fr (peak RSS)",
          Double(huge.maxRSSKiB) / Double(max(plain.maxRSSKiB, 1)), budget: 3) || failed
    }

    // 3. lint, overlapping-entry zip vs a plain zip.
    if cases.contains("zip") {
      let bomb = work.appendingPathComponent("bomb.zip")
      let zip = work.appendingPathComponent("plain.zip")
      try python(
        """
        import struct, zlib, sys
        def lh(n, d): return struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0, zlib.crc32(d), len(d), len(d), len(n), 0) + n
        def ch(n, d, o): return struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, 0, 0, zlib.crc32(d), len(d), len(d), len(n), 0, 0, 0, 0, 0, o) + n
        def eocd(c, cd, o): return struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, c, c, len(cd), o, 0)
        t = b'Resources/en.lproj/Localizable.strings'; td = b'"k" = "v";\\n'
        plain = lh(t, td) + td; cd = ch(t, td, 0)
        open(sys.argv[2], 'wb').write(plain + cd + eocd(1, cd, len(plain)))
        # 900 stored entries, each header consistent with the directory, whose data all run to the
        # end of one shared 1 MiB tail (built back to front): 0.9 GB declared, under the 1 GiB limit.
        count = 900; suffix = bytes(1 << 20); records = []
        for i in reversed(range(count)):
            n = b'Resources/blob%04d.bin' % i
            records.append((n, suffix))
            suffix = lh(n, suffix) + suffix
        body = suffix; cd = b''; offset = 0
        for n, d in reversed(records):
            cd += ch(n, d, offset); offset += 30 + len(n)
        cd = ch(t, td, len(body)) + cd; body += lh(t, td) + td
        open(sys.argv[1], 'wb').write(body + cd + eocd(count + 1, cd, len(body)))
        """, [bomb.path, zip.path])
      let bombRun = try run(glossa, ["lint", bomb.path])
      let zipRun = try run(glossa, ["lint", zip.path])
      failed =
        report(
          "lint, overlapping-entry zip vs plain zip (time)", bombRun.seconds / max(zipRun.seconds, 1e-6), budget: 3)
        || failed
    }
    print(failed ? "hostile: over budget" : "hostile: all within budget")
    if failed { exit(1) }
  }

  /// Prints one ratio line; returns true when it is over budget.
  static func report(_ name: String, _ ratio: Double, budget: Double) -> Bool {
    let over = ratio > budget
    let padded = name.padding(toLength: max(name.count, 50), withPad: " ", startingAt: 0)
    print(padded + String(format: " %7.2f×  (budget ≤ %.0f×)", ratio, budget) + (over ? " OVER" : ""))
    return over
  }

  static func python(_ script: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw NSError(domain: "python3", code: Int(process.terminationStatus)) }
  }

  /// Runs `glossa arguments` with stdout to a file, reaped with `wait4` for its usage.
  static func run(_ glossa: String, _ arguments: [String]) throws -> Run {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-bench-out-\(getpid())")
    defer { unlink(out.path) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs = ([glossa] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in cArgs { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, glossa, &actions, nil, &cArgs, environ) == 0 else {
      throw NSError(domain: "posix_spawn", code: Int(errno))
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let bytes = (try? FileManager.default.attributesOfItem(atPath: out.path)[.size] as? Int) ?? 0
    return Run(seconds: seconds, cpu: cpu, maxRSSKiB: Int(usage.ru_maxrss), outputBytes: bytes)
  }
}
