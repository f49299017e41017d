import Foundation
import Testing

/// The shared corpus of real files from public apps, `../shared/corpus` beside the package
/// (its README says what is what), for the test targets.
///
/// A clone without it passes its tests: every corpus test carries the `.corpus` trait and is
/// skipped with the comment "../shared/corpus is absent". With `GLOSSA_REQUIRE_CORPUS=1` in
/// the environment (CI, which always has the corpus) the tests run anyway, and `Corpus.root()`
/// and `Corpus.files(endingWith:)` fail them, so a corpus gone missing cannot pass unnoticed.
public enum Corpus {
  /// The package's root directory.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The corpus directory, or nil when there is none beside the package.
  public static let location: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
      ? url.standardizedFileURL : nil
  }()

  /// True when `GLOSSA_REQUIRE_CORPUS=1`: an absent corpus fails the corpus tests instead of
  /// skipping them.
  public static let isRequired = ProcessInfo.processInfo.environment["GLOSSA_REQUIRE_CORPUS"] == "1"

  /// True when the corpus tests run: the corpus is there, or it is required (and they fail).
  public static var testsRun: Bool { location != nil || isRequired }

  /// The corpus directory; when it is absent (only reached with `GLOSSA_REQUIRE_CORPUS=1`),
  /// records a failure at the caller and throws.
  public static func root(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(
      location, "../shared/corpus is absent, and GLOSSA_REQUIRE_CORPUS=1 requires it",
      sourceLocation: sourceLocation)
  }

  /// Every file under the corpus whose name ends with `suffix`, sorted by path; fails like
  /// `root()` when the corpus is absent.
  public static func files(endingWith suffix: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [URL]
  {
    let root = try root(sourceLocation: sourceLocation)
    var result: [URL] = []
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.lastPathComponent.hasSuffix(suffix) { result.append(url) }
    }
    return result.sorted { $0.path < $1.path }
  }

  /// The path relative to the corpus root, for messages.
  public static func relative(_ url: URL) -> String {
    guard let root = location, url.path.hasPrefix(root.path + "/") else { return url.path }
    return String(url.path.dropFirst(root.path.count + 1))
  }
}

extension Trait where Self == ConditionTrait {
  /// The trait of a test that reads `../shared/corpus`: skipped with "../shared/corpus is
  /// absent" when it is, unless `GLOSSA_REQUIRE_CORPUS=1` (see `Corpus`).
  public static var corpus: Self {
    .enabled(if: Corpus.testsRun, "../shared/corpus is absent")
  }
}
