import ArgumentParser
import GlossaCore

struct DumpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "dump", abstract: "(being built)")
  func run() throws { throw ValidationError("dump is being built") }
}
