import ArgumentParser
import Foundation
import GlossaCore

/// Small helpers shared by the commands: stderr, exit codes, bundle options.
enum CLI {
  /// Leaves `value` for the process's exit to reclaim. A command that is about to end has no
  /// use for freeing what it read: releasing a 35 MB String Catalog's 200,000 units one by one
  /// took about 20 ms of its 430 ms lint, on one core, after the report was written.
  static func keepUntilExit<T>(_ value: T) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
  }

  private final class KeptUntilExit<T> {
    let value: T
    init(_ value: T) { self.value = value }
  }

  /// Prints `glossa: message` on stderr and exits with status 2.
  /// Control characters in the message (from entry names, keys, server text) are escaped.
  static func fail(_ message: String) -> Never {
    printError(message)
    exit(2)
  }

  /// Prints `glossa: message` on stderr (escaped as `fail` does) without exiting; with
  /// `keepingNewlines`, lines after the first (the parser's usage) stay lines of their own.
  static func printError(_ message: String, keepingNewlines: Bool = false) {
    standardError("glossa: \(UntrustedText.escaped(message, keepingNewlines: keepingNewlines))\n")
  }

  /// Prints a warning line on stderr (escaped as `fail` does).
  static func warn(_ message: String) {
    standardError("glossa: warning: \(UntrustedText.escaped(message))\n")
  }

  /// The one place that writes lines to stderr: every caller escapes what it passes (the
  /// download progress bar draws on stderr with control sequences of its own and no text from
  /// input).
  private static func standardError(_ line: String) {
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// Writes plain text output (no colour of ours in it) with every control character but the
  /// newline escaped, so names and keys from a file cannot drive the terminal.
  static func outText(_ text: String) {
    out(UntrustedText.escaped(text, keepingNewlines: true))
  }

  /// Writes text to stdout without a trailing newline being added.
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Prints the files that could not be read or parsed on stderr (they are not fatal;
  /// `glossa lint` reports everything else).
  static func reportDiagnostics(of tables: [LocaleTable]) {
    for table in tables {
      for diagnostic in table.diagnostics where diagnostic.kind == .parseError || diagnostic.kind == .encodingError {
        warn(diagnostic.description)
      }
    }
  }
}

/// The options every bundle-reading command shares.
struct BundleOptions: ParsableArguments {
  @Option(name: .customLong("source-lang"), help: "Development language when Info.plist names none.")
  var sourceLanguage: String?

  @OptionGroup var remote: RemoteOptions

  func loadOptions(language: String?) -> BundleLoadOptions {
    var options = BundleLoadOptions(language: language, sourceLanguage: sourceLanguage)
    options.remote = remote.policy()
    return options
  }
}

/// Output formats of listing commands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

extension PluralCategory: ExpressibleByArgument {}
