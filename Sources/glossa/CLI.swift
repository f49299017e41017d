import ArgumentParser
import Foundation
import GlossaCore

/// Small helpers shared by the commands: stderr, exit codes, bundle options.
enum CLI {
  /// Prints `glossa: message` on stderr and exits with status 2.
  /// Control characters in the message (from entry names, keys, server text) are escaped.
  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("glossa: \(UntrustedText.escaped(message))\n".utf8))
    exit(2)
  }

  /// Prints a warning line on stderr.
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("glossa: warning: \(UntrustedText.escaped(message))\n".utf8))
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
