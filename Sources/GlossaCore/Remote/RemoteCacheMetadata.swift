import Foundation

/// What the cache knows about one downloaded body; stored as `metadata.json` beside it.
public struct RemoteCacheMetadata: Sendable, Hashable, Codable {
  /// The URL as requested (before redirects).
  public var url: String
  /// The URL the body finally came from, after redirects.
  public var finalURL: String?
  /// The server's `ETag`, sent back as `If-None-Match`.
  public var etag: String?
  /// The server's `Last-Modified`, sent back as `If-Modified-Since`.
  public var lastModified: String?
  /// When the body was downloaded or last confirmed unchanged by a `304`.
  public var fetchedAt: Date
  /// Body size in bytes.
  public var size: Int64
  /// SHA-256 of the body, 64 lowercase hex digits.
  public var sha256: String
  /// What the body's bytes are.
  public var kind: RemoteBodyKind
  /// Days between refreshes: the bundle's `NMBundleRefreshRate`, or 1 when absent.
  public var refreshRateDays: Double
  /// The body file's name inside the entry directory (`body.zip`, or the URL's own `Localizable.strings`).
  public var bodyFileName: String

  public init(
    url: String, finalURL: String? = nil, etag: String? = nil, lastModified: String? = nil,
    fetchedAt: Date, size: Int64, sha256: String, kind: RemoteBodyKind,
    refreshRateDays: Double = 1, bodyFileName: String
  ) {
    self.url = url
    self.finalURL = finalURL
    self.etag = etag
    self.lastModified = lastModified
    self.fetchedAt = fetchedAt
    self.size = size
    self.sha256 = sha256
    self.kind = kind
    self.refreshRateDays = refreshRateDays
    self.bodyFileName = bodyFileName
  }

  /// When the app would next check the server: `fetchedAt` plus the refresh rate.
  public var nextRefresh: Date { fetchedAt.addingTimeInterval(refreshRateDays * 86_400) }

  /// True when `date` is within the refresh window that started at `fetchedAt`.
  public func isFresh(at date: Date) -> Bool {
    date >= fetchedAt && date < nextRefresh
  }

  /// The metadata as pretty, key-sorted JSON with ISO 8601 dates.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }

  /// Decodes metadata written by `encoded()`.
  ///
  /// - Throws: `GlossaError.readFailed` naming `file` when the JSON is not cache metadata.
  public static func decode(_ data: Data, file: String) throws -> RemoteCacheMetadata {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      return try decoder.decode(RemoteCacheMetadata.self, from: data)
    } catch {
      throw GlossaError.readFailed(file, reason: "not glossa cache metadata: \(error.localizedDescription)")
    }
  }
}
