import ArgumentParser
import Foundation
import GlossaCore
import GlossaTUI

/// `glossa review [LOCAL] [REMOTE]`: the interactive review in the terminal.
struct ReviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "review",
    abstract: "Review, fix and repack a bundle in the terminal, side by side with its remote copy.",
    discussion: """
      Opens LOCAL (a bundle directory, a .zip, or one table file; the current directory when \
      omitted) and optionally REMOTE. Press ? inside for every key. Unsaved edits are journaled \
      under $XDG_STATE_HOME/glossa (or ~/.local/state/glossa) and offered again after a crash.
      """
  )

  @Argument(help: "The local bundle: a directory, a .zip or one table file (default: the current directory).")
  var local: String?

  @Argument(help: "The remote bundle to compare with: a directory or a .zip.")
  var remote: String?

  @Option(
    name: .customLong("lang"),
    help: "The language to show first (and the language of a lone table file outside any .lproj folder).")
  var language: String?

  @Option(name: .customLong("table"), help: "The table to show first (e.g. Localizable).")
  var table: String?

  @Option(help: "Config file (default: .glossa.yml at the bundle root).")
  var config: String?

  @Option(help: "Key bindings file (default: $XDG_CONFIG_HOME/glossa/keys, else ~/.config/glossa/keys).")
  var keymap: String?

  @Option(
    name: .customLong("pseudo-expand"),
    help: "How much the pseudo-localization preview (P) grows each value, in percent (0–400).")
  var pseudoExpand = 40

  @Flag(help: "Start with the pseudo-localization preview on.")
  var pseudo = false

  @Flag(
    help: ArgumentHelp(
      "Leave the mouse to the terminal (to select text with it); also GLOSSA_NO_MOUSE=1.",
      discussion: "By default a click selects a row or a finding and focuses its pane, and the wheel scrolls."))
  var noMouse = false

  @OptionGroup var options: BundleOptions

  func validate() throws {
    guard (0...400).contains(pseudoExpand) else {
      throw ValidationError("--pseudo-expand must be between 0 and 400 (percent), not \(pseudoExpand)")
    }
  }

  @Flag(help: .hidden)
  var benchmark = false

  func run() throws {
    // The width table is made while the bundle is read (the screen and the checks measure text).
    DisplayWidth.prepareInBackground()
    let localArgument = local ?? "."
    // `--lang` also names the language of a lone table file outside any `.lproj` folder (as it
    // does for lint): such a file has no other way to say it, and it is the language shown.
    let loneFiles = [localArgument] + (remote.map { [$0] } ?? [])
    let loadOptions = options.loadOptions(language: loneFiles.allSatisfy(BundleSource.isLoneTableFile) ? language : nil)
    if benchmark {
      let checkOptions = try CheckConfig.options(config: config, bundle: localArgument)
      let checks = try ReviewServices.checks(checkOptions)
      CLI.out(try ReviewBenchmark.run(local: localArgument, remote: remote, options: loadOptions, checks: checks))
      return
    }
    if local == nil && !ReviewCommand.looksLikeBundle(FileManager.default.currentDirectoryPath) {
      throw CommandError.noBundleHere
    }
    let store = JournalStore.standard()
    var identities: [Side: String] = [.local: JournalStore.identity(of: localArgument)]
    if let remote { identities[.remote] = JournalStore.identity(of: remote) }
    var saved: [Side: EditJournal] = [:]
    for (side, identity) in identities {
      do { saved[side] = try store.read(forBundle: identity) } catch { CLI.warn("\(error)") }
    }

    let checkOptions = try CheckConfig.options(config: config, bundle: localArgument)
    let checks = try ReviewServices.checks(checkOptions)
    let keys = try loadKeymap()
    let environment = ProcessInfo.processInfo.environment
    let terminal = try CursesTerminal(mouse: !noMouse && (environment["GLOSSA_NO_MOUSE"] ?? "").isEmpty)
    defer { terminal.restore() }
    let status: Int32
    switch ReviewLoop.load(
      local: localArgument, remote: remote, showing: language, options: loadOptions, terminal: terminal)
    {
    case .cancelled(let code):
      status = code
    case .failed(let error):
      terminal.restore()
      throw error
    case .loaded(var bundles):
      if let delay = ProcessInfo.processInfo.environment["GLOSSA_TEST_LOAD_DELAY_MS"].flatMap(Double.init) {
        bundles.loader.pause = max(0, delay) / 1000
      }
      var state = AppState(
        local: bundles.local, remote: bundles.remote, checks: checks,
        plurals: ReviewServices.plurals, keymap: keys, journals: saved)
      state.remoteNote = bundles.remoteFetchedAt.map {
        ReviewServices.cacheAge($0, fetched: bundles.remoteWarning == nil)
      }
      state.checkOptions = checkOptions
      state.configPath =
        config
        ?? CheckConfig.path(atRootOf: localArgument).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
      state.pseudo = Pseudolocalization(expansion: pseudoExpand)
      if pseudo { state.showPseudo(true) }
      if let note = terminal.localeNote { state.announce(note) }
      if let warning = bundles.remoteWarning {
        state.remoteNote = (state.remoteNote.map { $0 + ", " } ?? "") + "stale: the server could not be reached"
        state.announce("The remote shown is an old cached copy: \(warning)", isError: true)
      }
      state.paths = .fileSystem
      if let problem = state.focus(language: language, table: table) {
        terminal.restore()
        throw problem
      }
      // The config is watched (the one named, else `.glossa.yml` at the bundle's root, which
      // may appear later): a change reads it again and checks everything with it.
      let configWatch = (config ?? CheckConfig.path(atRootOf: localArgument)).map { watched in
        ConfigWatch(path: watched) { [config] in
          let options = try CheckConfig.options(config: config, bundle: localArgument)
          let exists = FileManager.default.fileExists(atPath: watched)
          return ReloadedChecks(
            options: options, checks: try ReviewServices.checks(options), configPath: exists ? watched : nil)
        }
      }
      status = ReviewLoop(
        state: state, terminal: terminal, journals: store, identities: identities, loader: bundles.loader,
        loadOptions: loadOptions, configWatch: configWatch, renderExport: ExportOutput.render
      ).run()
    }
    terminal.restore()
    if status != 0 { throw ExitCode(status) }
  }

  /// `--keymap`, else the user's keys file when it exists, else the default bindings.
  private func loadKeymap() throws -> Keymap {
    let environment = ProcessInfo.processInfo.environment
    let path: String
    if let keymap {
      path = keymap
    } else {
      let config =
        environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
      path = config + "/glossa/keys"
      guard FileManager.default.fileExists(atPath: path) else { return Keymap() }
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GlossaError.keymap(path, line: nil, column: nil, problem: .unreadable)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw GlossaError.keymap(path, line: nil, column: nil, problem: .notUTF8)
    }
    let keymap = Keymap(overrides: try KeymapFile.parse(text, file: path))
    if let conflict = keymap.conflicts.first {
      throw GlossaError.keymap(path, line: nil, column: nil, problem: conflict)
    }
    return keymap
  }

  /// True when `path` holds `.lproj` folders, `Resources/`, or `Info.plist`.
  static func looksLikeBundle(_ path: String) -> Bool {
    BundleLayout.looksLikeBundleRoot((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
  }
}

/// The checks and plural rules the review uses, wired to the core.
enum ReviewServices {
  /// Plural categories and sample numbers from the CLDR rules.
  static let plurals = PluralGuide { language in
    let (ruleSet, diagnostic) = PluralRules.resolve(localeCode: language)
    guard diagnostic == nil else { return nil }
    return ruleSet.categories.map { category in
      PluralCategoryInfo(category: category, samples: ruleSet.examples(category, limit: 4).joined(separator: ", "))
    }
  }

  /// The review's checks: the same `Checker` as `glossa lint`, for the bundle and for one key,
  /// with the config's `sources:` and `metadata:` read, and `missing-comment` shown (the person
  /// adding a key is the one who can write its comment; `disabled:` still hides it).
  /// - Throws: `GlossaError` when a source or metadata folder cannot be read.
  static func checks(_ options: CheckOptions) throws -> ReviewChecks {
    var options = options
    options.enabled.insert(.missingComment)
    return .real(Checker(options: options, checks: Checker.allChecks + (try ExtraChecks.make(options))))
  }

  /// How old a cached remote copy is, for the header (`cached 3 h ago`); a copy under a minute
  /// old is `fetched now` only when this session fetched it (`fetched`), not when the server
  /// could not be reached and the cache answered.
  static func cacheAge(_ fetchedAt: Date, fetched: Bool = true) -> String {
    let seconds = max(0, Date().timeIntervalSince(fetchedAt))
    switch seconds {
    case ..<60: return fetched ? "fetched now" : "cached under a minute ago"
    case ..<3600: return "cached \(Int(seconds / 60)) min ago"
    case ..<172_800: return "cached \(Int(seconds / 3600)) h ago"
    default: return "cached \(Int(seconds / 86_400)) days ago"
    }
  }
}
