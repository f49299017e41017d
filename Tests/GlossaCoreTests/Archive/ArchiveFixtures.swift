import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Temp folders, small bundle trees and hostile zips (built with python3's zipfile) for archive tests.
enum ArchiveFixtures {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let unzip = ["/usr/bin/unzip", "/usr/local/bin/unzip"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  /// The package root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A fresh empty directory under the system temp folder.
  static func makeTempDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glossa-archive-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `files` (relative path → bytes) under `root`, creating folders.
  static func writeTree(_ files: [String: Data], at root: URL) throws {
    for (path, data) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
  }

  /// Every regular file under `root` as relative path → bytes.
  static func readTree(_ root: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
    while let relative = walker.nextObject() as? String {
      let url = root.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[relative] = try Data(contentsOf: url)
      }
    }
    return result
  }

  /// Every path (files and folders) under `root`, sorted.
  static func listing(_ root: URL) -> [String] {
    (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
  }

  /// A small bundle: two languages, a stringsdict, non-ASCII text, an empty file and a nested folder.
  static let smallBundle: [String: Data] = [
    "Info.plist": Data("<?xml version=\"1.0\"?>\n<plist><dict/></plist>\n".utf8),
    "en.lproj/Localizable.strings": Data("\"hello\" = \"Hello\";\n".utf8),
    "de.lproj/Localizable.strings": Data("\"hello\" = \"Grüß dich\";\n".utf8),
    "de.lproj/Plurals.stringsdict": Data(String(repeating: "<key>one</key>\n", count: 500).utf8),
    "ja.lproj/Empty.strings": Data(),
    "ja.lproj/Nested/Deep.json": Data("{\"k\": \"こんにちは\"}".utf8),
  ]

  /// Runs a python3 script building a zip at `$OUT`; `zipfile` is imported as `zipfile`.
  static func pythonZip(_ script: String, at url: URL) throws {
    guard let python else { throw HarnessFailure("python3 is not installed") }
    let run = try TestProcess.run(
      python, ["-W", "ignore", "-c", "import zipfile, os, struct\n" + script], environment: ["OUT": url.path])
    guard run.succeeded else { throw HarnessFailure("python3 failed building \(url.path): \(run.stderrText)") }
  }

  /// Runs `unzip -tq` on `zip`; true when it reports no errors.
  static func unzipAccepts(_ zip: URL) throws -> Bool {
    guard let unzip else { return false }
    return try TestProcess.run(unzip, ["-tq", zip.path]).succeeded
  }
}
