import GlossaCore

/// The whole state of a review. Only `update(_:)` changes it; views only read it.
public struct AppState: Sendable {
  // What the review is of and how it is set up: the bundles, the checks and their settings,
  // the window. Each part below holds one concern and is changed through `state.part.field`
  // (or the part's own methods), so an update touches the parts it is about.
  public var local: LocalizationBundle
  public var remote: LocalizationBundle?
  public var checks: ReviewChecks
  public var plurals: PluralGuide
  public var keymap: Keymap
  /// What the checks measure against: the review's column budgets come from it.
  public var checkOptions = CheckOptions()
  /// The config file `checkOptions` came from, when there is one (named in the repack report,
  /// so `glossa lint` can be run with the same settings).
  public var configPath: String?
  /// How the pseudo-localization preview grows values (`review --pseudo-expand`).
  public var pseudo = Pseudolocalization.standard
  /// What is at a path (the repack prompt asks before it writes over a file).
  public var paths: PathProbe = .none
  public var width: Int
  public var height: Int
  /// Shown after the remote bundle's name in the header (its cache age, for a URL).
  public var remoteNote: String?
  /// Languages of both bundles, development language first.
  public internal(set) var languages: [String]
  /// Table names of both bundles.
  public internal(set) var tables: [String]
  /// What the keys act on: the key list, an editor, a prompt, the findings view…
  public internal(set) var mode: Mode = .browse
  public internal(set) var message: StatusMessage?
  /// Large values the state let go of (a full run's findings, a sorted catalog): the loop hands
  /// them to another thread, where freeing a million findings does not hold up a key press.
  var retired: [any Sendable] = []

  /// The key list: the language and table shown, its rows, filter, selection and marks.
  public internal(set) var browse = Browsing()
  /// The last search, its matches over every language, and the rows' search text.
  public internal(set) var search = Searching()
  /// Both sides' findings, the full run in flight, the sorted catalog, the renderings.
  public internal(set) var results = CheckResults()
  /// The background load of the languages not read yet.
  public internal(set) var loading = Loading()
  /// The snapshots the rows are made from, kept while their files stay the same.
  var snapshots = Snapshots()
  /// Undo and redo, the journals, the values edited.
  public internal(set) var editing = Editing()
  /// Saves and repacks in flight, the journals offered for restore, what quitting waits for.
  public internal(set) var saves = Saving()

  /// A new session showing the development language's first table.
  ///
  /// When `journals` holds unsaved edits from an earlier session, the first thing shown is the
  /// question whether to restore them (once every language is loaded).
  ///
  /// Languages either bundle lists but has not read yet are loaded in the background:
  /// `start()` asks the loop to read them, and they arrive as `languagesLoaded` events.
  public init(
    local: LocalizationBundle, remote: LocalizationBundle? = nil, checks: ReviewChecks = .none,
    plurals: PluralGuide = .unknown, keymap: Keymap = Keymap(), width: Int = 80, height: Int = 24,
    journals: [Side: EditJournal] = [:]
  ) {
    self.local = local
    self.remote = remote
    self.checks = checks
    self.plurals = plurals
    self.keymap = keymap
    self.width = width
    self.height = height
    var languageSet = Set(local.languages)
    languageSet.formUnion(remote?.languages ?? [])
    // Each side says what it has not read: a language one side has read whole is still
    // pending while the other side lists files of it.
    loading.pendingLanguages = Set(local.unloadedLanguages).union(remote?.unloadedLanguages ?? [])
    languages = LocalizationBundle.ordered(languageSet, development: local.developmentLanguage)
    tables = Array(Set(local.tableNames).union(remote?.tableNames ?? [])).sorted()
    if let preferred = tables.firstIndex(of: "Localizable") { browse.tableIndex = preferred }
    browse.languageIndex = AppState.firstShown(in: languages)
    saves.pendingRestore = journals.filter { !$0.value.edits.isEmpty }
    rebuildRows()
    askToRestore()
  }

  /// Shows `text` in the status line (a note from outside the review, such as the locale used).
  public mutating func announce(_ text: String, isError: Bool = false) {
    message = StatusMessage(text, isError: isError)
  }

  /// The index of the language shown first: the first translation, else the only language.
  public static func firstShown(in languages: [String]) -> Int {
    languages.count > 1 ? 1 : 0
  }

  /// The language shown.
  public var language: String {
    languages.indices.contains(browse.languageIndex) ? languages[browse.languageIndex] : local.developmentLanguage
  }

  /// The table shown.
  public var table: String { tables.indices.contains(browse.tableIndex) ? tables[browse.tableIndex] : "" }

  /// The selected row, if the list is not empty. (Kept here as well as on `Browsing`: views,
  /// updates and tests read it a hundred times, and it reads best as the state's.)
  public var selectedRow: KeyRow? { browse.selectedRow }

  /// The bundle of one side (the local one when there is no remote).
  public func bundle(_ side: Side) -> LocalizationBundle {
    side == .remote ? (remote ?? local) : local
  }

  /// Values edited in this session that differ from the saved ones.
  public var editedAddresses: [SidedAddress] {
    guard !editing.touched.isEmpty else { return [] }
    let key = EditedAddressCache.Key(touched: editing.touched, local: local, remote: remote)
    return editing.editedCache.addresses(for: key, local: local, remote: remote) {
      bundle($0.side).isEdited($0.address)
    }
  }

  /// True when some edit is not saved.
  public var isDirty: Bool { !dirtySides.isEmpty }

  /// The local findings of `severity` as `glossa lint` counts them with the same config: the
  /// opt-in kinds the review shows anyway (`missing-comment`) are left out unless enabled.
  public func lintCount(_ severity: Severity) -> Int {
    let hidden = results.findings.countsByKind.reduce(0) { total, entry in
      entry.key.isOptIn && !checkOptions.enabled.contains(entry.key) ? total + (entry.value[severity] ?? 0) : total
    }
    return (results.findings.counts[severity] ?? 0) - hidden
  }

  /// The sides with unsaved edits: a download's edits are saved once written as a zip, until
  /// it is edited again.
  public var dirtySides: [Side] {
    let sides = Set(editedAddresses.map(\.side)).union(dirtyCatalogSides)
    return Side.allCases.filter { side in
      sides.contains(side) && !(saves.downloadWritten[side].map { bundle(side).revisions == $0 } ?? false)
    }
  }

  /// The scope the keymap looks keys up in.
  public var scope: Scope {
    switch mode {
    case .browse: browse.detailFocused ? .detail : .list
    case .help: .help
    case .editing: .editing
    case .search: .search
    case .textPrompt: .textPrompt
    case .choice: .choicePrompt
    case .picker: .picker
    case .findings(let browser): browser.filterLine == nil ? .findings : .findingsFilter
    }
  }
}
