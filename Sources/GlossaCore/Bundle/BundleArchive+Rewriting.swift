import Dispatch
import Foundation

extension BundleArchive {
  /// Writes a copy of `zip` in which the entries named in `replacing` hold new content.
  ///
  /// Replaced entries keep their place; absent ones are added at the end (after any missing
  /// directory entries). Every other entry's local header and compressed bytes are copied as they
  /// are, without being inflated: the central directory is checked (names, links, duplicates,
  /// limits, headers, bounds), but only new content is compressed. The result is streamed to a
  /// temporary file that atomically replaces `output ?? zip`.
  /// - Throws: `GlossaError` when `zip`'s directory fails a check, a new path is unsafe or names a
  ///   directory, or the result cannot be written.
  public static func rewrite(
    _ zip: URL, replacing: [String: Data], to output: URL? = nil, limits: ArchiveLimits = .init()
  ) throws {
    let index: ArchiveIndex
    do {
      index = try ArchiveIndex.open(zip, limits: limits)
    } catch {
      throw error.error(archive: zip)
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
    let existing = index.filePaths
    let existingSet = Set(existing)
    do {
      try checkUnique(
        files: existing + replacements.map(\.path).filter { !existingSet.contains($0) },
        directories: index.directoryPaths)
    } catch {
      throw error.error(archive: zip)
    }
    let compressed = try deflateAll(replacements.map(\.data))
    var byPath: [String: Int] = [:]
    for (position, replacement) in replacements.enumerated() { byPath[replacement.path] = position }
    let target = output ?? zip
    try AtomicFile.write(to: target) { stream in
      let writer = ZipStreamWriter(stream, archive: target.relativePath)
      for (position, entry) in index.entries.enumerated() {
        if entry.kind == .file, let replaced = byPath[entry.path] {
          let (data, crc) = compressed[replaced]
          try writer.addFile(
            entry.path, deflated: data, crc: crc, size: UInt64(replacements[replaced].data.count))
          continue
        }
        let span = index.spans[position]
        let dataRange = entry.dataStart..<(entry.dataStart + Int(entry.compressedSize))
        try writer.copyEntry(
          local: index.bytes[span.local], data: index.bytes[dataRange], centralRecord: index.bytes[span.central])
      }
      var directories = Set(index.directoryPaths)
      for (position, replacement) in replacements.enumerated() where !existingSet.contains(replacement.path) {
        for parent in neededDirectories(files: [replacement.path], explicit: [])
        where directories.insert(parent).inserted {
          try writer.addDirectory(parent)
        }
        let (data, crc) = compressed[position]
        try writer.addFile(replacement.path, deflated: data, crc: crc, size: UInt64(replacement.data.count))
      }
      try writer.finish(comment: index.comment)
    }
  }

  /// Deflates each buffer, several at a time when there are several.
  static func deflateAll(_ buffers: [Data]) throws -> [(Data, UInt32)] {
    let results = ParallelResults<Result<(Data, UInt32), Error>>(count: buffers.count)
    DispatchQueue.concurrentPerform(iterations: buffers.count) { position in
      results.set(position, Result { try DeflateCodec.deflate(buffers[position]) })
    }
    return try results.values.map { try $0.get() }
  }
}
