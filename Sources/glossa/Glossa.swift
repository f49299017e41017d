import ArgumentParser
import Foundation
import GlossaCore

@main
struct Glossa: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "glossa",
    abstract: "Review, check and fix app localization bundles.",
    version: "0.1.0",
    subcommands: [
      DumpCommand.self, SetCommand.self, PackCommand.self, UnpackCommand.self, PluralCommand.self,
      LintCommand.self, DiffCommand.self,
      FetchCommand.self, CacheCommand.self, ResolveCommand.self, ReviewCommand.self, PseudoCommand.self,
    ]
  )

  /// Runs the command line; every failure ends with one line on stderr and a documented status
  /// (2 for usage and input errors).
  static func main() {
    AllocatorTuning.apply()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as GlossaError {
      CLI.fail(error.messageWithHint)
    } catch let error as CommandError {
      CLI.fail(error.message)
    } catch let error as CleanExit {
      exit(withError: error)
    } catch let error as ExitCode {
      exit(withError: error)
    } catch {
      let code = exitCode(for: error)
      // Help and the version go to stdout as the parser prints them.
      if code == .success { exit(withError: error) }
      var message = fullMessage(for: error)
      if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
      // The parser's usage lines follow on lines of their own; other controls are escaped.
      if !message.isEmpty { CLI.printError(message, keepingNewlines: true) }
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}
