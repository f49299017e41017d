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
  /// - Throws: `GlossaError.remote` with the `ArchiveProblem` when the archive is unreadable or unsafe.
  static func inspect(_ file: URL, url: URL) throws -> RemoteZipSummary {
    do throws(ArchiveProblem) {
      // The directory is checked whole; the entries a bundle reads (tables, Info.plist) are
      // inflated one at a time and their CRCs checked, others never (an image cannot be a table).
      let archive = try ZipArchive(url: file, limits: ArchiveLimits())
      var plist: Data?
      for (index, entry) in archive.files.enumerated() where BundleLayout.tableFile(entry.path) != nil {
        _ = try archive.bytes(at: index)
      }
      if let first = BundleLayout.infoPlistPaths.first(where: { path in archive.files.contains { $0.path == path } }),
        let index = archive.files.firstIndex(where: { $0.path == first })
      {
        plist = try archive.data(at: index)
      }
      return RemoteZipSummary(infoPlist: plist)
    } catch {
      throw GlossaError.remote(url.absoluteString, problem: .archive(error))
    }
  }
}
