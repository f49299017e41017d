import Foundation

extension LocalizationBundle {
  /// Writes the bundle, with its unsaved edits, as a remote-bundle zip (`Resources/` at the root).
  ///
  /// The bundle's own files are not touched. With `bundleVersion`, `Info.plist`'s
  /// `CFBundleVersion` is set to it in the zip. The zip is written atomically.
  /// - Throws: `GlossaError` when the bundle is a single table file, when `bundleVersion` is given
  ///   but the bundle has no readable `Info.plist`, or when reading or writing fails.
  public func writeZip(to output: URL, bundleVersion: String? = nil) throws {
    var replacing: [String: Data] = [:]
    for table in tables where table.isModified {
      replacing[table.path] = table.document.serialized()
    }
    if let bundleVersion {
      guard let infoPlist, let infoPlistPath else {
        throw GlossaError("\(name) has no readable Info.plist; cannot set CFBundleVersion to \(bundleVersion)")
      }
      replacing[infoPlistPath] = infoPlist.settingBundleVersion(bundleVersion)
    }
    switch storage {
    case .file(let url):
      throw GlossaError("\(url.path) is a single table file; repack a bundle directory or zip")
    case .zip(let url):
      try BundleArchive.rewrite(url, replacing: replacing, to: output)
    case .directory(let root):
      let fm = FileManager.default
      let staging = output.deletingLastPathComponent().appendingPathComponent(
        ".glossa-repack-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
      defer { try? fm.removeItem(at: staging) }
      let copy = staging.appendingPathComponent(root.lastPathComponent)
      do {
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        try fm.copyItem(at: root, to: copy)
      } catch {
        throw GlossaError("cannot stage \(root.path) for packing: \(error.localizedDescription)")
      }
      for (path, data) in replacing {
        let url = copy.appendingPathComponent(path)
        do {
          try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
          throw GlossaError("cannot create \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        try AtomicFile.write(data, to: url)
      }
      try BundleArchive.pack(directory: copy, to: output)
    }
  }
}
