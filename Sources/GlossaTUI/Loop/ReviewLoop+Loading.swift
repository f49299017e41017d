import Foundation
import GlossaCore

/// The bundles of a review as far as they are read before the first screen, and what reads the rest.
public struct OpenedBundles: Sendable {
  public var local: LocalizationBundle
  public var remote: LocalizationBundle?
  /// When the remote bundle's cached copy was fetched, for a URL argument.
  public var remoteFetchedAt: Date?
  /// Set when the server could not be reached and a cached copy is shown instead.
  public var remoteWarning: String?
  /// Reads the languages not read yet.
  public var loader: LanguageLoader
}

/// Reads the tables of languages of both bundles off the loop, from copies of the bundles as
/// opened; the state adds them to its own bundles (`LocalizationBundle.insert`).
public struct LanguageLoader: Sendable {
  public var local: LocalizationBundle?
  public var remote: LocalizationBundle?
  /// A pause before each batch (`GLOSSA_TEST_LOAD_DELAY_MS`): lets end-to-end tests act while
  /// the load is still running, whatever the machine's speed.
  public var pause: TimeInterval = 0

  public init(local: LocalizationBundle? = nil, remote: LocalizationBundle? = nil, pause: TimeInterval = 0) {
    self.local = local
    self.remote = remote
    self.pause = pause
  }

  /// The tables of `languages` on both sides.
  public func load(_ languages: [String]) throws -> LoadedLanguages {
    let wanted = Set(languages)
    // Free-form: the review always opens a local bundle before it loads languages; only a
    // loader made empty (the default of tests that load nothing) has none.
    guard let local else { throw GlossaError.invalid("no bundle to read") }
    return LoadedLanguages(
      languages: languages, local: try local.read(languages: wanted), remote: try remote?.read(languages: wanted))
  }

  /// Opens both bundles the same way, whatever each argument is (directory, zip, file, URL),
  /// and reads what the first screen shows: the source language, the language shown first
  /// (`showing`, else the first translation) and its relatives. The rest is read in the background.
  public static func open(
    local: String, remote: String?, showing: String?, options: BundleLoadOptions,
    stage: @escaping @Sendable (String) -> Void = { _ in },
    fetched: @escaping @Sendable (Date, String?) -> Void = { _, _ in }
  ) throws -> OpenedBundles {
    stage("Reading \(local)")
    var localBundle = try LocalizationBundle.open(local, options: options)
    var remoteBundle: LocalizationBundle?
    if let remote {
      stage("Reading \(remote)")
      var remoteOptions = options
      remoteOptions.remote.onResult = { result in fetched(result.metadata.fetchedAt, result.warning) }
      remoteBundle = try LocalizationBundle.open(remote, options: remoteOptions)
    }
    let all = LocalizationBundle.ordered(
      Set(localBundle.languages).union(remoteBundle?.languages ?? []), development: localBundle.developmentLanguage)
    let shown = showing.flatMap { all.contains($0) ? $0 : nil } ?? all[safe: AppState.firstShown(in: all)]
    var first = localBundle.firstLanguages(showing: shown) + (remoteBundle?.firstLanguages(showing: shown) ?? [])
    if let shown { first.append(shown) }
    stage("Reading \(Set(first).sorted().joined(separator: ", "))")
    let loader = LanguageLoader(local: localBundle, remote: remoteBundle)
    try localBundle.load(languages: first)
    try remoteBundle?.load(languages: first)
    return OpenedBundles(local: localBundle, remote: remoteBundle, remoteFetchedAt: nil, loader: loader)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// The languages still to read, in order; the loop moves the one the user looks at to the front.
final class LoadQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var order: [String] = []

  /// Replaces the queue.
  func set(_ languages: [String]) {
    lock.lock()
    order = languages
    lock.unlock()
  }

  /// Reads `language` next, if it is still queued.
  func prioritize(_ language: String) {
    lock.lock()
    if let index = order.firstIndex(of: language) {
      order.remove(at: index)
      order.insert(language, at: 0)
    }
    lock.unlock()
  }

  /// Takes up to `count` languages off the front.
  func next(_ count: Int) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    let batch = Array(order.prefix(count))
    order.removeFirst(batch.count)
    return batch
  }
}

/// Holds the result of the first read until the loop picks it up.
final class LoadBox: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<OpenedBundles, GlossaError>?
  private var stage = "Loading"
  private var fetchedAt: Date?
  private var warning: String?

  func set(fetchedAt: Date, warning: String?) {
    lock.lock()
    self.fetchedAt = fetchedAt
    self.warning = warning
    lock.unlock()
  }

  /// Why a cached copy stood in for the download (the server could not be reached), if it did.
  var remoteWarning: String? {
    lock.lock()
    defer { lock.unlock() }
    return warning
  }

  var remoteFetchedAt: Date? {
    lock.lock()
    defer { lock.unlock() }
    return fetchedAt
  }

  func set(_ value: Result<OpenedBundles, GlossaError>) {
    lock.lock()
    result = value
    lock.unlock()
  }

  func set(stage: String) {
    lock.lock()
    self.stage = stage
    lock.unlock()
  }

  func read() -> (Result<OpenedBundles, GlossaError>?, String) {
    lock.lock()
    defer { lock.unlock() }
    return (result, stage)
  }
}

extension ReviewLoop {
  /// What ended the loading screen.
  public enum LoadOutcome {
    case loaded(OpenedBundles)
    case failed(GlossaError)
    /// The user quit (q, Ctrl-C) or a signal arrived; the exit status.
    case cancelled(Int32)
  }

  /// Reads what the first screen needs on a background thread while a progress screen (shown
  /// only when it takes a while) keeps input alive.
  public static func load(
    local: String, remote: String?, showing: String?, options: BundleLoadOptions, terminal: any ReviewTerminal
  ) -> LoadOutcome {
    let box = LoadBox()
    Thread.detachNewThread {
      do {
        var opened = try LanguageLoader.open(
          local: local, remote: remote, showing: showing, options: options,
          stage: { box.set(stage: $0) }, fetched: { box.set(fetchedAt: $0, warning: $1) })
        opened.remoteFetchedAt = box.remoteFetchedAt
        opened.remoteWarning = box.remoteWarning
        box.set(.success(opened))
      } catch let error as GlossaError {
        box.set(.failure(error))
      } catch {
        // Free-form: opening throws only `GlossaError`; anything else is passed on as it
        // describes itself rather than lost.
        box.set(.failure(GlossaError.invalid("\(error)")))
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
      switch terminal.read(timeout: 20) {
      case .key(.char("q")), .key(.ctrl("c")): return .cancelled(130)
      case .signal(let signal): return .cancelled(128 + signal)
      default: break
      }
    }
  }

  /// Reads the queued languages a few at a time on a background thread, posting each batch.
  static func startLoading(_ loader: LanguageLoader, queue: LoadQueue, mailbox: Mailbox) {
    Thread.detachNewThread {
      BackgroundPriority.lowerAllButMain()
      while true {
        // Two languages at a time keep both cores busy (a language is a large and a small file).
        if loader.pause > 0 { Thread.sleep(forTimeInterval: loader.pause) }
        let batch = queue.next(2)
        if batch.isEmpty { return }
        do {
          mailbox.post(.languagesLoaded(try loader.load(batch)))
        } catch {
          mailbox.post(.loadFailed("\(error)"))
          return
        }
      }
    }
  }
}
