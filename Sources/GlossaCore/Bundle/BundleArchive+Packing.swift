import Foundation

extension BundleArchive {
  /// Files at least this large are deflated while they stream from disk instead of being read whole.
  static let streamingThreshold: UInt64 = 16 << 20

  /// Zips a bundle folder into `zip` with `Resources/` at the archive's root.
  ///
  /// If `directory` holds `Resources/`, that folder is packed; if it holds `.lproj` folders,
  /// `Info.plist`, a String Catalog or localized-object `.json` files directly, its contents go
  /// under `Resources/`. Entries are deflated (level 6, on every core), sorted by path with explicit
  /// directory entries, stamped 1980-01-01 with modes 0644/0755, so the same tree always gives the
  /// same bytes. Dot files (`.DS_Store`, temp files) are skipped. The zip is streamed to a temporary
  /// file renamed over `zip` at the end.
  /// - Throws: `GlossaError.notFound` for a missing folder; `GlossaError.pack` when the folder is
  ///   not a bundle, holds a link, cannot be read, or would need ZIP64 (over 4 GiB or 65,534
  ///   entries); `GlossaError.writeFailed` when the zip cannot be written.
  @discardableResult
  public static func pack(directory: URL, to zip: URL) throws -> PackSummary {
    try pack(directory: directory, to: zip, streamingThreshold: streamingThreshold)
  }

  /// `pack` with files of `streamingThreshold` bytes or more deflated as they stream from disk.
  @discardableResult
  static func pack(directory: URL, to zip: URL, streamingThreshold: UInt64) throws -> PackSummary {
    let root = try packRoot(directory)
    var entries: [PackEntry] = [PackEntry(path: "Resources", url: nil, size: 0)]
    try collect(root, prefix: "Resources", depth: 0, skipping: zip.standardizedFileURL, into: &entries)
    var files = 0
    var bytes: UInt64 = 0
    var archiveBytes = 0
    try AtomicFile.write(to: zip) { stream in
      let writer = ZipStreamWriter(stream, archive: zip.relativePath)
      try OrderedPipeline.run(
        count: entries.count, window: 4 * ProcessInfo.processInfo.activeProcessorCount,
        produce: { try prepare(entries[$0], streamingThreshold: streamingThreshold) },
        consume: { position, item in
          let entry = entries[position]
          switch item {
          case .directory:
            try writer.addDirectory(entry.path)
          case .deflated(let data, let crc, let size):
            try writer.addFile(entry.path, deflated: data, crc: crc, size: size)
            files += 1
            bytes += size
          case .stream(let url):
            bytes += try streamFile(url, as: entry.path, into: writer)
            files += 1
          }
        })
      try writer.finish()
      archiveBytes = Int(stream.offset)
    }
    return PackSummary(files: files, bytes: bytes, archiveBytes: archiveBytes)
  }

  /// A path to pack: a folder (`url` nil) or a regular file with its size when listed.
  struct PackEntry: Sendable {
    var path: String
    var url: URL?
    var size: UInt64
  }

  /// What a worker made of one entry, handed to the writer in order.
  enum PreparedEntry: Sendable {
    case directory
    case deflated(Data, crc: UInt32, size: UInt64)
    /// Too large to hold: the writer deflates it as it reads.
    case stream(URL)
  }

  /// Reads and deflates one small file (on a worker thread).
  private static func prepare(_ entry: PackEntry, streamingThreshold: UInt64) throws -> PreparedEntry {
    guard let url = entry.url else { return .directory }
    if entry.size >= streamingThreshold { return .stream(url) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GlossaError.pack(url.relativePath, problem: .unreadable(reason: readReason(error)))
    }
    let (compressed, crc) = try DeflateCodec.deflate(data, name: url.relativePath)
    return .deflated(compressed, crc: crc, size: UInt64(data.count))
  }

  /// Deflates `url` into the archive a megabyte at a time; returns its size.
  private static func streamFile(_ url: URL, as path: String, into writer: ZipStreamWriter) throws -> UInt64 {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw GlossaError.pack(url.relativePath, problem: .unreadable(reason: readReason(error)))
    }
    defer { try? handle.close() }
    return try writer.addStreamedFile(path) {
      do {
        return try handle.read(upToCount: 1 << 20) ?? Data()
      } catch {
        throw GlossaError.pack(url.relativePath, problem: .unreadable(reason: readReason(error)))
      }
    }
  }

  /// `directory/Resources` when present, else `directory` itself when it looks like a Resources folder.
  private static func packRoot(_ directory: URL) throws -> URL {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw GlossaError.notFound(directory.relativePath)
    }
    let resources = directory.appendingPathComponent("Resources")
    if fm.fileExists(atPath: resources.path, isDirectory: &isDirectory), isDirectory.boolValue {
      return resources
    }
    let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
    if BundleLayout.looksLikeBundleRoot(names) { return directory }
    if holdsMultiLanguageFiles(directory, names: names) { return directory }
    throw GlossaError.pack(directory.relativePath, problem: .nothingToPack)
  }

  /// Appends `folder`'s visible contents, sorted by name bytes, depth first.
  private static func collect(
    _ folder: URL, prefix: String, depth: Int, skipping output: URL,
    into entries: inout [PackEntry]
  ) throws {
    guard depth < 64 else { throw GlossaError.pack(folder.relativePath, problem: .nestedTooDeep(limit: 64)) }
    let fm = FileManager.default
    let names: [String]
    do {
      names = try fm.contentsOfDirectory(atPath: folder.path).sorted(by: byteOrder)
    } catch {
      throw GlossaError.pack(folder.relativePath, problem: .unreadable(reason: readReason(error)))
    }
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      if url.standardizedFileURL == output { continue }
      let path = "\(prefix)/\(name)"
      let attributes = try? fm.attributesOfItem(atPath: url.path)
      switch attributes?[.type] as? FileAttributeType {
      case .typeDirectory?:
        entries.append(PackEntry(path: path, url: nil, size: 0))
        try collect(url, prefix: path, depth: depth + 1, skipping: output, into: &entries)
      case .typeRegular?:
        let size = (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
        entries.append(PackEntry(path: path, url: url, size: size))
      case .typeSymbolicLink?:
        throw GlossaError.pack(url.relativePath, problem: .symbolicLink)
      default:
        throw GlossaError.pack(url.relativePath, problem: .notFileOrFolder)
      }
    }
  }
}
