import Foundation

extension LocalizationBundle {
  /// Writes the bundle, with its unsaved edits, as a remote-bundle zip (`Resources/` at the root).
  ///
  /// The bundle's own files are not touched. With `bundleVersion`, `Info.plist`'s
  /// `CFBundleVersion` is set to it in the zip. The zip is written atomically.
  /// - Throws: `GlossaError.pack` when the bundle is a single table file, when `bundleVersion` is
  ///   given but the bundle has no readable `Info.plist`, or what packing throws;
  ///   `GlossaError.fileSystem` when the copy to pack cannot be made.
  public func writeZip(to output: URL, bundleVersion: String? = nil) throws {
    var replacing: [String: Data] = [:]
    for table in tables where table.isModified {
      replacing[table.path] = table.document.serialized()
    }
    if let bundleVersion {
      guard let infoPlist, let infoPlistPath else {
        throw GlossaError.pack(name, problem: .noInfoPlist(bundleVersion: bundleVersion))
      }
      replacing[infoPlistPath] = infoPlist.settingBundleVersion(bundleVersion)
    }
    switch storage {
    case .file(let url):
      throw GlossaError.pack(url.path, problem: .singleTableFile)
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
      } catch {
        throw GlossaError.fileSystem(staging.path, operation: .createFolder, reason: error.localizedDescription)
      }
      do {
        try fm.copyItem(at: root, to: copy)
      } catch {
        throw GlossaError.fileSystem(root.path, operation: .copy(to: copy.path), reason: error.localizedDescription)
      }
      for (path, data) in replacing {
        let url = copy.appendingPathComponent(path)
        do {
          try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
          throw GlossaError.fileSystem(
            url.deletingLastPathComponent().path, operation: .createFolder, reason: error.localizedDescription)
        }
        try AtomicFile.write(data, to: url)
      }
      try BundleArchive.pack(directory: copy, to: output)
    }
  }
}
