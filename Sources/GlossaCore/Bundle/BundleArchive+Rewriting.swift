import Foundation

extension BundleArchive {
  /// Writes a copy of `zip` in which the entries named in `replacing` hold new content.
  ///
  /// Absent entries are added (with any missing directory entries); every other entry's compressed
  /// bytes are copied unchanged. Replaced and added entries move to the end of the archive. The input
  /// is fully validated first; the result atomically replaces `output ?? zip`.
  /// - Throws: `GlossaError` when `zip` fails validation, a new path is unsafe or names a directory,
  ///   or the result cannot be written.
  public static func rewrite(
    _ zip: URL, replacing: [String: Data], to output: URL? = nil, limits: ArchiveLimits = .init()
  ) throws {
    let original: Data
    let content: (files: [ArchiveFile], directories: [String])
    do {
      do {
        original = try Data(contentsOf: zip)
      } catch {
        throw ArchiveProblem.unreadable(readReason(error))
      }
      content = try validate(original, limits: limits)
    } catch let problem as ArchiveProblem {
      throw problem.error(archive: zip)
    }
    var replacements: [(path: String, data: Data)] = []
    for (raw, data) in replacing {
      do {
        replacements.append((try normalizedPath(raw), data))
      } catch {
        throw error.error(archive: zip)
      }
    }
    replacements.sort { byteOrder($0.path, $1.path) }
    let existingFiles = Set(content.files.map(\.path))
    do {
      try checkUnique(
        files: content.files.map(\.path) + replacements.map(\.path).filter { !existingFiles.contains($0) },
        directories: content.directories)
    } catch {
      throw error.error(archive: zip)
    }
    var directories = Set(content.directories)
    let writer: ZipWriter
    do {
      writer = try ZipWriter(updating: original)
      try writer.remove(paths: Set(replacements.map(\.path)).intersection(existingFiles))
      for replacement in replacements {
        for parent in neededDirectories(files: [replacement.path], explicit: [])
        where directories.insert(parent).inserted {
          try writer.addDirectory(parent)
        }
        try writer.addFile(replacement.path, data: replacement.data)
      }
    } catch let error as GlossaError {
      throw error
    } catch {
      throw GlossaError("\(zip.relativePath): cannot rewrite the archive: \(error)")
    }
    try AtomicFile.write(try writer.bytes(), to: output ?? zip)
  }
}
