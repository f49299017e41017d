import Foundation

/// What the cache needs to know about a downloaded zip before it may replace a good copy.
struct RemoteZipSummary: Sendable {
  /// `Resources/Info.plist` (or a top-level `Info.plist`), if the archive has one.
  var infoPlist: Data?
}

/// Checks a downloaded zip with the bundle archive safety rules and pulls out its `Info.plist`.
enum RemoteZipInspection {
  /// Validates the whole archive at `file` (traversal, links, duplicates, damage, limits) with
  /// `ZipArchive`, naming `url` in messages.
  ///
  /// - Throws: `GlossaError` (`<url>: entry '../x' …`) when the archive is unreadable or unsafe.
  static func inspect(_ file: URL, url: URL) throws -> RemoteZipSummary {
    let files: [ArchiveFile]
    do throws(ArchiveProblem) {
      files = try ZipArchive(url: file, limits: ArchiveLimits()).readFiles()
    } catch {
      throw GlossaError.remote(url.absoluteString, problem: error.text)
    }
    let plist = BundleLayout.infoPlistPaths.lazy.compactMap { path in
      files.first { $0.path == path }?.data
    }.first
    return RemoteZipSummary(infoPlist: plist)
  }
}
