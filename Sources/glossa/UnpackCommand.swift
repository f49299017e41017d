import ArgumentParser
import GlossaCore

struct UnpackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "unpack", abstract: "(being built)")
  func run() throws { throw ValidationError("unpack is being built") }
}
