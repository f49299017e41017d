import Foundation
import GlossaCore

/// Results of background work, handed to the loop's thread.
public final class Mailbox: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [Event] = []

  public func post(_ event: Event) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }

  public func drain() -> [Event] {
    lock.lock()
    defer { lock.unlock() }
    let drained = events
    events.removeAll()
    return drained
  }
}

/// Runs the review: reads keys, feeds events to `AppState.update`, performs the effects it returns,
/// and draws each frame. Slow work (reading the languages not shown first, checks, repacking)
/// runs on background threads and comes back as events.
public final class ReviewLoop {
  public private(set) var state: AppState
  private let terminal: any ReviewTerminal
  private let journals: JournalStore
  /// The journal identity of each side's bundle.
  private let identities: [Side: String]
  private let mailbox = Mailbox()
  private let loader: LanguageLoader
  private let loadQueue = LoadQueue()
  /// Journal writes, in order, off the input loop.
  private let journalQueue = DispatchQueue(label: "glossa.journal")
  /// Where large values the state let go of are freed.
  private let releaseQueue = DispatchQueue(label: "glossa.release", qos: .background)
  /// Exports and repacks being written: the loop waits for them before it returns, so that a
  /// quit right after `X` or `R` does not lose the file.
  private let writes = DispatchGroup()

  /// Told how long each update and each frame (render and draw) took, in nanoseconds: the
  /// benchmark's view of where a slow key press went.
  public var timing: ((TimedStep, UInt64) -> Void)?

  /// What `timing` is told about.
  public enum TimedStep: Sendable {
    case update(String)
    case render
    case draw
  }

  /// How bundles are opened again (after a file changed on disk).
  private let loadOptions: BundleLoadOptions

  /// Writes an export's table in its format (the executable's JSON, CSV and Markdown writers).
  private let renderExport: @Sendable (ExportTable, ExportFormat) -> String

  /// The config file watched, its stamp when last read, when it was last looked at, and
  /// whether a reload is in flight.
  private let configWatch: ConfigWatch?
  private var configStamp: ConfigWatch.Stamp?
  private var configLookedAt = Date()
  private var configReloading = false

  public init(
    state: AppState, terminal: any ReviewTerminal, journals: JournalStore, identities: [Side: String],
    loader: LanguageLoader = LanguageLoader(), loadOptions: BundleLoadOptions = .init(),
    configWatch: ConfigWatch? = nil, renderExport: @escaping @Sendable (ExportTable, ExportFormat) -> String
  ) {
    self.configWatch = configWatch
    configStamp = configWatch?.stamp()
    self.loadOptions = loadOptions
    self.renderExport = renderExport
    self.state = state
    self.terminal = terminal
    self.journals = journals
    self.identities = identities
    self.loader = loader
  }

  /// Runs until the user quits or a signal arrives; returns the exit status.
  public func run() -> Int32 {
    // Whatever ends the review, the files being written and the journal writes queued so far
    // reach the disk first.
    defer {
      writes.wait()
      journalQueue.sync {}
    }
    let size = terminal.size
    // The first update's effects are performed too: work it asks for in the background (a large
    // table's search text or renderings) is marked in flight and would never be asked for again.
    let first = state.update(.resize(width: size.width, height: size.height))
    if perform(first + state.start()) { return 0 }
    var needsDraw = true
    while true {
      if needsDraw {
        if let timing {
          let start = DispatchTime.now().uptimeNanoseconds
          let frame = state.render()
          let rendered = DispatchTime.now().uptimeNanoseconds
          timing(.render, rendered - start)
          terminal.draw(frame)
          timing(.draw, DispatchTime.now().uptimeNanoseconds - rendered)
        } else {
          terminal.draw(state.render())
        }
        needsDraw = false
      }
      var events: [Event] = []
      switch terminal.read(timeout: 100) {
      case .key(.ctrl("l")):
        terminal.invalidate()
        needsDraw = true
      case .key(let key): events.append(.key(key))
      case .mouse(let mouse): events.append(.mouse(mouse))
      case .paste(let text): events.append(.paste(text))
      case .resize(let width, let height): events.append(.resize(width: width, height: height))
      case .signal(let signal): return 128 + signal
      case nil:
        if state.wantsIdle { events.append(.idle) }
      }
      events += mailbox.drain()
      lookAtConfig()
      for event in events {
        if case .configReloaded = event { configReloading = false }
        needsDraw = true
        let start = timing == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        let effects = state.update(event)
        timing?(.update(event.name), DispatchTime.now().uptimeNanoseconds - start)
        releaseRetired()
        if perform(effects) { return 0 }
      }
    }
  }

  /// Reads the config file again, off the loop's thread, when its stamp changed since it was
  /// last read (looked at once per `interval`, one reload at a time).
  private func lookAtConfig() {
    guard let watch = configWatch, !configReloading, Date().timeIntervalSince(configLookedAt) >= watch.interval
    else { return }
    configLookedAt = Date()
    let stamp = watch.stamp()
    guard stamp != configStamp else { return }
    configStamp = stamp
    configReloading = true
    post {
      do {
        return .configReloaded(path: watch.path, .success(try watch.reload()))
      } catch {
        return .configReloaded(path: watch.path, .failure(ConfigProblem("\(error)")))
      }
    }
  }

  /// Frees what the state let go of on another thread: a million findings take hundreds of
  /// milliseconds to free.
  private func releaseRetired() {
    // The parcel holds the only reference (an initializer takes its argument), and only the
    // queue empties it: whichever thread lets go of the parcel last, the values are freed there.
    let parcel = Parcel(state.takeRetired())
    guard !parcel.values.isEmpty else { return }
    releaseQueue.async { parcel.values.removeAll() }
  }

  /// Values on their way to be freed (see `release`).
  private final class Parcel: @unchecked Sendable {
    var values: [any Sendable]
    init(_ values: [any Sendable]) { self.values = values }
  }

  /// Runs `work` on a thread of its own at background priority and posts the event it makes.
  private func post(_ work: @escaping @Sendable () -> Event) {
    let mailbox = self.mailbox
    Thread.detachNewThread {
      BackgroundPriority.lowerAllButMain()
      mailbox.post(work())
    }
  }

  /// Performs effects (and the effects of the events they produce); true when the session ends.
  private func perform(_ effects: [Effect]) -> Bool {
    var queue = effects
    while !queue.isEmpty {
      let effect = queue.removeFirst()
      switch effect {
      case .quit:
        return true
      case .save(let side, let overwriting):
        // On a copy, off the loop: edits made meanwhile stay unsaved (`markSaved`).
        let snapshot = state.bundle(side)
        let mailbox = self.mailbox
        Thread.detachNewThread {
          var bundle = snapshot
          let result: Result<SaveReport, GlossaError>
          do { result = .success(try bundle.save(overwriting: overwriting)) } catch let error as GlossaError {
            result = .failure(error)
          } catch {
            result = .failure(.writeFailed(bundle.name, reason: "\(error)"))
          }
          mailbox.post(.saved(side, result))
        }
      case .reload(let side):
        guard let source = state.bundle(side).source else { continue }
        let name = state.bundle(side).name
        let options = loadOptions
        let mailbox = self.mailbox
        Thread.detachNewThread {
          do {
            var bundle = try LocalizationBundle.open(source, name: name, options: options)
            try bundle.loadAll()
            mailbox.post(.reloaded(side, .success(bundle)))
          } catch let error as GlossaError {
            mailbox.post(.reloaded(side, .failure(error)))
          } catch {
            mailbox.post(.reloaded(side, .failure(.readFailed(name, reason: "\(error)"))))
          }
        }
      case .writeJournal(let side, let edits):
        guard let identity = identities[side] else { continue }
        let journals = self.journals
        let mailbox = self.mailbox
        journalQueue.async {
          do {
            if edits.isEmpty {
              try journals.remove(forBundle: identity)
            } else {
              try journals.write(EditJournal(bundle: identity, edits: edits))
            }
          } catch {
            mailbox.post(.journalFailed("\(error)"))
          }
        }
      case .removeJournal(let side):
        guard let identity = identities[side] else { continue }
        let journals = self.journals
        let mailbox = self.mailbox
        journalQueue.async {
          do { try journals.remove(forBundle: identity) } catch {
            mailbox.post(.journalFailed("\(error)"))
          }
        }
      case .runChecks(let generation):
        let checks = state.checks
        let local = state.local
        let remote = state.remote
        let sorter = state.findingSorter
        post {
          let found = checks.all(local, remote)
          let remoteFound = remote.map { checks.remoteAll($0) } ?? []
          let prepared = PreparedFindings(local: found, remote: remoteFound, sorter: sorter)
          return .checksFinished([], remote: [], generation: generation, prepared: prepared)
        }
      case .searchEverywhere(let needle, let generation):
        let snapshot = state.detachedCopy
        post { .searchFinished(snapshot.searchEverywhere(needle), generation: generation) }
      case .readAhead(let keys):
        let snapshot = state.detachedCopy
        post { .readAhead(snapshot.readSnapshots(keys)) }
      case .recheckAcrossKeys(let side, let language):
        let snapshot = state.detachedCopy
        post { snapshot.recheckAcrossKeys(side, language: language) }
      case .warmUp(let language, let table):
        let snapshot = state.detachedCopy
        post { .warmedUp(snapshot.warmUp(language: language, table: table)) }
      case .buildRenderings(let stamp):
        let bundle = state.local
        post { .renderingsBuilt(RenderingIndex(bundle, stamp: stamp)) }
      case .buildSearchText(let generation):
        let rows = state.browse.rows
        post { .searchTextBuilt(SearchText(rows), generation: generation) }
      case .sortFindings(let generation):
        let local = state.results.findings
        let remote = state.results.remoteFindings
        let sorter = state.findingSorter
        post { .findingsSorted(sorter.sort(local: local.all, remote: remote.all), generation: generation) }
      case .loadLanguages(let languages):
        loadQueue.set(languages)
        ReviewLoop.startLoading(loader, queue: loadQueue, mailbox: mailbox)
      case .loadFirst(let language):
        loadQueue.prioritize(language)
      case .repack(let side, let output, let version, let createFolder):
        let bundle = state.bundle(side)
        let checks = state.checks
        let mailbox = self.mailbox
        let writes = self.writes
        writes.enter()
        Thread.detachNewThread {
          defer { writes.leave() }
          do {
            let url = URL(fileURLWithPath: output)
            if createFolder {
              try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try bundle.writeZip(to: url, bundleVersion: version)
            let written = try LocalizationBundle.load(url.path)
            mailbox.post(.repacked(output: output, findings: checks.all(written, nil), error: nil))
          } catch {
            mailbox.post(.repacked(output: output, findings: [], error: "\(error)"))
          }
        }
      case .export(let path, let subject, let format, let createFolder):
        let mailbox = self.mailbox
        let render = renderExport
        let snapshot = state.detachedCopy
        let writes = self.writes
        writes.enter()
        Thread.detachNewThread {
          defer { writes.leave() }
          let table = snapshot.exportTable(subject)
          do {
            let url = URL(fileURLWithPath: path)
            if createFolder {
              try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try AtomicFile.write(Data(render(table, format).utf8), to: url)
            mailbox.post(.exported(path: path, rows: table.rows.count, error: nil))
          } catch {
            mailbox.post(.exported(path: path, rows: 0, error: "\(error)"))
          }
        }
      }
    }
    return false
  }
}
