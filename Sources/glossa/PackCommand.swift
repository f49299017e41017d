import ArgumentParser
import GlossaCore

struct PackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "pack", abstract: "(being built)")
  func run() throws { throw ValidationError("pack is being built") }
}
