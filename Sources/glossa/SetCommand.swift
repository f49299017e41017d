import ArgumentParser
import GlossaCore

struct SetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "set", abstract: "(being built)")
  func run() throws { throw ValidationError("set is being built") }
}
