import ArgumentParser
import Foundation
import GlossaCore

#if canImport(Glibc)
  import Glibc
#endif

/// The flags every bundle-taking command accepts for `http(s)://` arguments.
///
/// Include with `@OptionGroup var remote: RemoteOptions` and pass `remote.policy()` as
/// `BundleLoadOptions.remote`.
struct RemoteOptions: ParsableArguments {
  @Option(
    name: .customLong("cache-dir"),
    help: ArgumentHelp(
      "Where downloaded bundles are kept (default: $XDG_CACHE_HOME/glossa, else ~/.cache/glossa).", valueName: "dir"))
  var cacheDirectory: String?

  @Flag(help: "Ask the server now, even if the cached copy is within its refresh window.")
  var refresh = false

  @Flag(help: "Never touch the network: use the cached copy or fail.")
  var offline = false

  @Option(
    help: ArgumentHelp(
      "Limit for a whole download, in seconds (connecting gets a shorter limit).", valueName: "seconds"))
  var timeout: Double = RemoteFetchPolicy.defaultTimeout

  @Option(
    name: .customLong("max-download-size"),
    help: ArgumentHelp("Largest download accepted, in bytes (default: 256 MiB).", valueName: "bytes"))
  var maxDownloadSize: Int64 = RemoteFetchPolicy.defaultMaxDownloadSize

  func validate() throws {
    if refresh && offline { throw ValidationError("--refresh and --offline cannot be used together") }
    guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
    guard maxDownloadSize > 0 else { throw ValidationError("--max-download-size must be a positive number of bytes") }
  }

  /// The cache directory these flags select.
  var cacheURL: URL {
    if let cacheDirectory {
      return URL(fileURLWithPath: (cacheDirectory as NSString).expandingTildeInPath, isDirectory: true)
    }
    return RemoteFetchPolicy.defaultCacheDirectory()
  }

  /// The fetch policy: stale-copy warnings go to stderr, and a progress bar is drawn on stderr
  /// for downloads that last more than a second when stderr is a terminal.
  func policy() -> RemoteFetchPolicy {
    var progress: (@Sendable (RemoteProgress) -> Void)?
    if let bar = ProgressBar.forStandardError() {
      progress = { update in bar.update(update) }
    }
    let onResult: @Sendable (RemoteFetchResult) -> Void = { result in
      if let warning = result.warning { CLI.warn(warning) }
    }
    return RemoteFetchPolicy(
      cacheDirectory: cacheURL, refresh: refresh, offline: offline, timeout: timeout,
      maxDownloadSize: maxDownloadSize, progress: progress, onResult: onResult)
  }
}

/// A one-line download progress bar on stderr, shown only for downloads that last over a second.
///
/// A class because it owns the terminal line it draws on; updates arrive from the download queue.
final class ProgressBar: @unchecked Sendable {
  private let lock = NSLock()
  private var drawn = false
  private var lastDraw: TimeInterval = -1

  /// A bar when stderr is a terminal, else nil.
  static func forStandardError() -> ProgressBar? {
    isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
  }

  /// Redraws (at most ten times a second) or, for the final report, clears the line.
  func update(_ progress: RemoteProgress) {
    lock.withLock {
      if progress.isFinished {
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
        return
      }
      guard progress.elapsed >= 1, progress.elapsed - lastDraw >= 0.1 || !drawn else { return }
      lastDraw = progress.elapsed
      drawn = true
      write("\r\u{1B}[2K" + Self.line(progress))
    }
  }

  /// `downloading [#########...........] 1.2 MiB of 4.0 MiB` (no bar when the size is unknown).
  static func line(_ progress: RemoteProgress) -> String {
    let received = bytes(progress.receivedBytes)
    guard let expected = progress.expectedBytes, expected > 0 else {
      return "downloading \(received)"
    }
    let width = 24
    let filled = min(width, Int(Double(progress.receivedBytes) / Double(expected) * Double(width)))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "downloading [\(bar)] \(received) of \(bytes(expected))"
  }

  /// `512 B`, `12.3 KiB`, `4.0 MiB`.
  static func bytes(_ count: Int64) -> String {
    if count < 1024 { return "\(count) B" }
    let units = ["KiB", "MiB", "GiB"]
    var value = Double(count) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return String(format: "%.1f", value) + " " + units[unit]
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
