import Foundation

/// Locates the shared real-world corpus (`../shared/corpus` beside the package), if present.
enum Corpus {
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let root: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }()

  /// Every file under the corpus whose name ends with `suffix`, sorted.
  static func files(endingWith suffix: String) -> [URL] {
    guard let root else { return [] }
    var result: [URL] = []
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.lastPathComponent.hasSuffix(suffix) { result.append(url) }
    }
    return result.sorted { $0.path < $1.path }
  }

  /// The path relative to the corpus root, for messages.
  static func relative(_ url: URL) -> String {
    guard let root else { return url.path }
    return String(url.path.dropFirst(root.path.count + 1))
  }
}

/// A scratch directory removed when the test ends.
final class TemporaryDirectory {
  let url: URL
  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }
}
