import Foundation
import GlossaCore
import GlossaTestSupport
import Testing

@testable import GlossaTUI

/// `glossa review LOCAL [REMOTE]` run in-process, wired as the executable wires it (the first
/// load, the config's checks with `missing-comment` shown, CLDR plural rules, journals, the file
/// system's answers to the prompts), with a `ScriptTerminal` for the terminal.
struct ReviewRun {
  /// The bundle arguments, as given on the command line (paths or URLs).
  var local: String
  var remote: String?
  /// `--lang` and `--table`.
  var language: String?
  var table: String?
  /// Where journals are kept (the review's `$XDG_STATE_HOME/glossa`).
  var journals: URL
  /// Where downloads are cached (`--cache-dir`).
  var cache: URL?
  /// A pause before each background batch of languages (`GLOSSA_TEST_LOAD_DELAY_MS`).
  var loadPause: TimeInterval = 0
  /// Watches `.glossa.yml` at the bundle's root as `glossa review` does, looking every
  /// `configInterval` seconds (nil: not watched).
  var configInterval: TimeInterval?
  /// The workspace the bundles are in, kept alive while the review runs (it removes its folder
  /// when released, which Swift may do right after its last use in a test).
  var owner: AnyObject?

  /// How the run ended.
  struct Outcome {
    var status: Int32
    var state: AppState
    var terminal: ScriptTerminal
  }

  /// The load options `glossa review` uses for these arguments.
  var loadOptions: BundleLoadOptions {
    var options = BundleLoadOptions()
    let lone = ([local] + (remote.map { [$0] } ?? [])).allSatisfy(BundleSource.isLoneTableFile)
    options.language = lone ? language : nil
    if let cache { options.remote = RemoteFetchPolicy(cacheDirectory: cache) }
    return options
  }

  /// The check options `glossa review` reads (`.glossa.yml` at the bundle root).
  var checkOptions: CheckOptions {
    get throws { try CheckConfig.options(config: nil, bundle: local) }
  }

  /// Runs the review until the script quits it (or its deadline stops it, which records an issue).
  @discardableResult
  func run(
    width: Int = 120, height: Int = 36, timeout: TimeInterval = 60, _ steps: [ScriptTerminal.Step],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Outcome {
    try run(ScriptTerminal(width: width, height: height, timeout: timeout, steps), sourceLocation: sourceLocation)
  }

  /// Runs the review on `terminal`.
  @discardableResult
  func run(_ terminal: ScriptTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
    let store = JournalStore(directory: journals)
    var identities: [Side: String] = [.local: JournalStore.identity(of: local)]
    if let remote { identities[.remote] = JournalStore.identity(of: remote) }
    var saved: [Side: EditJournal] = [:]
    for (side, identity) in identities {
      saved[side] = try store.read(forBundle: identity)
    }
    var options = try checkOptions
    options.enabled.insert(.missingComment)
    let checks = ReviewChecks.real(Checker(options: options, checks: Checker.allChecks))
    let bundles: OpenedBundles
    switch ReviewLoop.load(local: local, remote: remote, showing: language, options: loadOptions, terminal: terminal) {
    case .loaded(let opened): bundles = opened
    case .failed(let error): throw error
    case .cancelled(let status): throw ScriptFailure("the first load was cancelled (status \(status))")
    }
    var loader = bundles.loader
    loader.pause = loadPause
    var state = AppState(
      local: bundles.local, remote: bundles.remote, checks: checks, plurals: Self.plurals, journals: saved)
    state.checkOptions = try checkOptions
    state.paths = Self.fileSystem
    if let error = state.focus(language: language, table: table) { throw error }
    let local = self.local
    let configWatch = configInterval.flatMap { interval in
      CheckConfig.path(atRootOf: local).map { path in
        ConfigWatch(path: path, interval: interval) {
          var options = try CheckConfig.options(config: nil, bundle: local)
          let exists = FileManager.default.fileExists(atPath: path)
          let shown = options
          options.enabled.insert(.missingComment)
          return ReloadedChecks(
            options: shown, checks: ReviewChecks.real(Checker(options: options, checks: Checker.allChecks)),
            configPath: exists ? path : nil)
        }
      }
    }
    let loop = ReviewLoop(
      state: state, terminal: terminal, journals: store, identities: identities, loader: loader,
      loadOptions: loadOptions, configWatch: configWatch, renderExport: Self.renderExport)
    let status = withExtendedLifetime(owner) { loop.run() }
    if let failure = terminal.timedOut {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
    return Outcome(status: status, state: loop.state, terminal: terminal)
  }

  /// Plural categories and samples from the CLDR rules, as the executable gives them.
  static let plurals = PluralGuide { language in
    let (ruleSet, diagnostic) = PluralRules.resolve(localeCode: language)
    guard diagnostic == nil else { return nil }
    return ruleSet.categories.map { category in
      PluralCategoryInfo(category: category, samples: ruleSet.examples(category, limit: 4).joined(separator: ", "))
    }
  }

  /// What is at a path, asked of the file system.
  static let fileSystem = PathProbe { path in
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
    return isDirectory.boolValue ? .directory : .file
  }

  /// An export as tab-separated text: a header of the columns, then one line per row (the
  /// executable's JSON, CSV and Markdown writers are tested with `glossa lint`).
  static let renderExport: @Sendable (ExportTable, ExportFormat) -> String = { table, format in
    var text = "\(format.rawValue)\n" + table.columns.joined(separator: "\t") + "\n"
    for row in table.rows {
      text +=
        row.map { cell in
          switch cell {
          case .text(let value): value.replacingOccurrences(of: "\n", with: "\\n")
          case .number(let number): "\(number)"
          case .empty: ""
          }
        }.joined(separator: "\t") + "\n"
    }
    return text
  }

  /// The rows of an export written by `renderExport`, each as column → cell.
  static func exportedRows(_ url: URL) throws -> [[String: String]] {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    guard lines.count > 2 else { return [] }
    let columns = lines[1].components(separatedBy: "\t")
    return lines.dropFirst(2).filter { !$0.isEmpty }.map { line in
      Dictionary(uniqueKeysWithValues: zip(columns, line.components(separatedBy: "\t")))
    }
  }

  /// `lint`'s counts for these arguments: errors, warnings and info of the local bundle against
  /// the remote one, with the config's checks (`missing-comment` only when it enables it).
  func lintCounts() throws -> FindingCounts {
    let options = loadOptions
    let localBundle = try LocalizationBundle.open(local, options: options)
    let remoteBundle = try remote.map { try LocalizationBundle.open($0, options: options) }
    let findings = try Checker(options: try checkOptions, checks: Checker.allChecks).findings(
      in: localBundle, against: remoteBundle)
    return FindingCounts(
      errors: findings.count { $0.severity == .error }, warnings: findings.count { $0.severity == .warning },
      info: findings.count { $0.severity == .info })
  }
}
