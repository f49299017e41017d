import Foundation
import Testing

/// A private copy of `SampleBundles/` for one test (the review under tmux or in-process, a
/// command), with its own state, cache and output folders, and a snapshot of every file taken
/// right after copying.
///
/// Layout: `root/SampleBundles/` (the copy), `root/<extra copies>` (for instance `app.zip`),
/// and the private folders `state/`, `cache/`, `lint-cache/`, `out/`, which `snapshot()` leaves out.
public final class MatrixWorkspace {
  public static let privateFolders: Set<String> = ["state", "cache", "lint-cache", "out"]

  public let root: URL
  /// Every file of the workspace (outside the private folders) as it was copied.
  public private(set) var original: [String: Data] = [:]

  public var samples: URL { root.appendingPathComponent("SampleBundles") }
  public var state: URL { root.appendingPathComponent("state") }
  public var cache: URL { root.appendingPathComponent("cache") }
  public var lintCache: URL { root.appendingPathComponent("lint-cache") }
  public var out: URL { root.appendingPathComponent("out") }

  /// Copies the repository's `SampleBundles/` and, for each `destination: source` of `copies`,
  /// `SampleBundles/source` to `root/destination`.
  public init(copies: [String: String] = [:]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-matrix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.sampleBundles, to: samples)
    for (destination, source) in copies {
      try FileManager.default.copyItem(
        at: samples.appendingPathComponent(source), to: root.appendingPathComponent(destination))
    }
    for folder in [state, cache, lintCache, out] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    original = try snapshot()
  }

  /// The repository's `SampleBundles/`.
  public static let sampleBundles = Corpus.packageRoot.appendingPathComponent("SampleBundles")

  deinit { try? FileManager.default.removeItem(at: root) }

  public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  /// Every regular file under the workspace except the private folders, by relative path.
  public func snapshot() throws -> [String: Data] {
    try MatrixFiles.snapshot(root).filter {
      !Self.privateFolders.contains(String($0.key.split(separator: "/").first ?? ""))
    }
  }

  /// The journal files left in `state/glossa` (none after a save or a discard).
  public func journals() -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("glossa").path)) ?? []
  }
}

/// File snapshots, text decoding, line diffs and zip listing, for assertions on the bytes a test leaves.
public enum MatrixFiles {
  /// Every regular file under `root` by relative path.
  public static func snapshot(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = root.resolvingSymlinksInPath().standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
      let path = url.resolvingSymlinksInPath().standardizedFileURL.path
      files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return files
  }

  /// A text file's text with the encoding and byte-order mark it was read with, so that it can
  /// be written back the same way.
  public struct EncodedText {
    public var text: String
    public var encoding: String.Encoding
    public var bom: [UInt8]

    public init?(_ data: Data) {
      let bytes = [UInt8](data)
      if bytes.starts(with: [0xFF, 0xFE]) {
        (bom, encoding) = ([0xFF, 0xFE], .utf16LittleEndian)
      } else if bytes.starts(with: [0xFE, 0xFF]) {
        (bom, encoding) = ([0xFE, 0xFF], .utf16BigEndian)
      } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        (bom, encoding) = ([0xEF, 0xBB, 0xBF], .utf8)
      } else {
        (bom, encoding) = ([], .utf8)
      }
      let body = Data(bytes.dropFirst(bom.count))
      if let text = String(data: body, encoding: encoding) {
        self.text = text
      } else if bom.isEmpty, let text = String(data: body, encoding: .isoLatin1) {
        (self.text, encoding) = (text, .isoLatin1)
      } else {
        return nil
      }
    }

    public var lines: [String] { text.components(separatedBy: "\n") }

    public func data(lines: [String]) -> Data {
      Data(bom) + (lines.joined(separator: "\n").data(using: encoding) ?? Data())
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// `data` with whole lines replaced, each `old` line occurring exactly once, re-encoded as the
  /// file was (byte-order mark, UTF-16, no trailing newline kept as they are).
  public static func replacingLines(_ replacements: [(old: String, new: String)], in data: Data) throws -> Data {
    guard let file = EncodedText(data) else { throw Failure(description: "not text") }
    var lines = file.lines
    for (old, new) in replacements {
      let indices = lines.indices.filter { lines[$0] == old }
      guard indices.count == 1 else {
        throw Failure(description: "the line \(old) occurs \(indices.count) times, not once")
      }
      lines[indices[0]] = new
    }
    return file.data(lines: lines)
  }

  /// One changed stretch of lines: `old` (1-based `line` in the old file) became `new`.
  public struct LineChange: Equatable, CustomStringConvertible {
    public var line: Int
    public var old: [String]
    public var new: [String]
    public init(line: Int, old: [String], new: [String]) {
      self.line = line
      self.old = old
      self.new = new
    }
    public var description: String {
      "line \(line):\n" + old.map { "  - \($0)" }.joined(separator: "\n") + "\n"
        + new.map { "  + \($0)" }.joined(separator: "\n")
    }
  }

  /// The lines that differ between two text files, as one change per run of differing lines
  /// (a line count change shows as a run with more lines on one side).
  public static func lineChanges(_ before: Data, _ after: Data) -> [LineChange] {
    guard let a = EncodedText(before)?.lines, let b = EncodedText(after)?.lines else {
      return before == after ? [] : [LineChange(line: 0, old: ["<binary>"], new: ["<binary>"])]
    }
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    let old = Array(a[prefix..<(a.count - suffix)])
    let new = Array(b[prefix..<(b.count - suffix)])
    guard !old.isEmpty || !new.isEmpty else { return before == after ? [] : [LineChange(line: 0, old: [], new: [])] }
    // Equal-length runs are split into the lines that really differ.
    if old.count == new.count {
      var changes: [LineChange] = []
      for index in old.indices where old[index] != new[index] {
        if let last = changes.last, last.line + last.old.count == prefix + index + 1 {
          changes[changes.count - 1].old.append(old[index])
          changes[changes.count - 1].new.append(new[index])
        } else {
          changes.append(LineChange(line: prefix + index + 1, old: [old[index]], new: [new[index]]))
        }
      }
      // Same lines but different bytes (encoding, BOM): one change without lines.
      return changes.isEmpty && before != after ? [LineChange(line: 0, old: [], new: [])] : changes
    }
    return [LineChange(line: prefix + 1, old: old, new: new)]
  }

  /// Records an issue for every path that is missing, extra, or whose bytes differ from
  /// `expected`, with the differing lines. True when everything matched.
  @discardableResult
  public static func expectFiles(
    _ actual: [String: Data], equal expected: [String: Data], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    var ok = true
    let missing = Set(expected.keys).subtracting(actual.keys).sorted()
    let extra = Set(actual.keys).subtracting(expected.keys).sorted()
    if !missing.isEmpty {
      Issue.record("\(what): files missing: \(missing)", sourceLocation: sourceLocation)
      ok = false
    }
    if !extra.isEmpty {
      Issue.record("\(what): unexpected files: \(extra)", sourceLocation: sourceLocation)
      ok = false
    }
    for path in expected.keys.sorted() {
      guard let have = actual[path], let want = expected[path], have != want else { continue }
      ok = false
      let changes = lineChanges(want, have).map(\.description).joined(separator: "\n")
      let message =
        "\(what): \(path) is not as expected (\(want.count) bytes expected, \(have.count) found); "
        + "expected → actual:\n\(changes)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return ok
  }

  /// A zip's entry names in central-directory order and its extracted files.
  public struct ZipContents {
    public var names: [String]
    public var files: [String: Data]
  }

  public static let unzipPath = "/usr/bin/unzip"
  public static var canUnzip: Bool { FileManager.default.isExecutableFile(atPath: unzipPath) }

  /// Lists and extracts `zip` with `/usr/bin/unzip` (which also checks every entry's CRC).
  public static func unzip(_ zip: URL) throws -> ZipContents {
    let listing = try runUnzip(["-Z1", zip.path])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-unzip-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try runUnzip(["-q", "-o", zip.path, "-d", folder.path])
    return ZipContents(
      names: listing.split(separator: "\n").map(String.init), files: try snapshot(folder))
  }

  private static func runUnzip(_ arguments: [String]) throws -> String {
    let run = try TestProcess.run(unzipPath, arguments)
    guard run.status == 0 else {
      throw Failure(description: "unzip \(arguments.joined(separator: " ")) exited with \(run.status)")
    }
    return run.stdoutText
  }
}
