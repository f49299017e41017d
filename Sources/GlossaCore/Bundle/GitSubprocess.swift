import Foundation

/// One run of `git`: an argument list (never a shell), a time limit, and what it printed.
///
/// The one place Glossa starts a program. `git` is looked up on `PATH` by hand, so no shell
/// reads the arguments; its pager, prompts and optional locks are switched off.
struct GitSubprocess: Sendable {
  /// What one run printed and how it ended.
  struct Output: Sendable {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// The first line git wrote to stderr, without `fatal: ` (git's reason, for a message).
    var reason: String {
      let line = stderr.split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(status)"
      for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
      return line
    }
  }

  /// The `git` executable.
  var executable: URL
  /// How long one run may take before it is killed.
  var timeout: TimeInterval

  /// `git` found on `PATH` (or `executable` when given), to read `name` (a bundle, for messages).
  /// - Throws: `GlossaError.git` when no `git` is on `PATH`.
  init(executable: String? = nil, timeout: TimeInterval, environment: [String: String], for name: String) throws {
    self.timeout = timeout
    if let executable {
      self.executable = URL(fileURLWithPath: executable)
      return
    }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("git")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        self.executable = candidate
        return
      }
    }
    throw GlossaError.git(name, problem: .notInstalled)
  }

  /// Runs `git arguments` in `directory` with `input` on stdin.
  /// - Throws: `GlossaError.git` when git cannot be started or does not finish within `timeout`.
  func run(_ arguments: [String], in directory: URL, input: [UInt8] = []) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--no-pager"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    environment["GIT_PAGER"] = "cat"
    environment["LC_ALL"] = "C"
    // A path is a path: `*` or `:(…)` in a bundle's name is no pattern.
    environment["GIT_LITERAL_PATHSPECS"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input.isEmpty ? FileHandle.nullDevice : inPipe
    do {
      try process.run()
    } catch {
      throw GlossaError.git(executable.path, problem: .cannotRun(reason: error.localizedDescription))
    }
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isOut) in [(out, true), (err, false)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, isOut: isOut)
        group.leave()
      }
    }
    if !input.isEmpty {
      // Written beside the reads: git answers while it reads, and a full pipe would stop both.
      let writer = inPipe.fileHandleForWriting
      DispatchQueue.global().async {
        try? writer.write(contentsOf: Data(input))
        try? writer.close()
      }
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      if group.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL) }
      _ = group.wait(timeout: .now() + 2)
      throw GlossaError.git(
        directory.path, problem: .timedOut(command: arguments.first ?? "", seconds: Int(timeout)))
    }
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: collected.bytes(isOut: true),
      stderr: String(decoding: collected.bytes(isOut: false), as: UTF8.self))
  }

  /// Output gathered from the reading threads.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    func set(_ data: Data, isOut: Bool) {
      lock.lock()
      if isOut { out = data } else { err = data }
      lock.unlock()
    }
    func bytes(isOut: Bool) -> [UInt8] {
      lock.lock()
      defer { lock.unlock() }
      return [UInt8](isOut ? out : err)
    }
  }
}
