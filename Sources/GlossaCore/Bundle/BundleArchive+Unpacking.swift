import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BundleArchive {
  /// Extracts `zip` into `directory` and returns the written files' paths, in archive order.
  ///
  /// Every entry is read and validated before anything is written, so a bad archive (or a
  /// `directory` that exists but is not a folder) leaves the disk untouched; paths never leave
  /// `directory`, and existing links inside it are never followed.
  /// Files are written atomically; `directory` and the archive's directories are created.
  /// - Throws: `GlossaError` ending in `; nothing was unpacked` when validation fails, or naming the
  ///   file that could not be written.
  @discardableResult
  public static func unpack(_ zip: URL, to directory: URL, limits: ArchiveLimits = .init()) throws -> [String] {
    let suffix = "; nothing was unpacked"
    let content: (files: [ArchiveFile], directories: [String])
    do {
      content = try readValidated(zip, limits: limits)
    } catch let problem as ArchiveProblem {
      throw problem.error(archive: zip, suffix: suffix)
    }
    var info = stat()
    if stat(directory.path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
      throw GlossaError("\(directory.relativePath): exists and is not a directory\(suffix)")
    }
    let directories = neededDirectories(files: content.files.map(\.path), explicit: content.directories)
    for path in directories {
      try checkPlace(path, in: directory, wantDirectory: true, zip: zip, suffix: suffix)
    }
    for file in content.files {
      try checkPlace(file.path, in: directory, wantDirectory: false, zip: zip, suffix: suffix)
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for path in directories {
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
      }
    } catch {
      throw GlossaError("cannot create a directory in \(directory.relativePath): \(readReason(error))")
    }
    for file in content.files {
      try AtomicFile.write(file.data, to: directory.appendingPathComponent(file.path))
    }
    return content.files.map(\.path)
  }

  /// Explicit directories plus every parent of every file, parents first, without repeats.
  static func neededDirectories(files: [String], explicit: [String]) -> [String] {
    var seen = Set<String>()
    var ordered: [String] = []
    func add(_ path: String) {
      let parts = path.split(separator: "/")
      for depth in 1...parts.count {
        let prefix = parts.prefix(depth).joined(separator: "/")
        if seen.insert(prefix).inserted { ordered.append(prefix) }
      }
    }
    explicit.forEach(add)
    for file in files {
      let parent = file.split(separator: "/").dropLast().joined(separator: "/")
      if !parent.isEmpty { add(parent) }
    }
    return ordered
  }

  /// Refuses a destination whose existing components are links, or whose kind conflicts with the entry.
  private static func checkPlace(
    _ path: String, in directory: URL, wantDirectory: Bool, zip: URL, suffix: String
  ) throws {
    var current = directory
    let parts = path.split(separator: "/").map(String.init)
    for (index, part) in parts.enumerated() {
      current = current.appendingPathComponent(part)
      var info = stat()
      guard lstat(current.path, &info) == 0 else { return }
      let type = info.st_mode & S_IFMT
      let isLast = index == parts.count - 1
      let display = "\(directory.relativePath)/\(parts.prefix(index + 1).joined(separator: "/"))"
      if type == S_IFLNK {
        throw GlossaError(
          "\(zip.relativePath): cannot unpack '\(path)': '\(display)' is a symbolic link\(suffix)")
      }
      if (!isLast || wantDirectory) && type != S_IFDIR {
        throw GlossaError(
          "\(zip.relativePath): cannot unpack '\(path)': '\(display)' exists and is not a directory\(suffix)")
      }
      if isLast && !wantDirectory && type != S_IFREG {
        throw GlossaError(
          "\(zip.relativePath): cannot unpack '\(path)': '\(display)' exists and is not a regular file\(suffix)")
      }
    }
  }
}
