import Foundation

/// Downloads remote bundles into a cache and decides, like the app does, when to ask the server again.
///
/// Within the bundle's refresh window the cached copy is used without network; after it, a
/// conditional GET (`If-None-Match` / `If-Modified-Since`) either renews the copy (`304`) or
/// replaces it (`200`). A new body is streamed to a temporary file and only renamed over the
/// cached one once it is complete, within limits, and recognised as a bundle.
public enum RemoteBundleCache {
  /// Returns a cached body for `url`, using the network only when `policy` says so.
  ///
  /// - Throws: `GlossaError.remote` when `url` is not http(s), when an offline fetch finds
  ///   nothing cached, or when the download fails and there is no cached copy to fall back on.
  public static func fetch(_ url: URL, policy: RemoteFetchPolicy) throws -> RemoteFetchResult {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { throw GlossaError.remote(url.absoluteString, problem: .notHTTP) }
    let entry = RemoteCacheEntry.load(for: url, in: policy.cacheDirectory)
    let now = policy.now()

    if policy.offline {
      guard let metadata = entry.metadata, let body = entry.bodyURL else {
        throw GlossaError.remote(url.absoluteString, problem: .notCached(cacheDirectory: policy.cacheDirectory.path))
      }
      return RemoteFetchResult(url: url, bodyURL: body, metadata: metadata, outcome: .offline)
    }
    if !policy.refresh, let metadata = entry.metadata, let body = entry.bodyURL,
      metadata.isFresh(at: now)
    {
      return RemoteFetchResult(url: url, bodyURL: body, metadata: metadata, outcome: .fresh)
    }
    do {
      return try download(url, entry: entry, policy: policy, now: now)
    } catch let error as GlossaError {
      guard let metadata = entry.metadata, let body = entry.bodyURL else {
        removeIfEmpty(entry.directory)
        throw error
      }
      let warning =
        "using cached copy from \(format(metadata.fetchedAt)), server said: \(error.message)"
      return RemoteFetchResult(
        url: url, bodyURL: body, metadata: metadata, outcome: .staleFallback, warning: warning)
    }
  }

  /// Every entry in the cache directory that has readable metadata, sorted by URL.
  public static func entries(in cacheDirectory: URL) -> [RemoteCacheEntry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)) ?? []
    return names.sorted().compactMap { name -> RemoteCacheEntry? in
      guard !name.hasPrefix(".") else { return nil }
      let entry = RemoteCacheEntry.load(
        directory: cacheDirectory.appendingPathComponent(name, isDirectory: true))
      return entry.metadata == nil ? nil : entry
    }.sorted { ($0.metadata?.url ?? "") < ($1.metadata?.url ?? "") }
  }

  /// Removes the cached copy of `url`, or every entry when `url` is nil; returns how many went.
  ///
  /// - Throws: `GlossaError` when an entry exists but cannot be removed.
  @discardableResult
  public static func clear(_ url: URL?, in cacheDirectory: URL) throws -> Int {
    let fm = FileManager.default
    var targets: [URL]
    if let url {
      targets = [RemoteCacheEntry.directory(for: url, in: cacheDirectory)]
    } else {
      let names = (try? fm.contentsOfDirectory(atPath: cacheDirectory.path)) ?? []
      targets = names.map { cacheDirectory.appendingPathComponent($0, isDirectory: true) }
        .filter { RemoteCacheEntry.load(directory: $0).metadata != nil || isEntryName($0) }
    }
    targets = targets.filter { fm.fileExists(atPath: $0.path) }
    for target in targets {
      do {
        try fm.removeItem(at: target)
      } catch {
        throw GlossaError.fileSystem(target.path, operation: .remove, reason: error.localizedDescription)
      }
    }
    return targets.count
  }

  /// Removes an entry directory a failed first download left empty.
  private static func removeIfEmpty(_ directory: URL) {
    let fm = FileManager.default
    if let contents = try? fm.contentsOfDirectory(atPath: directory.path), contents.isEmpty {
      try? fm.removeItem(at: directory)
    }
  }

  /// True for directory names the cache itself creates (32 hex digits).
  private static func isEntryName(_ url: URL) -> Bool {
    let name = url.lastPathComponent
    return name.count == 32 && name.allSatisfy { $0.isHexDigit }
  }

  /// `2026-11-21 18:30 UTC`-style date for messages.
  static func format(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
    return formatter.string(from: date)
  }
}
