import Foundation
import GlossaTestSupport
import Testing

/// A temporary folder for one in-process review: the bundles written or copied into it, a
/// `journals/` folder, and an `out/` folder for zips and exports; removed when released.
final class LoopWorkspace {
  let root: URL

  var journals: URL { root.appendingPathComponent("journals") }
  var out: URL { root.appendingPathComponent("out") }

  /// Writes `files` (relative path → text) into a fresh folder.
  init(_ files: [String: String] = [:]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-loop-\(UUID().uuidString)")
    for folder in [root, journals, out] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for (path, text) in files { try write(path, Data(text.utf8)) }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
  func path(_ relative: String) -> String { url(relative).path }

  func write(_ relative: String, _ data: Data) throws {
    let file = url(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  func text(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }

  /// Copies a file or folder of `../shared/corpus` to `relative`.
  func copyCorpus(_ corpusPath: String, to relative: String) throws {
    let source = try Corpus.root().appendingPathComponent(corpusPath)
    let target = url(relative)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: target)
  }

  /// The journal files left (none after a save or a discard).
  func journalFiles() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: journals.path)) ?? [] }

  /// A review of `local` (and `remote`), relative paths in this workspace.
  func review(
    _ local: String, _ remote: String? = nil, language: String? = nil, table: String? = nil
  ) -> ReviewRun {
    ReviewRun(
      local: path(local), remote: remote.map { $0.contains("://") ? $0 : path($0) }, language: language,
      table: table, journals: journals, cache: url("cache"), owner: self)
  }
}

extension MatrixWorkspace {
  /// A review of paths in the copy of `SampleBundles/`, with the workspace's journals and cache.
  func review(_ local: String, _ remote: String? = nil, language: String? = nil, table: String? = nil) -> ReviewRun {
    ReviewRun(
      local: url(local).path, remote: remote.map { $0.contains("://") ? $0 : url($0).path }, language: language,
      table: table, journals: state.appendingPathComponent("glossa"), cache: cache, owner: self)
  }
}
