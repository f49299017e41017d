import GlossaCore

/// Something that happened: a key press, a resize, or the result of work the loop did.
public enum Event: Sendable {
  case key(Key)
  /// A mouse press or wheel step (when the review has the mouse).
  case mouse(MouseEvent)
  /// Text pasted into the terminal: typed where text is being entered, never read as keys.
  case paste(String)
  case resize(width: Int, height: Int)
  /// No input for a moment: time for deferred work (the draft's findings).
  case idle
  /// The full checks finished: the local bundle's findings (against the remote one, as lint
  /// reports them) and the remote bundle's own; `generation` is the one `runChecks` carried.
  /// The loop sends them `prepared` (indexed and sorted off its thread) with the arrays empty.
  case checksFinished([Finding], remote: [Finding] = [], generation: Int, prepared: PreparedFindings? = nil)
  /// Snapshots of the neighbouring languages, read ahead (`readAhead`).
  case readAhead(ReadAhead)
  /// What the first edit in the language shown reads, read ahead (`warmUp`).
  case warmedUp(WarmUp)
  /// The findings across keys of one side's language (`recheckAcrossKeys`), with the revisions
  /// of the language's and the source's tables they were found in.
  case acrossKeysRechecked(Side, language: String, revisions: [Revision], findings: [Finding])
  /// The search text of the rows of `generation` (`buildSearchText`), made off the loop's thread.
  case searchTextBuilt(SearchText, generation: Int)
  /// The renderings of a language (`buildRenderings`), made off the loop's thread.
  case renderingsBuilt(RenderingIndex)
  /// A search over every language and table (`searchEverywhere`) finished for `generation`.
  case searchFinished([SearchHit], generation: Int)
  /// The findings sorted off the loop's thread (`sortFindings`) for catalog generation `generation`.
  case findingsSorted(SortedFindings, generation: Int)
  /// A save of one side finished: what it wrote, or why it stopped.
  case saved(Side, Result<SaveReport, GlossaError>)
  /// One side was read again from its source (after it changed on disk), or could not be.
  case reloaded(Side, Result<LocalizationBundle, GlossaError>)
  /// A repack finished: the zip written and the findings of checking it, or an error.
  case repacked(output: String, findings: [Finding], error: String?)
  /// An export was written (`rows` rows) to `path`, or failed with `error`.
  case exported(path: String, rows: Int, error: String?)
  /// A journal write failed (the edit itself stands).
  case journalFailed(String)
  /// The tables of more languages arrived from the background load.
  case languagesLoaded(LoadedLanguages)
  /// The background load stopped: a file could not be read.
  case loadFailed(String)
  /// The config file at `path` changed and was read again: the checks it sets up, or why it
  /// could not be read (the review keeps the checks it has).
  case configReloaded(path: String, Result<ReloadedChecks, ConfigProblem>)
}

/// The checks a changed config file sets up, the options they were made from, and the file
/// they came from (nil when it is gone: the defaults).
public struct ReloadedChecks: Sendable {
  public var options: CheckOptions
  public var checks: ReviewChecks
  public var configPath: String?

  public init(options: CheckOptions, checks: ReviewChecks, configPath: String?) {
    self.options = options
    self.checks = checks
    self.configPath = configPath
  }
}

/// Why a changed config file could not be used, in words.
public struct ConfigProblem: Error, Sendable, Equatable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

extension Event {
  /// The event's case, for timings (`key j`, `checksFinished`): never the data it carries.
  public var name: String {
    switch self {
    case .key(let key): "key \(key)"
    case .mouse: "mouse"
    case .paste: "paste"
    case .resize: "resize"
    case .idle: "idle"
    case .checksFinished: "checksFinished"
    case .findingsSorted: "findingsSorted"
    case .searchFinished: "searchFinished"
    case .searchTextBuilt: "searchTextBuilt"
    case .renderingsBuilt: "renderingsBuilt"
    case .readAhead: "readAhead"
    case .warmedUp: "warmedUp"
    case .acrossKeysRechecked: "acrossKeysRechecked"
    case .saved: "saved"
    case .reloaded: "reloaded"
    case .repacked: "repacked"
    case .exported: "exported"
    case .journalFailed: "journalFailed"
    case .languagesLoaded: "languagesLoaded"
    case .loadFailed: "loadFailed"
    case .configReloaded: "configReloaded"
    }
  }
}

/// The tables of some languages, read in the background after the first screen.
public struct LoadedLanguages: Sendable {
  /// The languages read (of either bundle); tables may be empty for a side that lacks one.
  public var languages: [String]
  public var local: LoadedTables
  public var remote: LoadedTables?

  public init(languages: [String], local: LoadedTables, remote: LoadedTables? = nil) {
    self.languages = languages
    self.local = local
    self.remote = remote
  }
}

/// Work the loop performs for `update`, described as data.
public enum Effect: Sendable, Hashable {
  case quit
  /// Save the modified tables of one side off the input loop (over files changed on disk
  /// meanwhile when `overwriting`), and report back with `saved`.
  case save(Side, overwriting: Bool = false)
  /// Read one side again from its source, off the input loop, and report back with `reloaded`.
  case reload(Side)
  /// Write the unsaved edits of one side to its crash journal.
  case writeJournal(Side, [Edit])
  /// Remove the crash journal of one side.
  case removeJournal(Side)
  /// Run every check off the main loop and report back with `checksFinished`.
  case runChecks(generation: Int)
  /// Read the snapshots of these tables off the main loop (the languages `l` and `h` go to) and
  /// report back with `readAhead`.
  case readAhead([SnapshotKey])
  /// Find the findings across keys (`ReviewChecks.crossKey`) of one side's language off the
  /// main loop and report back with `acrossKeysRechecked`.
  case recheckAcrossKeys(Side, language: String)
  /// Read what the first edit of this language and table reads (the `.strings` files' edit
  /// positions, the per-key check's indexes) off the main loop and report back with `warmedUp`.
  case warmUp(language: String, table: String)
  /// Make the search text of the rows shown off the main loop and report back with
  /// `searchTextBuilt`: the first search step then finds it made.
  case buildSearchText(generation: Int)
  /// Group the translations of a language by source text off the main loop (the detail pane's
  /// "Also rendered as") and report back with `renderingsBuilt`.
  case buildRenderings(RenderingIndex.Stamp)
  /// Search every language and table for `needle` off the main loop and report back with
  /// `searchFinished`.
  case searchEverywhere(needle: [UInt8], generation: Int)
  /// Sort the findings as they are now off the main loop and report back with `findingsSorted`.
  case sortFindings(generation: Int)
  /// Write one side as a zip (raising `CFBundleVersion` to `version` when set, creating the
  /// zip's folder first when `createFolder`) and check it.
  case repack(Side, output: String, version: String?, createFolder: Bool = false)
  /// Read the tables of these languages in the background, in this order, and report back with
  /// `languagesLoaded` (a few languages at a time) or `loadFailed`.
  case loadLanguages([String])
  /// Read this language next: the user is looking at it.
  case loadFirst(String)
  /// Make the table of `subject` (what the list shows) and write it as `format` to `path`
  /// (atomically; making its folder first when `createFolder`), off the main loop, and report
  /// back with `exported`: the key list of 20,000 rows took 350 ms to tabulate.
  case export(path: String, subject: ExportSubject, format: ExportFormat, createFolder: Bool)
}
