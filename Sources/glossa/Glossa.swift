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
    ]
  )
}
