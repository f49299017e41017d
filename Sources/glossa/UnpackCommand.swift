import ArgumentParser
import Foundation
import GlossaCore

/// `glossa unpack BUNDLE.zip -o DIR`: validate a zipped bundle, then extract it.
struct UnpackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unpack",
    abstract: "Extract a zipped bundle after checking every entry; nothing is written if any check fails."
  )

  @Argument(help: "The zip archive to extract.")
  var archive: String

  @Option(name: .shortAndLong, help: "The directory to extract into (created if missing).")
  var output: String

  @Option(help: "The largest number of entries accepted.")
  var maxEntries: Int = ArchiveLimits().maxEntries

  @Option(help: "The largest total of uncompressed bytes accepted.")
  var maxBytes: UInt64 = ArchiveLimits().maxUncompressedBytes

  func run() throws {
    let limits = ArchiveLimits(maxEntries: maxEntries, maxUncompressedBytes: maxBytes)
    let directory = URL(fileURLWithPath: output)
    try ArchiveCommandSupport.reportingErrors {
      let paths = try BundleArchive.unpack(URL(fileURLWithPath: archive), to: directory, limits: limits)
      var bytes: UInt64 = 0
      for path in paths {
        let size =
          try? FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent(path).path)[.size] as? NSNumber
        bytes += size?.uint64Value ?? 0
      }
      CLI.outText("unpacked \(paths.count) file\(paths.count == 1 ? "" : "s") (\(bytes) bytes) into \(output)\n")
    }
  }
}

/// Error reporting shared by `pack` and `unpack`: one `glossa: message` line on stderr, exit 2.
enum ArchiveCommandSupport {
  static func reportingErrors(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as GlossaError {
      CLI.printError(error.message)
      throw ExitCode(2)
    }
  }
}
