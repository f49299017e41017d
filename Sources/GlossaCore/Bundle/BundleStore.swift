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

  /// The bytes of a listed file and, for a file on disk, its stamp taken before reading.
  /// - Throws: `GlossaError` when a zip entry is damaged or a file cannot be read.
  func read(_ file: ListedFile, bundle name: String) throws -> (Data, FileStamp?) {
    switch self {
    case .directory(let root):
      let url = root.appendingPathComponent(file.path)
      let stamp = FileStamp.of(url.path)
      do { return (try Data(contentsOf: url), stamp) } catch {
        throw GlossaError.readFailed(LocalizationBundle.join(name, file.path), reason: error.localizedDescription)
      }
    case .zip(let url, let reader, _):
      do throws(ArchiveProblem) { return (try reader.data(at: file.entry), nil) } catch { throw error.error(archive: url) }
    case .file(let url):
      let stamp = FileStamp.of(url.path)
      do { return (try Data(contentsOf: url), stamp) } catch {
        throw GlossaError.readFailed(name, reason: error.localizedDescription)
      }
    case .memory(let unread):
      guard let table = unread[file.path] else {
        throw GlossaError.readFailed(name, reason: "the bundle was built in memory")
      }
      return (table.document.serialized(), nil)
    }
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
