import Foundation

/// How a fetch obtained the body it returns.
public enum RemoteFetchOutcome: String, Sendable, Hashable {
  /// The cached copy was within its refresh window; no network was used.
  case fresh
  /// The server sent a new body (`200`), now in the cache.
  case downloaded
  /// The server answered `304 Not Modified`; the cached body was kept and its date renewed.
  case notModified
  /// `--offline`: the cached copy was used without touching the network.
  case offline
  /// The network or server failed; the older cached copy was used (see `warning`).
  case staleFallback = "stale-fallback"
}

/// A cached body ready to be opened, with what the cache knows about it.
public struct RemoteFetchResult: Sendable {
  /// The URL that was asked for.
  public var url: URL
  /// The cached body file (`…/body.zip`, or `…/Localizable.strings` named after the URL).
  public var bodyURL: URL
  /// The metadata stored beside the body.
  public var metadata: RemoteCacheMetadata
  /// How this result came about.
  public var outcome: RemoteFetchOutcome
  /// For `staleFallback`: "using cached copy from <date>, server said …", for stderr.
  public var warning: String?

  public init(
    url: URL, bodyURL: URL, metadata: RemoteCacheMetadata, outcome: RemoteFetchOutcome,
    warning: String? = nil
  ) {
    self.url = url
    self.bodyURL = bodyURL
    self.metadata = metadata
    self.outcome = outcome
    self.warning = warning
  }

  /// The same as `warning`, under the name the loader contract uses.
  public var usedStaleCopy: String? { warning }

  /// The language a single-table URL implies (`…/de.lproj/Localizable.strings` → `de`).
  public var languageHint: String? {
    url.pathComponents.lazy.reversed().compactMap { BundleLayout.language(ofFolder: $0) }.first
  }
}
