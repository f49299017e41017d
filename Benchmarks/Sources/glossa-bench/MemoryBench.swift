import Foundation
import GlossaCore

/// `glossa-bench memory`: issue 16's budget 5, the review's memory per loaded entry beyond the
/// file bytes, at several sizes.
///
///     python3 ../shared/tools/gen_bundle.py /tmp/medium --langs 40 --keys 5000 --utf16-every 5 --zip /tmp/medium.zip
///     python3 ../shared/tools/gen_bundle.py /tmp/mid --langs 60 --keys 10000 --utf16-every 5 --zip /tmp/mid.zip
///     python3 ../shared/tools/gen_bundle.py /tmp/large --langs 100 --keys 20000 --utf16-every 5 --zip /tmp/large.zip
///     glossa-bench memory /tmp/medium.zip /tmp/mid.zip /tmp/large.zip [--runs N] [--glossa BIN] [--before BIN]
///
/// Runs `glossa review --benchmark ZIP` (everything loaded, checked, edits made and undone) and
/// takes the child's peak resident memory, alternating the binaries, and the same on a bundle of
/// one entry for what the process costs before any entry. Per entry: the peak less the zip's
/// unzipped bytes, divided by the entries; then less the one-entry process too; then the growth
/// from one size to the next, which no fixed cost disturbs.
enum MemoryBench {
  static func main(_ arguments: [String]) throws {
    var options = BenchOptions(arguments)
    let (runs, glossa, before) = options.comparison()
    let zips = options.rest
    guard !zips.isEmpty else {
      print("usage: glossa-bench memory ZIP… [--runs N] [--glossa BIN] [--before BIN]")
      exit(2)
    }
    let empty = try emptyBundle()
    defer { try? FileManager.default.removeItem(at: empty) }
    let binaries = [glossa] + (before.map { [$0] } ?? [])
    var peaks: [String: [Int]] = [:]
    var emptyPeaks: [String: Int] = [:]
    for binary in binaries {
      emptyPeaks[binary] = try LintBench.alternate([review(binary, empty.path)], runs: runs)[0].peakBytes
    }
    for bundle in zips {
      let samples = try LintBench.alternate(binaries.map { review($0, bundle) }, runs: runs)
      for (binary, sample) in zip(binaries, samples) { peaks[binary, default: []].append(sample.peakBytes) }
    }
    let files = try zips.map(LintBench.unzippedSize)
    let entries = try zips.map { try entryCount(glossa, $0) }
    print("## Review memory per entry: glossa review --benchmark (\(runs) runs each, alternating; peak RSS)")
    print("")
    print(
      "| binary | bundle | entries | unzipped | peak | per entry beyond the files | less the 1-entry process | growth from the size before |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for binary in binaries {
      let base = emptyPeaks[binary] ?? 0
      for index in zips.indices {
        let beyond = Double(peaks[binary]![index] - files[index])
        var growth = "—"
        if index > 0 {
          let previous = Double(peaks[binary]![index - 1] - files[index - 1])
          growth = String(format: "%.0f B", (beyond - previous) / Double(entries[index] - entries[index - 1]))
        }
        print(
          "| \(binary) | \(zips[index]) | \(entries[index]) | \(LintBench.mb(files[index])) | "
            + "\(LintBench.mb(peaks[binary]![index])) | "
            + String(format: "%.0f B", beyond / Double(entries[index])) + " | "
            + String(format: "%.0f B", (beyond - Double(base)) / Double(entries[index])) + " | \(growth) |")
      }
    }
    print("")
    print("one-entry process: " + binaries.map { "\($0) \(LintBench.mb(emptyPeaks[$0] ?? 0))" }.joined(separator: ", "))
    if let before, let last = zips.indices.last {
      let ratio = Double(peaks[glossa]![last]) / Double(peaks[before]![last])
      print(String(format: "after ÷ before, peak on %@: %.2f×", zips[last], ratio))
    }
  }

  static func review(_ glossa: String, _ bundle: String) -> [String] { [glossa, "review", "--benchmark", bundle] }

  /// A bundle of one `.strings` entry, in a new temporary folder.
  static func emptyBundle() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-bench-empty-\(getpid())")
    let folder = root.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("\"a\" = \"b\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
    return root
  }

  /// The entries the review loads, from its own report (`bundle: 40 languages, 202044 entries`).
  static func entryCount(_ glossa: String, _ bundle: String) throws -> Int {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: glossa)
    process.arguments = ["review", "--benchmark", bundle]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("bundle:") }),
      let match = line.firstMatch(of: /(\d+) entries/), let count = Int(match.1)
    else { throw BenchFailure("\(glossa) review --benchmark \(bundle) reported no entry count") }
    return count
  }
}
