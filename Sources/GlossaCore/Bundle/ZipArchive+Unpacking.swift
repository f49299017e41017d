import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ZipArchive {
  /// What every unpack failure before the first write ends with.
  static let nothingUnpacked = "; nothing was unpacked"

  /// Extracts the archive into `directory` and returns the written files' paths, in archive order.
  ///
  /// Every file is inflated and checked before anything is written, so a damaged entry (or a
  /// `directory` that exists but is not a folder) leaves the disk untouched; paths never leave
  /// `directory`, and existing links inside it are never followed. Files are written atomically;
  /// `directory` and the archive's directories are created.
  /// - Throws: `GlossaError` ending in `; nothing was unpacked` when a check fails, or naming the
  ///   file that could not be written.
  func unpack(to directory: URL) throws -> [String] {
    let suffix = Self.nothingUnpacked
    let files: [ArchiveFile]
    do {
      files = try readFiles()
    } catch {
      throw error.error(archive: url, suffix: suffix)
    }
    var info = stat()
    if stat(directory.path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
      throw GlossaError("\(directory.relativePath): exists and is not a directory\(suffix)")
    }
    let folders = BundleArchive.neededDirectories(files: files.map(\.path), explicit: directories)
    for path in folders {
      try checkPlace(path, in: directory, wantDirectory: true)
    }
    for file in files {
      try checkPlace(file.path, in: directory, wantDirectory: false)
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for path in folders {
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
      }
    } catch {
      throw GlossaError("cannot create a directory in \(directory.relativePath): \(BundleArchive.readReason(error))")
    }
    for file in files {
      try AtomicFile.write(file.data, to: directory.appendingPathComponent(file.path))
    }
    return files.map(\.path)
  }

  /// Refuses a destination whose existing components are links, or whose kind conflicts with the entry.
  private func checkPlace(_ path: String, in directory: URL, wantDirectory: Bool) throws {
    let suffix = Self.nothingUnpacked
    var current = directory
    // Split on the byte, as the file system does (see `BundleArchive.normalizedPath`).
    let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    for (index, part) in parts.enumerated() {
      current = current.appendingPathComponent(part)
      var info = stat()
      guard lstat(current.path, &info) == 0 else { return }
      let type = info.st_mode & S_IFMT
      let isLast = index == parts.count - 1
      let display = "\(directory.relativePath)/\(parts.prefix(index + 1).joined(separator: "/"))"
      if type == S_IFLNK {
        throw GlossaError(
          "\(url.relativePath): cannot unpack '\(path)': '\(display)' is a symbolic link\(suffix)")
      }
      if (!isLast || wantDirectory) && type != S_IFDIR {
        throw GlossaError(
          "\(url.relativePath): cannot unpack '\(path)': '\(display)' exists and is not a directory\(suffix)")
      }
      if isLast && !wantDirectory && type != S_IFREG {
        throw GlossaError(
          "\(url.relativePath): cannot unpack '\(path)': '\(display)' exists and is not a regular file\(suffix)")
      }
    }
  }
}
