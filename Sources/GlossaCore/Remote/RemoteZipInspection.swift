import Foundation

/// What the cache needs to know about a downloaded zip before it may replace a good copy.
struct RemoteZipSummary: Sendable {
  /// `Resources/Info.plist` (or a top-level `Info.plist`), if the archive has one.
  var infoPlist: Data?
}

/// Checks a downloaded zip with the bundle archive safety rules and pulls out its `Info.plist`.
enum RemoteZipInspection {
  /// Inspects the zip at `url`.
  ///
  /// - Throws: `GlossaError` when the archive is unreadable or breaks the unzip safety rules.
  static func inspect(_ url: URL) throws -> RemoteZipSummary {
    // Wired to BundleArchive.readFiles(at:limits:) once the archive reader is on main.
    RemoteZipSummary(infoPlist: nil)
  }
}
