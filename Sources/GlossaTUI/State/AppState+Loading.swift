import GlossaCore

extension AppState {
  /// True while languages are still being read in the background.
  public var isLoading: Bool { !loading.pendingLanguages.isEmpty && loading.loadFailure == nil }

  /// How many of the listed languages have their tables loaded.
  public var loadedLanguageCount: Int { languages.count - loading.pendingLanguages.count }

  /// What the header says about background work: the load, else the checks; nil when idle.
  public var progressText: String? {
    if let loadFailure = loading.loadFailure { return "load stopped: \(loadFailure)" }
    if isLoading { return "loading \(loadedLanguageCount)/\(languages.count) languages…" }
    if !saves.saving.isEmpty { return "saving…" }
    if saves.repacking { return "repacking…" }
    if results.checking { return "checking…" }
    return nil
  }

  /// Why saving or repacking must wait, while the bundles are not fully loaded.
  var incompleteReason: String? {
    if let loadFailure = loading.loadFailure { return "the bundle could not be read completely (\(loadFailure))" }
    if isLoading {
      return "still loading (\(loadedLanguageCount)/\(languages.count) languages); try again when it finishes"
    }
    return nil
  }

  /// The pending languages in the order to read them: from the one shown onwards, wrapping
  /// round, so that `l` finds the next language ready.
  var loadOrder: [String] {
    guard !languages.isEmpty else { return [] }
    return (0..<languages.count).map { languages[($0 + browse.languageIndex) % languages.count] }
      .filter { loading.pendingLanguages.contains($0) }
  }

  /// After the shown language changed: asks for it to be read next when it is still pending.
  func showingLanguage() -> [Effect] {
    isLoading && loading.pendingLanguages.contains(language) ? [.loadFirst(language)] : []
  }

  /// Takes tables that arrived from the background load; when the last ones arrive, starts the checks.
  mutating func land(_ part: LoadedLanguages) -> [Effect] {
    guard loading.loadFailure == nil else { return [] }
    let shownTable = table
    local.insert(part.local)
    if var bundle = remote, let tables = part.remote {
      bundle.insert(tables)
      remote = bundle
    }
    for language in part.languages { loading.pendingLanguages.remove(language) }
    let names = Set(local.tableNames).union(remote?.tableNames ?? [])
    if names.count != tables.count {
      tables = names.sorted()
      browse.tableIndex = tables.firstIndex(of: shownTable) ?? browse.tableIndex
    }
    if part.languages.contains(language) { rebuildRows() }
    guard loading.pendingLanguages.isEmpty else { return [] }
    askToRestore()
    return startChecks()
  }

  /// The background load stopped: what is loaded stays browsable and editable, saving does not.
  mutating func failLoading(_ text: String) -> [Effect] {
    loading.loadFailure = text
    message = StatusMessage("Could not read the whole bundle: \(text)", isError: true)
    if loading.pendingLanguages.contains(language) { rebuildRows() }
    return []
  }

  /// Asks whether to restore an earlier session's edits, once every language is there to take them.
  mutating func askToRestore() {
    guard !saves.pendingRestore.isEmpty, loading.pendingLanguages.isEmpty, case .browse = mode else { return }
    let count = saves.pendingRestore.values.reduce(0) { $0 + $1.edits.count }
    mode = .choice(
      ChoicePrompt(
        purpose: .restoreJournal,
        question: "Restore \(count) unsaved edit\(count == 1 ? "" : "s") from an earlier session?",
        answers: [.answerYes, .answerNo]))
  }
}
