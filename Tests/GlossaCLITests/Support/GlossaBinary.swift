import Foundation
import GlossaTestSupport
import Testing

/// The built `glossa` executable and a way to run it with a time limit.
enum GlossaBinary {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let url = packageRoot.appendingPathComponent(".build/debug/glossa")
  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }
  static let sampleBundles = packageRoot.appendingPathComponent("SampleBundles")

  /// What one run printed and how it ended.
  struct Result: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `glossa arguments` through `TestProcess`; past `timeout` seconds it is killed, an issue
  /// is recorded and the result has status -1.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    // Inside a GitHub Actions job lint would default to workflow commands; tests ask for them.
    // Tests talk to 127.0.0.1 only, never through a proxy the machine may name.
    var changes: [String: String?] = [:]
    for name in ["NO_COLOR", "GITHUB_ACTIONS", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
      changes.updateValue(nil, forKey: name)
    }
    for (name, value) in environment { changes[name] = value }
    let output = try TestProcess.run(
      url.path, arguments, environment: TestProcess.inheritedEnvironment(changes), directory: directory,
      timeLimit: timeout, sourceLocation: sourceLocation)
    guard !output.timedOut else {
      return Result(status: -1, stdout: output.stdoutText, stderr: output.stderrText + "\n(timed out)")
    }
    return Result(status: output.status, stdout: output.stdoutText, stderr: output.stderrText)
  }
}

/// A scratch directory removed when the value is released.
final class ScratchDirectory {
  let url: URL
  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-cli-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes text files given as relative path → content.
  func write(_ files: [String: String]) throws {
    for (path, text) in files { try write(path, Data(text.utf8)) }
  }

  func write(_ path: String, _ data: Data) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  func read(_ path: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(path)) }

  /// Copies the sample bundles here and returns the copy's URL.
  func copySampleBundles() throws -> URL {
    let target = url.appendingPathComponent("SampleBundles")
    try FileManager.default.copyItem(at: GlossaBinary.sampleBundles, to: target)
    return target
  }
}
