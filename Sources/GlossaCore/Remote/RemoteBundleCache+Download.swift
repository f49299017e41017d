import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RemoteBundleCache {
  /// Asks the server (conditionally when a copy is cached) and commits a new body to the cache.
  static func download(
    _ url: URL, entry: RemoteCacheEntry, policy: RemoteFetchPolicy, now: Date
  ) throws -> RemoteFetchResult {
    let fm = FileManager.default
    do {
      try fm.createDirectory(at: entry.directory, withIntermediateDirectories: true)
    } catch {
      throw GlossaError.fileSystem(entry.directory.path, operation: .createFolder, reason: error.localizedDescription)
    }
    removeAbandonedDownloads(in: entry.directory, now: Date())
    var headers: [String: String] = [:]
    if let metadata = entry.metadata {
      if let etag = metadata.etag { headers["If-None-Match"] = etag }
      if let lastModified = metadata.lastModified { headers["If-Modified-Since"] = lastModified }
    }
    let temp = entry.directory.appendingPathComponent(
      ".download-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).partial")
    defer { try? fm.removeItem(at: temp) }
    let response = try HTTPDownload(url: url, headers: headers, destination: temp, policy: policy).run()

    switch response.statusCode {
    case 304:
      guard var metadata = entry.metadata, let body = entry.bodyURL else {
        throw GlossaError.remote(url.absoluteString, problem: .notModifiedWithoutCopy)
      }
      metadata.fetchedAt = now
      if let etag = response.headers["etag"] { metadata.etag = etag }
      if let lastModified = response.headers["last-modified"] { metadata.lastModified = lastModified }
      try writeMetadata(metadata, in: entry)
      return RemoteFetchResult(url: url, bodyURL: body, metadata: metadata, outcome: .notModified)
    case 200:
      let kind: RemoteBodyKind
      do { kind = try RemoteBodyKind.sniff(response.head) } catch {
        throw GlossaError.remote(response.finalURL.absoluteString, problem: error)
      }
      var refreshDays: Double = 1  // the app's default when the bundle does not say
      if kind == .zip, let plist = try RemoteZipInspection.inspect(temp, url: url).infoPlist,
        let info = InfoPlist.parse(plist, file: url.absoluteString + ":Info.plist").0
      {
        refreshDays = info.effectiveRefreshRateDays
      }
      let bodyName = bodyFileName(for: response.finalURL, kind: kind)
      let body = entry.directory.appendingPathComponent(bodyName)
      guard rename(temp.path, body.path) == 0 else {
        throw GlossaError.writeFailed(body.path, reason: String(cString: strerror(errno)))
      }
      let metadata = RemoteCacheMetadata(
        url: url.absoluteString,
        finalURL: response.finalURL == url ? nil : response.finalURL.absoluteString,
        etag: response.headers["etag"], lastModified: response.headers["last-modified"],
        fetchedAt: now, size: response.size, sha256: response.sha256, kind: kind,
        refreshRateDays: refreshDays, bodyFileName: bodyName)
      try writeMetadata(metadata, in: entry)
      if let old = entry.metadata?.bodyFileName, old != bodyName {
        try? fm.removeItem(at: entry.directory.appendingPathComponent(old))
      }
      return RemoteFetchResult(url: url, bodyURL: body, metadata: metadata, outcome: .downloaded)
    default:
      throw GlossaError.remote(url.absoluteString, problem: .status(response.statusCode))
    }
  }

  /// Removes `.partial` files that a killed process left behind more than an hour ago.
  static func removeAbandonedDownloads(in directory: URL, now: Date) {
    let fm = FileManager.default
    let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(".download-") && name.hasSuffix(".partial") {
      let file = directory.appendingPathComponent(name)
      if let modified = (try? fm.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
        now.timeIntervalSince(modified) > 3600
      {
        try? fm.removeItem(at: file)
      }
    }
  }

  /// The URL's own file name when its extension agrees with the sniffed kind (so a loader names
  /// the table `Localizable`), else `body.<kind>`.
  static func bodyFileName(for url: URL, kind: RemoteBodyKind) -> String {
    let name = url.lastPathComponent
    let safe =
      !name.hasPrefix(".") && name != RemoteCacheEntry.metadataFileName && !name.contains("/")
      && name.count <= 200
    if safe, kind != .zip, (name as NSString).pathExtension.lowercased() == kind.fileExtension {
      return name
    }
    return "body.\(kind.fileExtension)"
  }

  private static func writeMetadata(_ metadata: RemoteCacheMetadata, in entry: RemoteCacheEntry) throws {
    let data: Data
    do {
      data = try metadata.encoded()
    } catch {
      throw GlossaError.writeFailed(entry.metadataURL.path, reason: "cannot encode it: \(error.localizedDescription)")
    }
    try AtomicFile.write(data, to: entry.metadataURL)
  }
}

/// Reason phrases for the status codes a bundle server is likely to answer with.
enum HTTPURLResponseText {
  static func reason(for status: Int) -> String {
    switch status {
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 410: "Gone"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "(unexpected status)"
    }
  }
}
