import ArgumentParser
import Foundation
import GlossaCore

struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache",
    abstract: "List or clear downloaded bundles.",
    subcommands: [CacheListCommand.self, CacheClearCommand.self])
}

/// The one flag the cache subcommands share.
struct CacheDirectoryOption: ParsableArguments {
  @Option(
    name: .customLong("cache-dir"),
    help: ArgumentHelp("The cache directory (default: $XDG_CACHE_HOME/glossa, else ~/.cache/glossa).", valueName: "dir")
  )
  var cacheDirectory: String?

  var url: URL {
    if let cacheDirectory {
      return URL(fileURLWithPath: (cacheDirectory as NSString).expandingTildeInPath, isDirectory: true)
    }
    return RemoteFetchPolicy.defaultCacheDirectory()
  }
}

struct CacheListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Show every cached URL with its size, date and next refresh.")

  @OptionGroup var cache: CacheDirectoryOption

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  func run() throws {
    let entries = RemoteBundleCache.entries(in: cache.url).compactMap { entry in
      entry.metadata.map { (entry, $0) }
    }
    switch format {
    case .text:
      if entries.isEmpty {
        CLI.out("no cached bundles in \(cache.url.path)\n")
        return
      }
      var out = ""
      for (entry, m) in entries {
        out += "\(m.url)\n"
        out += "  \(m.kind.rawValue), \(m.size) bytes, sha256 \(m.sha256.prefix(16))…\n"
        out += "  fetched \(CacheDates.text(m.fetchedAt)), next refresh \(CacheDates.text(m.nextRefresh))\n"
        out += "  \(entry.directory.appendingPathComponent(m.bodyFileName).path)\n"
      }
      CLI.outText(out)
    case .json:
      var out = JSONWriter()
      out.beginArray()
      for (entry, m) in entries {
        out.beginObject()
        out.field("url", m.url)
        out.field("path", entry.directory.appendingPathComponent(m.bodyFileName).path)
        out.field("kind", m.kind.rawValue)
        out.field("size", Int(m.size))
        out.field("sha256", m.sha256)
        out.field("etag", m.etag)
        out.field("lastModified", m.lastModified)
        out.field("fetchedAt", CacheDates.iso(m.fetchedAt))
        out.field("nextRefresh", CacheDates.iso(m.nextRefresh))
        out.endObject()
      }
      out.endArray()
      CLI.out(out.text)
    }
  }
}

struct CacheClearCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear", abstract: "Remove the cached copy of one URL, or of every URL.")

  @Argument(help: "The URL to forget; every cached bundle when omitted.")
  var url: String?

  @OptionGroup var cache: CacheDirectoryOption

  func run() throws {
    var target: URL?
    if let url {
      guard let parsed = BundleSource.remoteURL(url), parsed.host != nil else {
        throw ValidationError("\(url) is not an http:// or https:// URL")
      }
      target = parsed
    }
    let removed = try RemoteBundleCache.clear(target, in: cache.url)
    if let url {
      CLI.out(removed == 0 ? "\(url) was not cached\n" : "removed the cached copy of \(url)\n")
    } else {
      CLI.out("removed \(removed) cached bundle\(removed == 1 ? "" : "s") from \(cache.url.path)\n")
    }
  }
}
