import ArgumentParser
import GlossaCore

struct PluralCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "plural", abstract: "(being built)")
  func run() throws { throw ValidationError("plural is being built") }
}
