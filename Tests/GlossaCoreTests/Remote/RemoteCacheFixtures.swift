import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Shared helpers for the remote-cache tests: zips, temp cache directories, a settable clock.
enum RemoteCacheFixtures {
  /// A fresh empty directory under the system temp directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glossa-cache-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A zip holding `files` (archive path → text), built by python's zipfile so names are taken verbatim.
  static func zip(_ files: [(String, String)]) throws -> Data {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let spec = dir.appendingPathComponent("spec.json")
    try JSONSerialization.data(withJSONObject: files.map { [$0.0, $0.1] }).write(to: spec)
    let out = dir.appendingPathComponent("out.zip")
    let python = try TestProcess.run(
      "python3",
      [
        "-c",
        """
        import json, sys, zipfile
        with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in json.load(open(sys.argv[1])):
                z.writestr(name, text)
        """,
        spec.path, out.path,
      ])
    try #require(python.succeeded, "python3 could not build the zip: \(python.stderrText)")
    return try Data(contentsOf: out)
  }

  /// A minimal remote bundle: English strings and an `Info.plist`, optionally with `NMBundleRefreshRate`.
  static func bundleZip(greeting: String = "Hello", refreshDays: String? = nil) throws -> Data {
    var plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      <key>CFBundleDevelopmentRegion</key>
      <string>en</string>

      """
    if let refreshDays { plist += "<key>NMBundleRefreshRate</key>\n<string>\(refreshDays)</string>\n" }
    plist += "</dict>\n</plist>\n"
    return try zip([
      ("Resources/Info.plist", plist),
      ("Resources/en.lproj/Localizable.strings", "\"greeting\" = \"\(greeting)\";\n"),
    ])
  }

  /// Everything under `directory`, as sorted relative paths; directories end in `/`
  /// (`<entry>/`, `<entry>/body.zip`, `<entry>/metadata.json`).
  static func listing(_ directory: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    var files: [String] = []
    while let path = walker.nextObject() as? String {
      var isDir: ObjCBool = false
      FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDir)
      files.append(isDir.boolValue ? path + "/" : path)
    }
    return files.sorted()
  }

  /// The entry directory name the cache uses for `url`.
  static func entryName(_ url: URL, cache: URL) -> String {
    RemoteCacheEntry.directory(for: url, in: cache).lastPathComponent
  }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date
  init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }
  var now: Date { lock.withLock { current } }
  func advance(hours: Double) { lock.withLock { current.addTimeInterval(hours * 3600) } }
}
