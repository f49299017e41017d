import Foundation
import Testing

/// A git repository in a scratch folder, for the `--since` tests: files written, committed and
/// tagged by running `git` (an argument list, no shell) with a time limit. Removed on deinit.
public final class GitScratch: @unchecked Sendable {
  public let url: URL

  /// True when `git` is on `PATH` (the tests that need it say so when it is not).
  public static var isAvailable: Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/git")
    }
  }

  /// An empty repository (`git init`) with a committer set.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-git-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "main")
    try git("config", "user.email", "test@example.com")
    try git("config", "user.name", "Glossa Test")
    try git("config", "commit.gpgsign", "false")
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `files` (path relative to the repository → contents).
  public func write(_ files: [String: String]) throws {
    for (path, text) in files { try write(path, Data(text.utf8)) }
  }

  /// Writes one file's bytes.
  public func write(_ path: String, _ data: Data) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  /// Stages everything and commits; returns the new commit's hash.
  @discardableResult
  public func commit(_ message: String) throws -> String {
    try git("add", "-A")
    try git("commit", "-q", "-m", message)
    return try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `git arguments` in the repository and returns its stdout.
  /// - Throws: when git fails or takes more than 30 seconds.
  @discardableResult
  public func git(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let output = try TestProcess.run(
      "git", arguments,
      environment: TestProcess.inheritedEnvironment(["GIT_CONFIG_NOSYSTEM": "1", "HOME": url.path]), directory: url,
      timeLimit: 30, sourceLocation: sourceLocation)
    guard !output.timedOut else {
      throw ScratchError("git \(arguments.joined(separator: " ")) did not finish within 30 seconds")
    }
    guard output.status == 0 else {
      throw ScratchError("git \(arguments.joined(separator: " ")) failed with status \(output.status)")
    }
    return output.stdoutText
  }

  /// A failed git command.
  public struct ScratchError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }
}
