import GlossaCore

extension AppState {
  /// Starts the session's background work: reading the languages not loaded yet, else the
  /// first full run of the checks (which starts by itself once the last language arrives).
  public mutating func start() -> [Effect] {
    if isLoading { return [.loadLanguages(loadOrder)] }
    return startChecks()
  }

  /// Starts a full run of the checks in the background (after the load, when one is running).
  mutating func startChecks() -> [Effect] {
    guard !isLoading else { return [] }
    return [results.startRun()]
  }

  /// Applies one event to the state and returns the work the loop must do.
  ///
  /// Synchronous and free of I/O: everything slow or outside the process comes back as an `Effect`.
  public mutating func update(_ event: Event) -> [Effect] {
    var effects = apply(event)
    if let sort = results.catalogSortEffect() { effects.append(sort) }
    // The languages next to the one shown, read ahead once the rows are large enough to feel
    // it: `l` and `h` then find their tables read.
    let here = SnapshotKey(side: .local, language: language, table: table)
    if browse.rows.count > search.foregroundSearchTextLimit, snapshots.readAheadFor != here, !isLoading {
      snapshots.readAheadFor = here
      let keys = neighbourSnapshotsToRead()
      if !keys.isEmpty { effects.append(.readAhead(keys)) }
    }
    if let warm = warmUpEffect() { effects.append(warm) }
    if let build = prepareRenderings() { effects.append(build) }
    if let generation = search.searchTextToBuild(rowCount: browse.rows.count) {
      effects.append(.buildSearchText(generation: generation))
    }
    return effects
  }

  /// A copy of the state for work on another thread, without the sorted findings: a copy that
  /// shares them makes the next merge of a re-check into them copy all of them (1.45 million
  /// items took 650 ms), for as long as the thread holds it.
  public var detachedCopy: AppState {
    var copy = self
    copy.results.sortedFindingItems = nil
    copy.results.pendingCatalogChanges = []
    copy.retired = []
    return copy
  }

  /// Large values the state let go of since last asked (see `retired`): the caller frees them
  /// where it likes.
  public mutating func takeRetired() -> [any Sendable] {
    let values = retired
    retired = []
    return values
  }

  private mutating func apply(_ event: Event) -> [Effect] {
    switch event {
    case .key, .mouse, .paste:
      // A window too small to draw the review in shows only a notice: a key acting there
      // (a deletion, a save, text typed into a draft) would act unseen.
      guard layout.fits else { return [] }
      return input(event)
    default:
      return background(event)
    }
  }

  /// A key, mouse or paste event, on a window large enough to show what it does.
  private mutating func input(_ event: Event) -> [Effect] {
    switch event {
    case .key(let key):
      return handle(key)
    case .mouse(let mouse):
      let effects = handle(mouse)
      clampScroll()
      return effects
    case .paste(let text):
      paste(text)
      clampScroll()
      return []
    default:
      return []
    }
  }

  /// An event that is not input: a resize, or the result of work the loop did.
  private mutating func background(_ event: Event) -> [Effect] {
    switch event {
    case .key, .mouse, .paste:
      return []
    case .resize(let width, let height):
      self.width = max(1, width)
      self.height = max(1, height)
      clampScroll()
      return []
    case .checksFinished(let all, let remoteAll, let generation, let prepared):
      guard generation == results.checkGeneration else { return [] }
      return finishChecks(all, remote: remoteAll, prepared: prepared)
    case .findingsSorted(let sorted, let generation):
      return finishSort(sorted, generation: generation)
    case .searchFinished(let hits, let generation):
      return finishSearch(hits, generation: generation)
    case .readAhead(let snapshots):
      keep(snapshots)
      return []
    case .warmedUp(let warm):
      keep(warm)
      return []
    case .acrossKeysRechecked(let side, let language, let revisions, let found):
      takeAcrossKeys(side, language: language, revisions: revisions, found)
      return []
    case .renderingsBuilt(let index):
      if results.renderingsInFlight == index.stamp { results.renderingsInFlight = nil }
      if index.stamp == RenderingIndex.stamp(local, language: language) { results.renderings = index }
      return []
    case .searchTextBuilt(let text, let generation):
      search.take(text, generation: generation)
      return []
    case .saved(let side, let result):
      return finishSave(side, result)
    case .reloaded(let side, let result):
      return finishReload(side, result)
    case .repacked(let output, let found, let error):
      return finishRepack(output: output, findings: found, error: error)
    case .exported(let path, let rows, let error):
      return finishExport(path: path, rows: rows, error: error)
    case .idle:
      refreshDraftFindings()
      return []
    case .journalFailed(let text):
      message = StatusMessage("Could not journal the edit: \(text)", isError: true)
      return []
    case .languagesLoaded(let part):
      return land(part)
    case .loadFailed(let text):
      return failLoading(text)
    case .configReloaded(let path, let result):
      return takeConfig(path: path, result)
    }
  }

  /// A changed config file was read again: its checks replace the review's, and every finding
  /// is checked again with them (after the load or the run in flight); one it could not read
  /// leaves the checks as they were. The status line says which.
  mutating func takeConfig(path: String, _ result: Result<ReloadedChecks, ConfigProblem>) -> [Effect] {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    switch result {
    case .failure(let problem):
      message = StatusMessage(
        "\(name) changed but cannot be used: \(problem.message) (the checks stay as they were)", isError: true)
      return []
    case .success(let reloaded):
      checks = reloaded.checks
      checkOptions = reloaded.options
      configPath = reloaded.configPath
      results.checkCache = KeyCheckCache()
      results.remoteCheckCache = KeyCheckCache()
      let effects: [Effect]
      if isLoading {
        effects = []
      } else if results.checking {
        results.fullCheckPending = true
        effects = []
      } else {
        effects = startChecks()
      }
      message = StatusMessage("\(name) changed: every value is checked again with its settings")
      return effects
    }
  }

  /// Handles a key press: the keymap names the action; in text entry other keys type.
  mutating func handle(_ key: Key) -> [Effect] {
    if case .browse = mode {
      message = nil
      saves.repackReport = nil
    }
    if case .findings = mode { message = nil }
    var effects: [Effect] = []
    if let action = keymap.action(for: key, in: scope) {
      effects = perform(action)
    } else if Scope.textEntry.contains(scope), case .char(let character) = key {
      typeText(String(character))
    }
    if !saves.pendingRestore.isEmpty { askToRestore() }
    // The list's height follows the detail pane's focus and the rows shown: the selection stays in view.
    clampScroll()
    return effects
  }

  /// True when `action` can do something now; the footer lists only these.
  public func isAvailable(_ action: Action) -> Bool {
    guard action.info.scopes.contains(scope) else { return false }
    switch action {
    case .editRemote: return remote != nil && selectedRow != nil
    case .edit: return selectedRow != nil
    case .markReviewed: return !unreviewedUnits().isEmpty || (local.catalog(table: table) != nil && !markedRows.isEmpty)
    case .markNeedsReview:
      return !unreviewedUnits(.needsReview).isEmpty || (local.catalog(table: table) != nil && !markedRows.isEmpty)
    case .copySource, .toggleMark: return selectedRow != nil
    case .takeRendering: return selectedRow.map { !$0.isPlural } ?? false
    case .markAll: return !browse.visible.isEmpty
    case .takeRemote, .giveRemote: return remote != nil && selectedRow != nil
    case .deleteValue: return selectedRow != nil
    case .undo: return editing.history.canUndo
    case .redo: return editing.history.canRedo
    case .save: return isDirty
    case .searchNext, .searchPrevious: return !search.searchTerm.isEmpty
    case .nextLanguage, .previousLanguage, .pickLanguage: return languages.count > 1
    case .nextTable, .previousTable, .pickTable: return tables.count > 1
    case .answerYes, .answerNo, .answerSave, .answerDiscard, .answerReload, .answerOverwrite, .answerLocal,
      .answerRemote:
      if case .choice(let prompt) = mode { return prompt.answers.contains(action) }
      return false
    default: return true
    }
  }

  /// Performs an action as if its key was pressed (tests press actions).
  public mutating func perform(_ action: Action) -> [Effect] {
    switch scope {
    case .list, .detail: return performBrowsing(action)
    case .editing: return performEditing(action)
    case .search: return performSearch(action)
    case .textPrompt: return performTextPrompt(action)
    case .choicePrompt: return performChoice(action)
    case .help: performHelp(action)
    case .picker: return performPicker(action)
    case .findings: return performFindings(action)
    case .findingsFilter: performFindingsFilter(action)
    }
    return []
  }

  mutating func performHelp(_ action: Action) {
    guard case .help(let scroll) = mode else { return }
    switch action {
    case .closeHelp: mode = .browse
    case .helpDown:
      // The last page ends with the last line: never past it into blank rows.
      let last = max(0, HelpView.lineCount(self) - max(1, height - 4))
      mode = .help(scroll: min(scroll + max(1, height - 4), last))
    case .helpUp: mode = .help(scroll: max(0, scroll - max(1, height - 4)))
    default: break
    }
  }

  mutating func performPicker(_ action: Action) -> [Effect] {
    guard case .picker(var picker) = mode else { return [] }
    switch action {
    case .pickerDown: picker.selection = min(picker.items.count - 1, picker.selection + 1)
    case .pickerUp: picker.selection = max(0, picker.selection - 1)
    case .pickerCancel:
      mode = .browse
      return []
    case .pickerChoose:
      mode = .browse
      switch picker.kind {
      case .language: browse.languageIndex = picker.selection
      case .table: browse.tableIndex = picker.selection
      }
      rebuildRows()
      return showingLanguage()
    default: break
    }
    mode = .picker(picker)
    return []
  }
}
