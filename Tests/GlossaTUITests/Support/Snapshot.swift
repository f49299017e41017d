import Foundation
import Testing
@testable import GlossaTUI

/// Compares a screen's plain text with `Snapshots/<name>.txt` beside the tests.
///
/// Set `GLOSSA_RECORD_SNAPSHOTS=1` to (re)record; a missing snapshot is recorded and the test fails
/// so that nothing passes unseen.
func assertSnapshot(
  _ screen: Screen, named name: String, sourceLocation: SourceLocation = #_sourceLocation,
  filePath: String = #filePath
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent("\(name).txt")
  let actual = screen.text
  let record = ProcessInfo.processInfo.environment["GLOSSA_RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: file, atomically: true, encoding: .utf8)
    if !record {
      Issue.record(
        "Recorded missing snapshot \(file.lastPathComponent); check it and run again", sourceLocation: sourceLocation)
    }
    return
  }
  guard expected != actual else { return }
  let old = expected.components(separatedBy: "\n")
  let new = actual.components(separatedBy: "\n")
  var diff: [String] = []
  for index in 0..<max(old.count, new.count) {
    let a = index < old.count ? old[index] : "<none>"
    let b = index < new.count ? new[index] : "<none>"
    if a != b { diff.append("line \(index + 1):\n  - \(a)\n  + \(b)") }
  }
  let report = "Snapshot \(name) differs (GLOSSA_RECORD_SNAPSHOTS=1 re-records):\n" + diff.joined(separator: "\n")
  Issue.record("\(report)", sourceLocation: sourceLocation)
}
