import ArgumentParser
import Foundation
import GlossaCore

/// `glossa pack DIR -o BUNDLE.zip`: zip a bundle folder reproducibly.
struct PackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pack",
    abstract: "Zip a bundle folder with Resources/ at the root; the same folder always gives the same bytes."
  )

  @Argument(help: "The bundle folder: one holding Resources/, or .lproj folders and Info.plist.")
  var directory: String

  @Option(name: .shortAndLong, help: "The zip file to write (replaced atomically).")
  var output: String

  func run() throws {
    try ArchiveCommandSupport.reportingErrors {
      let summary = try BundleArchive.pack(
        directory: URL(fileURLWithPath: directory), to: URL(fileURLWithPath: output))
      print(
        "packed \(summary.files) file\(summary.files == 1 ? "" : "s") (\(summary.bytes) bytes) into \(output) (\(summary.archiveBytes) bytes)"
      )
    }
  }
}
