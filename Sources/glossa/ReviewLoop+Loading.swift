import Foundation
import GlossaCore
import GlossaTUI

/// The bundles of a review, loaded off the main loop.
struct LoadedBundles: Sendable {
  var local: LocalizationBundle
  var remote: LocalizationBundle?
  /// When the remote bundle's cached copy was fetched, for a URL argument.
  var remoteFetchedAt: Date?
}

/// Holds the result of the background load until the loop picks it up.
final class LoadBox: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<LoadedBundles, GlossaError>?
  private var stage = "Loading"
  private var fetchedAt: Date?

  func set(fetchedAt: Date) {
    lock.lock()
    self.fetchedAt = fetchedAt
    lock.unlock()
  }

  var remoteFetchedAt: Date? {
    lock.lock()
    defer { lock.unlock() }
    return fetchedAt
  }

  func set(_ value: Result<LoadedBundles, GlossaError>) {
    lock.lock()
    result = value
    lock.unlock()
  }

  func set(stage: String) {
    lock.lock()
    self.stage = stage
    lock.unlock()
  }

  func read() -> (Result<LoadedBundles, GlossaError>?, String) {
    lock.lock()
    defer { lock.unlock() }
    return (result, stage)
  }
}

extension ReviewLoop {
  /// What ended the loading screen.
  enum LoadOutcome {
    case loaded(LoadedBundles)
    case failed(GlossaError)
    /// The user quit (q, Ctrl-C) or a signal arrived; the exit status.
    case cancelled(Int32)
  }

  /// Loads the bundles on a background thread while a progress screen keeps input alive.
  static func load(
    local: String, remote: String?, options: BundleLoadOptions, terminal: CursesTerminal
  ) -> LoadOutcome {
    let box = LoadBox()
    Thread.detachNewThread {
      do {
        box.set(stage: "Loading \(local)")
        let localBundle = try LocalizationBundle.load(local, options: options)
        var remoteBundle: LocalizationBundle?
        if let remote {
          box.set(stage: "Loading \(remote)")
          var remoteOptions = options
          remoteOptions.remote.onResult = { result in box.set(fetchedAt: result.metadata.fetchedAt) }
          remoteBundle = try LocalizationBundle.load(remote, options: remoteOptions)
        }
        box.set(
          .success(LoadedBundles(local: localBundle, remote: remoteBundle, remoteFetchedAt: box.remoteFetchedAt)))
      } catch let error as GlossaError {
        box.set(.failure(error))
      } catch {
        box.set(.failure(GlossaError("\(error)")))
      }
    }
    let start = Date()
    var shown = false
    while true {
      let (result, stage) = box.read()
      switch result {
      case .success(let bundles): return .loaded(bundles)
      case .failure(let error): return .failed(error)
      case nil: break
      }
      let elapsed = Date().timeIntervalSince(start)
      // Small bundles load before a progress screen would be worth a flicker.
      if elapsed > 0.15 || shown {
        let size = terminal.size
        terminal.draw(LoadingView.render(width: size.width, height: size.height, message: stage, seconds: elapsed))
        shown = true
      }
      switch terminal.read(timeout: 50) {
      case .key(.char("q")), .key(.ctrl("c")): return .cancelled(130)
      case .signal(let signal): return .cancelled(128 + signal)
      default: break
      }
    }
  }
}
