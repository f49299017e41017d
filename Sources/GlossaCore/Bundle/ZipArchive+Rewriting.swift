import Dispatch
import Foundation

extension ZipArchive {
  /// Writes a copy of the archive to `output` in which the files named in `replacing` hold new
  /// content; `output` may be the archive's own URL.
  ///
  /// Replaced files keep their place; absent ones are added at the end (after any missing
  /// directory entries). Every other entry's local header and compressed bytes are copied as they
  /// are, without being inflated, and the archive comment is kept; only new content is compressed.
  /// The result is streamed to a temporary file that atomically replaces `output`.
  /// - Throws: `GlossaError` when a new path is unsafe or names a directory, or the result cannot
  ///   be written.
  func rewritten(replacing: [String: Data], to output: URL) throws {
    var replacements: [(path: String, data: Data)] = []
    for (raw, data) in replacing {
      do {
        replacements.append((try BundleArchive.normalizedPath(raw), data))
      } catch {
        throw error.error(archive: url)
      }
    }
    replacements.sort { BundleArchive.byteOrder($0.path, $1.path) }
    let existing = files.map(\.path)
    let existingSet = Set(existing)
    do {
      try BundleArchive.checkUnique(
        files: existing + replacements.map(\.path).filter { !existingSet.contains($0) }, directories: directories)
    } catch {
      throw error.error(archive: url)
    }
    let compressed = try Self.deflateAll(replacements)
    var byPath: [String: Int] = [:]
    for (position, replacement) in replacements.enumerated() { byPath[replacement.path] = position }
    try AtomicFile.write(to: output) { stream in
      let writer = ZipStreamWriter(stream, archive: output.relativePath)
      for entry in entries {
        if entry.kind == .file, let replaced = byPath[entry.path] {
          let (data, crc) = compressed[replaced]
          try writer.addFile(entry.path, deflated: data, crc: crc, size: UInt64(replacements[replaced].data.count))
        } else {
          try writer.copyEntry(
            local: bytes[entry.local], data: bytes[entry.dataRange], centralRecord: bytes[entry.central])
        }
      }
      var written = Set(directories)
      for (position, replacement) in replacements.enumerated() where !existingSet.contains(replacement.path) {
        for parent in BundleArchive.neededDirectories(files: [replacement.path], explicit: [])
        where written.insert(parent).inserted {
          try writer.addDirectory(parent)
        }
        let (data, crc) = compressed[position]
        try writer.addFile(replacement.path, deflated: data, crc: crc, size: UInt64(replacement.data.count))
      }
      try writer.finish(comment: comment)
    }
  }

  /// Deflates each buffer, several at a time when there are several.
  private static func deflateAll(_ buffers: [(path: String, data: Data)]) throws -> [(Data, UInt32)] {
    let results = ParallelResults<Result<(Data, UInt32), Error>>(count: buffers.count)
    DispatchQueue.concurrentPerform(iterations: buffers.count) { position in
      results.set(position, Result { try DeflateCodec.deflate(buffers[position].data, name: buffers[position].path) })
    }
    return try results.values.map { try $0.get() }
  }
}
