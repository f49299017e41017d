import GlossaCore

extension AppState {
  /// Opens the line editor on a side's value of the selected row; for a plural family, on its
  /// first missing category (else `other`).
  mutating func beginEdit(side: Side) {
    guard let row = selectedRow else { return }
    if !deviceVariations(of: row).isEmpty {
      // A String Catalog key that varies by device: the device a finding is about, else the first.
      let sideFindings = side == .local ? row.findings : row.remoteFindings
      let troubled = sideFindings.compactMap(\.device).first
      let fields = detailFields.filter { $0.side == side }
      if let field = fields.first(where: { troubled != nil && $0.device == troubled }) ?? fields.first {
        beginEdit(field)
        return
      }
    }
    guard row.isPlural else {
      beginEdit(DetailField(side: side))
      return
    }
    let forms = pluralForms(of: row, side: side)
    let categories = pluralCategories(of: row, side: side)
    let category = categories.first { forms[$0] == nil } ?? (forms[.other] != nil ? .other : categories.last)
    beginEdit(DetailField(side: side, category: category))
  }

  /// Opens the line editor on one field; a missing value starts as the source text.
  mutating func beginEdit(_ field: DetailField) {
    guard let row = selectedRow else { return }
    if field.side == .remote && remote == nil { return }
    let address = address(of: field, row: row)
    let original = bundle(field.side).value(at: address)
    // A missing value starts as the other side's (the remote may have the fix), else the source.
    let other = remote == nil ? nil : bundle(field.side == .local ? .remote : .local).value(at: address)
    let prefill = original ?? other ?? sourceText(for: address)
    var session = EditSession(
      side: field.side, address: address, original: original,
      comment: original == nil ? row.comment : nil, editor: LineEditor(prefill ?? row.source ?? ""),
      findings: [])
    session.findings = draftFindings(session)
    mode = .editing(session)
  }

  mutating func performEditing(_ action: Action) -> [Effect] {
    guard case .editing(var session) = mode else { return [] }
    switch action {
    case .editCommit: return commit(session)
    case .editCancel:
      mode = .browse
      message = StatusMessage("Edit cancelled")
      return []
    case .editNewline: session.editor.insert("\n")
    case .editUp: session.editor.moveUp()
    case .editDown: session.editor.moveDown()
    case .editCopySource: copySourceIntoDraft(&session)
    default: session.editor.apply(action)
    }
    session.findingsStale = true
    mode = .editing(session)
    return []
  }

  /// Types text into whatever editor has the focus.
  mutating func typeText(_ text: String) {
    switch mode {
    case .editing(var session):
      session.editor.insert(text)
      session.findingsStale = true
      mode = .editing(session)
    case .search(var search):
      search.editor.insert(text)
      mode = .search(search)
      searchAsYouType(search)
    case .textPrompt(var prompt):
      prompt.editor.insert(text)
      mode = .textPrompt(prompt)
    case .findings(var browser):
      guard var line = browser.filterLine else { return }
      line.editor.insert(text)
      browser.filterLine = line
      applyFilterLine(&browser)
      mode = .findings(browser)
    default: break
    }
  }

  /// Pasted text: into the value being edited with its line breaks, into a prompt or search on
  /// one line; elsewhere it is not read as keys (a pasted `x` or `q` would delete or quit).
  mutating func paste(_ text: String) {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    if case .editing = mode {
      typeText(lines)
    } else if Scope.textEntry.contains(scope) {
      typeText(lines.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " "))
    } else {
      message = StatusMessage("Pasted text goes into a value: e edits the selected one, then paste")
    }
  }

  /// True when an `idle` event has work to do (draft findings to recompute).
  public var wantsIdle: Bool {
    if case .editing(let session) = mode { return session.findingsStale }
    return false
  }

  /// Recomputes the draft's findings when the user pauses typing.
  mutating func refreshDraftFindings() {
    guard case .editing(var session) = mode, session.findingsStale else { return }
    session.findings = draftFindings(session)
    session.findingsStale = false
    mode = .editing(session)
  }

  /// The findings of the edited key as if the draft were the value (the bundles stay as they are).
  mutating func draftFindings(_ session: EditSession) -> [Finding] {
    let edit = Edit(address: session.address, oldValue: session.original, newValue: session.editor.text)
    return checks.draft(local, remote, edit, session.side, &results.checkCache)
  }

  mutating func commit(_ session: EditSession) -> [Effect] {
    mode = .browse
    // In a String Catalog the edit also records the unit's state, which the value change
    // makes `translated`: undoing it gives both back.
    let edit = bundle(session.side).withImpliedState(
      Edit(
        address: session.address, oldValue: session.original, newValue: session.editor.text,
        comment: session.original == nil ? session.comment : nil))
    // The value the entry already has is no edit: no `*`, no journal entry, no undo step.
    guard !edit.isNoOp else {
      message = StatusMessage("No change")
      return []
    }
    do {
      try applyToBundle(edit, side: session.side)
    } catch {
      message = StatusMessage("\(error)", isError: true)
      return []
    }
    editing.history.record(SidedEdit(side: session.side, edit: edit))
    message = StatusMessage(
      "\(session.original == nil ? "Added" : "Edited") \(session.address.key) (\(session.side.rawValue)); w saves, u undoes"
    )
    return afterChange(edit, side: session.side)
  }

  mutating func undo() -> [Effect] {
    guard let step = editing.history.undo() else {
      message = StatusMessage("Nothing to undo")
      return []
    }
    if !step.states.isEmpty { return replayStates(step, undoing: true) }
    let inverses = step.edits.reversed().map(\.inverse)
    do {
      if let before = step.before {
        try restore(before, side: step.side)
      } else {
        try applyAll(inverses, side: step.side)
      }
    } catch {
      _ = editing.history.redo()
      message = StatusMessage("Cannot undo: \(error)", isError: true)
      return []
    }
    message = StatusMessage("Undid \(step.describe)")
    show(step.edit.address)
    return afterChange(inverses, side: step.side)
  }

  mutating func redo() -> [Effect] {
    guard let step = editing.history.redo() else {
      message = StatusMessage("Nothing to redo")
      return []
    }
    if !step.states.isEmpty { return replayStates(step, undoing: false) }
    do { try applyAll(step.edits, side: step.side) } catch {
      _ = editing.history.undo()
      message = StatusMessage("Cannot redo: \(error)", isError: true)
      return []
    }
    message = StatusMessage("Redid \(step.describe)")
    show(step.edit.address)
    return afterChange(step.edits, side: step.side)
  }

  /// Applies edits in order; when one fails, those applied before it are taken back.
  mutating func applyAll(_ edits: [Edit], side: Side) throws {
    var applied: [Edit] = []
    do {
      for edit in edits {
        try applyToBundle(edit, side: side)
        applied.append(edit)
      }
    } catch {
      for edit in applied.reversed() { try? applyToBundle(edit.inverse, side: side) }
      throw error
    }
  }

  /// Puts a table of one side back as it was before a deletion.
  mutating func restore(_ contents: TableContents, side: Side) throws {
    switch side {
    case .local: local.restore(contents)
    case .remote:
      var bundle = try openRemote()
      bundle.restore(contents)
      remote = bundle
    }
  }

  /// The remote bundle, which every edit of the remote side needs.
  private func openRemote() throws -> LocalizationBundle {
    // Free-form: no action offers the remote side without a remote bundle, so no command
    // reaches this; it guards the invariant instead of crashing.
    guard let remote else { throw GlossaError.invalid("no remote bundle is open") }
    return remote
  }

  mutating func applyToBundle(_ edit: Edit, side: Side) throws {
    switch side {
    case .local: try local.apply(edit)
    case .remote:
      var bundle = try openRemote()
      try bundle.apply(edit)
      remote = bundle
    }
  }

  /// Bookkeeping after a value changed: journal, findings, rows.
  mutating func afterChange(_ edit: Edit, side: Side) -> [Effect] {
    afterChange([edit], side: side)
  }

  /// Bookkeeping after values changed in one step: journal, findings, rows.
  mutating func afterChange(_ edits: [Edit], side: Side) -> [Effect] {
    dropGlobalHits()
    var checking: [Effect] = []
    for edit in edits {
      editing.noteChange(edit, side: side)
      for effect in recheck(edit.address) where !checking.contains(effect) { checking.append(effect) }
    }
    rebuildRows()
    return [journalEffect(side)] + checking
  }

  /// The journal write after a change on `side`: its edits, or none once the side is back to
  /// what its files hold (an edit undone or typed back), so that a later session does not offer
  /// to restore edits that change nothing. Not while a save is running (the files are
  /// changing), and only when every changed table would write its saved bytes exactly: the
  /// unsaved marker compares values as strings, for which `é` and `e` + U+0301 are equal.
  mutating func journalEffect(_ side: Side) -> Effect {
    let clean =
      saves.saving[side] == nil && !dirtySides.contains(side)
      && bundle(side).tables.allSatisfy { $0.format == .xcstrings || $0.writesItsSavedBytes }
    guard clean else { return .writeJournal(side, editing.journal[side] ?? []) }
    editing.journal[side] = nil
    return .removeJournal(side)
  }

  /// Runs the checks of one key again in its language.
  ///
  /// An edit of the development language can change findings of that key in every language;
  /// rather than checking each language in turn on the main loop, it asks for a full run in the
  /// background (after the one in flight, if any). Keys changed while a run is in flight are
  /// checked again when its results arrive, so they never show findings older than the edit.
  mutating func recheck(_ address: ValueAddress) -> [Effect] {
    recheckKey(address)
    if remote != nil { recheckRemoteKey(address) }
    var effects: [Effect] = []
    let affectsOthers = address.language == local.developmentLanguage && languages.count > 1
    if isLoading {
      // The full run starts when the load finishes and sees this edit.
    } else if results.checking {
      results.recheckAfterRun.append(address)
      if affectsOthers { results.fullCheckPending = true }
    } else if affectsOthers {
      effects = startChecks()
    } else {
      effects = acrossKeysEffects(address.language)
    }
    return effects
  }

  /// Asks for the findings across keys of `language` on both sides (see `ReviewChecks.crossKey`).
  func acrossKeysEffects(_ language: String) -> [Effect] {
    guard checks.crossKey != nil else { return [] }
    return (remote == nil ? [Side.local] : [.local, .remote]).map { .recheckAcrossKeys($0, language: language) }
  }

  /// Replaces the findings of one key in its language with a fresh per-key check.
  mutating func recheckKey(_ address: ValueAddress) {
    let found = checks.key(local, remote, address.language, address.table, address.key, &results.checkCache)
      .filter { $0.key == address.key && $0.language == address.language && $0.table == address.table }
    replaceFindings(.local, of: address, with: found, keepingAcrossKeys: true)
  }

  /// Makes `found` the findings of `address`'s key on `side`. With `keepingAcrossKeys`, its
  /// findings of the kinds a per-key check cannot tell (`ReviewChecks.crossKeyKinds`) stay
  /// until `recheckAcrossKeys` answers.
  mutating func replaceFindings(_ side: Side, of address: ValueAddress, with found: [Finding], keepingAcrossKeys: Bool)
  {
    var found = found
    if keepingAcrossKeys && !checks.crossKeyKinds.isEmpty {
      found += results.findings(of: side).findings(language: address.language, table: address.table, key: address.key)
        .filter { checks.crossKeyKinds.contains($0.kind) }
    }
    let before = findingVersions
    // The rows shown hold their table's findings: let go of them while one key's are replaced,
    // or the replace copies the table's 20,000 keys of findings.
    let shown = address.language == language && address.table == table
    switch side {
    case .local:
      if shown { browse.rows.localFindings = [:] }
      results.findings.replace(language: address.language, table: address.table, key: address.key, with: found)
      if shown { browse.rows.localFindings = results.findings.findings(language: language, table: table) }
    case .remote:
      if shown { browse.rows.remoteFindings = [:] }
      results.remoteFindings.replace(language: address.language, table: address.table, key: address.key, with: found)
      if shown { browse.rows.remoteFindings = results.remoteFindings.findings(language: language, table: table) }
    }
    updateRowKindMask(address, before: before)
    updateFindingCatalog(side: side, address, with: found)
  }

  /// Replaces the remote bundle's own findings of one key with a fresh per-key check.
  mutating func recheckRemoteKey(_ address: ValueAddress) {
    guard let remote else { return }
    let found = checks.remoteKey(remote, address.language, address.table, address.key, &results.remoteCheckCache)
      .filter { $0.key == address.key && $0.language == address.language && $0.table == address.table }
    replaceFindings(.remote, of: address, with: found, keepingAcrossKeys: true)
  }

  /// Takes the results of a full run, then re-checks the keys edited while it ran.
  mutating func finishChecks(
    _ all: [Finding], remote remoteAll: [Finding] = [], prepared: PreparedFindings? = nil
  ) -> [Effect] {
    retired.append(results.findings)
    retired.append(results.remoteFindings)
    results.findings = prepared?.local ?? FindingIndex(all)
    results.remoteFindings = prepared?.remote ?? FindingIndex(remoteAll)
    dropFindingCatalog()
    // Sorted where the checks ran, for the languages and tables shown now: the first `]` or `F`
    // does not sort them again. Edits made during the run are merged in by their re-checks below.
    if let sorted = prepared?.sorted, sorted.catalog.basis == findingBasis {
      results.sortedFindingItems = sorted.catalog
    }
    results.checking = false
    results.hasAllFindings = true
    var effects: [Effect] = []
    for address in results.recheckAfterRun {
      recheckKey(address)
      recheckRemoteKey(address)
      // The run read the bundle before these edits: its findings across keys are older too.
      for effect in acrossKeysEffects(address.language) where !effects.contains(effect) { effects.append(effect) }
    }
    results.recheckAfterRun.removeAll()
    if results.fullCheckPending {
      results.fullCheckPending = false
      effects = startChecks()
    }
    refreshRowFindings()
    return effects + resumeAwaitingCatalog()
  }

  /// Shows the language and table of `address` and selects its key when it is visible.
  mutating func show(_ address: ValueAddress) {
    if let index = languages.firstIndex(of: address.language) { browse.languageIndex = index }
    if let index = tables.firstIndex(of: address.table) { browse.tableIndex = index }
    rebuildRows()
    if let index = browse.visible.firstIndex(where: { browse.rows.keys[$0] == address.key }) { select(index) }
  }
}

extension LineEditor {
  /// Applies one of the text-entry actions shared by the editor, search and prompts.
  mutating func apply(_ action: Action) {
    switch action {
    case .editLeft: moveLeft()
    case .editRight: moveRight()
    case .editWordLeft: moveWordLeft()
    case .editWordRight: moveWordRight()
    case .editHome: moveHome()
    case .editEnd: moveEnd()
    case .editUp: moveUp()
    case .editDown: moveDown()
    case .editBackspace: backspace()
    case .editDelete: deleteForward()
    case .editDeleteWord: deleteWordBackward()
    case .editKillToEnd: killToEnd()
    case .editKillToStart: killToStart()
    default: break
    }
  }
}
