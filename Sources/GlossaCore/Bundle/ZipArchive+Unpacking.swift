import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ZipArchive {
  /// Extracts the archive into `directory` and returns the written files' paths, in archive order.
  ///
  /// Every file is inflated and checked before anything is written, so a damaged entry (or a
  /// `directory` that exists but is not a folder) leaves the disk untouched; paths never leave
  /// `directory`, and existing links inside it are never followed. Files are written atomically;
  /// `directory` and the archive's directories are created.
  /// - Throws: `GlossaError.unpack`: a problem found before anything was written, or a folder or
  ///   file that could not be written (what was written is removed again).
  func unpack(to directory: URL) throws -> [String] {
    let files: [ArchiveFile]
    do {
      files = try readFiles()
    } catch {
      throw failure(.archive(error))
    }
    var info = stat()
    if stat(directory.path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
      throw failure(.destinationNotFolder(directory.relativePath))
    }
    let folders = BundleArchive.neededDirectories(files: files.map(\.path), explicit: directories)
    for path in folders {
      try checkLength(path, in: directory)
      try checkPlace(path, in: directory, wantDirectory: true)
    }
    for file in files {
      try checkLength(file.path, in: directory)
      try checkPlace(file.path, in: directory, wantDirectory: false)
    }
    // What this unpack creates is removed again if a later step fails, so a failure leaves the
    // destination as it was (files it replaced were replaced atomically and stay replaced).
    var created: [URL] = []
    do {
      for url in [directory] + folders.map({ directory.appendingPathComponent($0) }) {
        created += try createDirectory(url)
      }
      for file in files {
        let target = directory.appendingPathComponent(file.path)
        let existed = FileManager.default.fileExists(atPath: target.path)
        do {
          try AtomicFile.write(file.data, to: target)
        } catch GlossaError.writeFailed(let written, let reason) {
          throw failure(.cannotWrite(entry: file.path, file: written, reason: reason))
        }
        if !existed { created.append(target) }
      }
    } catch {
      for url in created.reversed() { try? FileManager.default.removeItem(at: url) }
      throw error
    }
    // Temporaries an earlier unpack left when it was killed, in the folders this one wrote.
    for folder in [directory] + folders.map({ directory.appendingPathComponent($0) }) {
      AtomicFile.removeStaleTemporaries(in: folder)
    }
    return files.map(\.path)
  }

  /// The error for `problem` in unpacking this archive.
  private func failure(_ problem: UnpackProblem) -> GlossaError {
    .unpack(url.relativePath, problem: problem)
  }

  /// Creates `url` and its missing parents one by one; returns those it created, outermost first.
  private func createDirectory(_ url: URL) throws -> [URL] {
    var missing: [URL] = []
    var current = url
    while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
      missing.insert(current, at: 0)
      current = current.deletingLastPathComponent()
    }
    for folder in missing {
      guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
        throw failure(.cannotCreateFolder(folder.relativePath, reason: String(cString: strerror(errno))))
      }
    }
    return missing
  }

  /// Refuses an entry whose name is longer than the file system takes, before anything is written.
  private func checkLength(_ path: String, in directory: URL) throws {
    for part in path.utf8.split(separator: UInt8(ascii: "/")) where part.count > Self.maxNameBytes {
      let shown = String(decoding: part.prefix(40), as: UTF8.self)
      throw failure(.nameTooLong(entry: path, component: shown, bytes: part.count, limit: Self.maxNameBytes))
    }
    let full = directory.path.utf8.count + 1 + path.utf8.count
    if full >= Self.maxPathBytes {
      throw failure(
        .pathTooLong(entry: path, destination: directory.relativePath, bytes: full, limit: Self.maxPathBytes - 1))
    }
  }

  /// `NAME_MAX` and `PATH_MAX` on Linux and macOS file systems.
  static let maxNameBytes = 255
  static let maxPathBytes = 1024 * 4

  /// Refuses a destination whose existing components are links, or whose kind conflicts with the entry.
  private func checkPlace(_ path: String, in directory: URL, wantDirectory: Bool) throws {
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
        throw failure(.linkInTheWay(entry: path, existing: display))
      }
      if (!isLast || wantDirectory) && type != S_IFDIR {
        throw failure(.folderInTheWay(entry: path, existing: display))
      }
      if isLast && !wantDirectory && type != S_IFREG {
        throw failure(.fileInTheWay(entry: path, existing: display))
      }
    }
  }
}
