import Foundation

/// Where a bundle's table bytes are read from and written back to.
enum BundleStore: Sendable {
  /// Files under a directory.
  case directory(URL)
  /// Entries of a zip archive, whose directory was read once; the archive's stamp when opened.
  case zip(URL, ZipArchive, FileStamp?)
  /// One file (a table, or a file of every language).
  case file(URL)
  /// Tables built in memory, by path those not handed out yet: nothing is ever written.
  case memory([String: LocaleTable])

  /// The bytes of the file at bundle-relative `path` (a zip's entry number `entry`) and, for a
  /// file on disk, its stamp taken before reading.
  /// - Throws: `GlossaError` when a zip entry is damaged or a file cannot be read.
  func read(_ path: String, entry: Int, bundle name: String) throws -> (Data, FileStamp?) {
    switch self {
    case .directory(let root):
      let url = root.appendingPathComponent(path)
      let stamp = FileStamp.of(url.path)
      do { return (try Data(contentsOf: url), stamp) } catch {
        throw GlossaError.readFailed(LocalizationBundle.join(name, path), reason: error.localizedDescription)
      }
    case .zip(let url, let reader, _):
      do throws(ArchiveProblem) { return (try reader.data(at: entry), nil) } catch { throw error.error(archive: url) }
    case .file(let url):
      let stamp = FileStamp.of(url.path)
      do { return (try Data(contentsOf: url), stamp) } catch {
        throw GlossaError.readFailed(name, reason: error.localizedDescription)
      }
    case .memory:
      // Its unread tables are handed out whole (`LocalizationBundle.readTable`), never as bytes.
      throw GlossaError.readFailed(name, reason: "the bundle was built in memory")
    }
  }

  /// `read` as an array of bytes: a file on disk is read straight into it (`FileBytes`), a zip
  /// entry inflated straight into it, anything unusual the ordinary way.
  func readBytes(_ path: String, entry: Int, bundle name: String) throws -> ([UInt8], FileStamp?) {
    let url: URL? =
      switch self {
      case .directory(let root): root.appendingPathComponent(path)
      case .file(let url): url
      case .zip, .memory: nil
      }
    if let url {
      let stamp = FileStamp.of(url.path)
      if let bytes = FileBytes.read(url.path) { return (bytes, stamp) }
    }
    if case .zip(let url, let reader, _) = self {
      do throws(ArchiveProblem) { return (try reader.bytes(at: entry), nil) } catch { throw error.error(archive: url) }
    }
    let (data, stamp) = try read(path, entry: entry, bundle: name)
    return ([UInt8](data), stamp)
  }

  /// Where the table file at bundle-relative `path` lives on disk: under a directory, or the one
  /// file itself; nil for a zip entry or a table in memory.
  func fileURL(of path: String) -> URL? {
    switch self {
    case .directory(let root): root.appendingPathComponent(path)
    case .file(let url): url
    case .zip, .memory: nil
    }
  }

  /// The folder a save may write in through symbolic links: a directory bundle's root; nil for a
  /// file named on its own (its link is followed wherever it points).
  var linkRoot: URL? {
    if case .directory(let root) = self { return root }
    return nil
  }

  /// The directory whose lock a save holds: the bundle root, or the folder of the zip or file.
  var lockDirectory: URL? {
    switch self {
    case .directory(let root): root
    case .zip(let url, _, _), .file(let url): url.deletingLastPathComponent()
    case .memory: nil
    }
  }
}

extension LocalizationBundle {
  /// `name/path` for a directory bundle's file.
  static func join(_ name: String, _ path: String) -> String {
    (name.hasSuffix("/") ? name : name + "/") + path
  }
}
