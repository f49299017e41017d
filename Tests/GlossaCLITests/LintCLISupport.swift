import Foundation
import Testing

/// Runs the built `glossa` binary and writes fixture bundles for the lint and diff tests.
enum LintCLI {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let binary = packageRoot.appendingPathComponent(".build/debug/glossa")
  static let built = FileManager.default.isExecutableFile(atPath: binary.path)

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func glossa(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil)
    throws -> Run
  {
    let run = try GlossaBinary.run(arguments, in: directory, environment: environment)
    return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  /// A scratch bundle directory with `files` (relative path → contents); removed on deinit.
  final class Bundle {
    let url: URL
    init(_ files: [String: String]) throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-lint-\(UUID().uuidString)")
      for (path, text) in files {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
    }
    var path: String { url.path }
    deinit { try? FileManager.default.removeItem(at: url) }
  }
}
