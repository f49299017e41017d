import Foundation

/// One cached URL: a directory named after the URL's hash, holding the body and `metadata.json`.
public struct RemoteCacheEntry: Sendable {
  /// The entry's directory inside the cache directory.
  public var directory: URL
  /// The stored metadata, or nil when it is missing or unreadable.
  public var metadata: RemoteCacheMetadata?

  /// Name of the metadata file inside an entry directory.
  public static let metadataFileName = "metadata.json"

  /// The entry directory for `url` in `cacheDirectory` (first 32 hex digits of the URL's SHA-256).
  public static func directory(for url: URL, in cacheDirectory: URL) -> URL {
    let key = String(SHA256.hex(Data(url.absoluteString.utf8)).prefix(32))
    return cacheDirectory.appendingPathComponent(key, isDirectory: true)
  }

  /// The metadata file of this entry.
  public var metadataURL: URL { directory.appendingPathComponent(Self.metadataFileName) }

  /// The body file, when the metadata names one.
  public var bodyURL: URL? {
    metadata.map { directory.appendingPathComponent($0.bodyFileName) }
  }

  /// Reads the entry for `url`; `metadata` is nil when nothing usable is cached.
  public static func load(for url: URL, in cacheDirectory: URL) -> RemoteCacheEntry {
    load(directory: directory(for: url, in: cacheDirectory))
  }

  /// Reads the entry in `directory`. Metadata whose body is missing or of another size is ignored,
  /// so a half-written entry never counts as a good copy.
  public static func load(directory: URL) -> RemoteCacheEntry {
    var entry = RemoteCacheEntry(directory: directory, metadata: nil)
    guard let data = try? Data(contentsOf: entry.metadataURL),
      let metadata = try? RemoteCacheMetadata.decode(data, file: entry.metadataURL.path)
    else { return entry }
    let body = directory.appendingPathComponent(metadata.bodyFileName)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: body.path),
      let size = (attributes[.size] as? NSNumber)?.int64Value, size == metadata.size
    else { return entry }
    entry.metadata = metadata
    return entry
  }
}
