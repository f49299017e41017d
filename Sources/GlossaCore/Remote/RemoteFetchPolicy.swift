import Foundation

/// Bytes received so far during a download, reported to the caller's progress closure.
public struct RemoteProgress: Sendable, Hashable {
  /// Body bytes received so far.
  public var receivedBytes: Int64
  /// The body size the server announced (`Content-Length`), if any.
  public var expectedBytes: Int64?
  /// Seconds since the request started.
  public var elapsed: TimeInterval
  /// True for the last report of a request, sent once whether it succeeded or failed.
  public var isFinished: Bool

  public init(receivedBytes: Int64, expectedBytes: Int64?, elapsed: TimeInterval, isFinished: Bool = false) {
    self.receivedBytes = receivedBytes
    self.expectedBytes = expectedBytes
    self.elapsed = elapsed
    self.isFinished = isFinished
  }
}

/// How a remote bundle may be fetched: where the cache lives, when to use the network, and limits.
public struct RemoteFetchPolicy: Sendable {
  /// The cache directory (`$XDG_CACHE_HOME/glossa`, else `~/.cache/glossa`, unless overridden).
  public var cacheDirectory: URL
  /// Check the server now even if the cached copy is within its refresh window.
  public var refresh: Bool
  /// Never touch the network; use the cached copy or fail.
  public var offline: Bool
  /// Limit in seconds for the whole request, from connect to the last body byte.
  public var timeout: TimeInterval
  /// Limit in seconds for establishing the connection and for any silence on it.
  public var connectTimeout: TimeInterval
  /// Largest body accepted, enforced while streaming.
  public var maxDownloadSize: Int64
  /// Most redirects followed before giving up.
  public var maxRedirects: Int
  /// The current time; injected so tests can move through refresh windows without sleeping.
  public var now: @Sendable () -> Date
  /// Called on the download's queue as body bytes arrive.
  public var progress: (@Sendable (RemoteProgress) -> Void)?
  /// Called by loaders that fetch on the caller's behalf (`LocalizationBundle.load`) with each
  /// result, so the caller can show `warning` (a stale copy was used).
  public var onResult: (@Sendable (RemoteFetchResult) -> Void)?

  /// Default whole-request timeout in seconds.
  public static let defaultTimeout: TimeInterval = 60
  /// Default download limit: 256 MiB.
  public static let defaultMaxDownloadSize: Int64 = 256 * 1024 * 1024
  /// Redirects followed at most.
  public static let defaultMaxRedirects = 5

  public init(
    cacheDirectory: URL = RemoteFetchPolicy.defaultCacheDirectory(),
    refresh: Bool = false, offline: Bool = false,
    timeout: TimeInterval = RemoteFetchPolicy.defaultTimeout, connectTimeout: TimeInterval? = nil,
    maxDownloadSize: Int64 = RemoteFetchPolicy.defaultMaxDownloadSize,
    maxRedirects: Int = RemoteFetchPolicy.defaultMaxRedirects,
    now: @escaping @Sendable () -> Date = { Date() },
    progress: (@Sendable (RemoteProgress) -> Void)? = nil,
    onResult: (@Sendable (RemoteFetchResult) -> Void)? = nil
  ) {
    self.cacheDirectory = cacheDirectory
    self.refresh = refresh
    self.offline = offline
    self.timeout = timeout
    self.connectTimeout = connectTimeout ?? RemoteFetchPolicy.connectTimeout(for: timeout)
    self.maxDownloadSize = maxDownloadSize
    self.maxRedirects = maxRedirects
    self.now = now
    self.progress = progress
    self.onResult = onResult
  }

  /// The connect timeout used for a whole-request timeout: a quarter of it, between 1 and 15 seconds.
  public static func connectTimeout(for timeout: TimeInterval) -> TimeInterval {
    min(timeout, max(1, min(15, timeout / 4)))
  }

  /// `$XDG_CACHE_HOME/glossa` when that variable is an absolute path, else `~/.cache/glossa`.
  public static func defaultCacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("glossa")
    }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".cache").appendingPathComponent("glossa")
  }
}
