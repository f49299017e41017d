import Foundation

extension BundleArchive {
  /// Zips a bundle folder into `zip` with `Resources/` at the archive's root.
  ///
  /// If `directory` holds `Resources/`, that folder is packed; if it holds `.lproj` folders,
  /// `Info.plist`, a String Catalog or localized-object `.json` files directly, its contents go
  /// under `Resources/`. Entries are deflated, sorted by path
  /// with explicit directory entries, stamped 1980-01-01 with modes 0644/0755, so the same tree always
  /// gives the same bytes. Dot files (`.DS_Store`, temp files) are skipped. The zip is written atomically.
  /// - Throws: `GlossaError` when the folder is not a bundle, holds a link, or cannot be read or written.
  @discardableResult
  public static func pack(directory: URL, to zip: URL) throws -> PackSummary {
    let root = try packRoot(directory)
    var entries: [(path: String, url: URL?)] = [("Resources", nil)]
    try collect(root, prefix: "Resources", depth: 0, skipping: zip.standardizedFileURL, into: &entries)
    let writer = try ZipWriter()
    var files = 0
    var bytes: UInt64 = 0
    for entry in entries {
      do {
        if let url = entry.url {
          let data = try Data(contentsOf: url)
          try writer.addFile(entry.path, data: data)
          files += 1
          bytes += UInt64(data.count)
        } else {
          try writer.addDirectory(entry.path)
        }
      } catch let error as GlossaError {
        throw error
      } catch {
        throw GlossaError("cannot pack \(entry.url?.relativePath ?? entry.path): \(readReason(error))")
      }
    }
    let archiveBytes = try writer.bytes()
    try AtomicFile.write(archiveBytes, to: zip)
    return PackSummary(files: files, bytes: bytes, archiveBytes: archiveBytes.count)
  }

  /// `directory/Resources` when present, else `directory` itself when it looks like a Resources folder.
  private static func packRoot(_ directory: URL) throws -> URL {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw GlossaError("\(directory.relativePath): no such directory")
    }
    let resources = directory.appendingPathComponent("Resources")
    if fm.fileExists(atPath: resources.path, isDirectory: &isDirectory), isDirectory.boolValue {
      return resources
    }
    let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
    if names.contains(where: { $0.hasSuffix(".lproj") || $0 == "Info.plist" }) { return directory }
    if holdsMultiLanguageFiles(directory, names: names) { return directory }
    throw GlossaError(
      "\(directory.relativePath): nothing to pack (expected a Resources/ folder, or .lproj folders, Info.plist, a .xcstrings catalog or localized-object .json files at its top level)")
  }

  /// Appends `folder`'s visible contents, sorted by name bytes, depth first.
  private static func collect(
    _ folder: URL, prefix: String, depth: Int, skipping output: URL,
    into entries: inout [(path: String, url: URL?)]
  ) throws {
    guard depth < 64 else { throw GlossaError("\(folder.relativePath): folders nested more than 64 deep") }
    let fm = FileManager.default
    let names: [String]
    do {
      names = try fm.contentsOfDirectory(atPath: folder.path).sorted(by: byteOrder)
    } catch {
      throw GlossaError("cannot read \(folder.relativePath): \(readReason(error))")
    }
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      if url.standardizedFileURL == output { continue }
      let path = "\(prefix)/\(name)"
      let type = (try? fm.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) ?? nil
      switch type {
      case .typeDirectory?:
        entries.append((path, nil))
        try collect(url, prefix: path, depth: depth + 1, skipping: output, into: &entries)
      case .typeRegular?:
        entries.append((path, url))
      case .typeSymbolicLink?:
        throw GlossaError("\(url.relativePath): is a symbolic link; pack does not follow links")
      default:
        throw GlossaError("\(url.relativePath): is not a regular file or folder")
      }
    }
  }
}
