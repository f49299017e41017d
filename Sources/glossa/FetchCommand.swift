import ArgumentParser
import Foundation
import GlossaCore

struct FetchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fetch",
    abstract: "Download a remote bundle into the cache, as the app would, and show what is cached.",
    discussion: """
      Within the bundle's NMBundleRefreshRate days (1 when absent) of the last fetch the cached copy \
      is used without network; after that the server is asked with If-None-Match/If-Modified-Since. \
      Prints the cached file, size, SHA-256, ETag, Last-Modified, when it was fetched and when the \
      app would refresh next.
      """)

  @Argument(help: "http:// or https:// URL of a bundle zip or of one .strings/.json table.")
  var url: String

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @OptionGroup var remote: RemoteOptions

  func run() throws {
    guard let target = BundleSource.remoteURL(url), target.host != nil else {
      throw ValidationError("\(url) is not an http:// or https:// URL")
    }
    let result = try RemoteBundleCache.fetch(target, policy: remote.policy())
    if let warning = result.warning { CLI.warn(warning) }
    switch format {
    case .text: CLI.outText(Self.text(result))
    case .json: CLI.out(Self.json(result))
    }
  }

  static func text(_ result: RemoteFetchResult) -> String {
    let m = result.metadata
    var lines = [
      ("url", m.url), ("status", describe(result.outcome)), ("path", result.bodyURL.path),
      ("kind", m.kind.rawValue), ("size", "\(m.size) bytes"), ("sha256", m.sha256),
    ]
    if let final = m.finalURL { lines.append(("redirected to", final)) }
    lines.append(("etag", m.etag ?? "(none)"))
    lines.append(("last-modified", m.lastModified ?? "(none)"))
    lines.append(("fetched at", CacheDates.text(m.fetchedAt)))
    lines.append(("refresh rate", "\(CacheDates.days(m.refreshRateDays))"))
    lines.append(("next refresh", CacheDates.text(m.nextRefresh)))
    return lines.map { "\($0.0):".padding(toLength: 15, withPad: " ", startingAt: 0) + $0.1 + "\n" }.joined()
  }

  static func json(_ result: RemoteFetchResult) -> String {
    let m = result.metadata
    var out = JSONWriter()
    out.beginObject()
    out.field("url", m.url)
    out.field("status", result.outcome.rawValue)
    out.field("path", result.bodyURL.path)
    out.field("kind", m.kind.rawValue)
    out.field("size", Int(m.size))
    out.field("sha256", m.sha256)
    out.field("finalURL", m.finalURL)
    out.field("etag", m.etag)
    out.field("lastModified", m.lastModified)
    out.field("fetchedAt", CacheDates.iso(m.fetchedAt))
    out.field("refreshRateSeconds", Int(m.refreshRateDays * 86_400))
    out.field("nextRefresh", CacheDates.iso(m.nextRefresh))
    out.field("warning", result.warning)
    out.endObject()
    return out.text
  }

  static func describe(_ outcome: RemoteFetchOutcome) -> String {
    switch outcome {
    case .fresh: "cached copy within its refresh window (no network)"
    case .downloaded: "downloaded"
    case .notModified: "not modified on the server (304); cached copy renewed"
    case .offline: "cached copy (--offline)"
    case .staleFallback: "server failed; using the older cached copy"
    }
  }
}

/// Date formats shared by `fetch` and `cache list`.
enum CacheDates {
  /// `2026-11-21 18:30:00 UTC`.
  static func text(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
    return formatter.string(from: date)
  }

  /// ISO 8601 for JSON.
  static func iso(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }

  /// `1 day`, `3 days`, `0.5 days`.
  static func days(_ value: Double) -> String {
    let number = value == value.rounded() ? String(Int(value)) : String(value)
    return value == 1 ? "1 day" : "\(number) days"
  }
}
