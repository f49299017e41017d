import Foundation
import ZIPFoundation

/// Adds entries to an in-memory ZIPFoundation archive with fixed metadata, so output is reproducible.
struct ZipWriter {
  /// 1980-01-01 00:00:00 UTC, the earliest zip timestamp.
  static let fixedDate = Date(timeIntervalSince1970: 315_532_800)
  let archive: Archive

  /// A new empty in-memory archive.
  init() throws {
    archive = try Archive(accessMode: .create)
  }

  /// An in-memory archive holding `bytes`, open for update.
  init(updating bytes: Data) throws {
    archive = try Archive(data: bytes, accessMode: .update)
  }

  /// A directory entry `path/` with mode 0755.
  func addDirectory(_ path: String) throws {
    try archive.addEntry(
      with: path + "/", type: .directory, uncompressedSize: Int64(0), modificationDate: Self.fixedDate,
      permissions: 0o755, provider: { _, _ in Data() })
  }

  /// A deflated file entry with mode 0644.
  func addFile(_ path: String, data: Data) throws {
    try archive.addEntry(
      with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: Self.fixedDate,
      permissions: 0o644, compressionMethod: .deflate,
      provider: { position, size in
        let start = data.startIndex + Int(position)
        return data[start..<min(start + size, data.endIndex)]
      })
  }

  /// The archive's bytes so far.
  func bytes() throws -> Data {
    guard let data = archive.data else { throw GlossaError("the zip writer lost its in-memory archive") }
    return data
  }

  /// Removes every entry whose normalized path is in `paths`; ZIPFoundation copies the others' bytes verbatim.
  func remove(paths: Set<String>) throws {
    for path in paths {
      guard let entry = archive.first(where: { (try? BundleArchive.normalizedPath($0.path)) == path }) else {
        continue
      }
      try archive.remove(entry)
    }
  }
}
