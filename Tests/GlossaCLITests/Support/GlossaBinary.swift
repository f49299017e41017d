import Foundation

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

  /// Runs `glossa arguments`; kills it and reports status -1 after `timeout` seconds.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> Result {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    // Inside a GitHub Actions job lint would default to workflow commands; tests ask for them.
    env.removeValue(forKey: "GITHUB_ACTIONS")
    // Tests talk to 127.0.0.1 only, never through a proxy the machine may name.
    for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { env.removeValue(forKey: name) }
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let collected = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      collected.setErr(err.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      collected.setOut(out.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      _ = group.wait(timeout: .now() + 5)
      return Result(status: -1, stdout: collected.outText, stderr: collected.errText + "\n(timed out)")
    }
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: collected.outText, stderr: collected.errText)
  }

  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    func setOut(_ d: Data) { lock.lock(); out = d; lock.unlock() }
    func setErr(_ d: Data) { lock.lock(); err = d; lock.unlock() }
    var outText: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var errText: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }
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
