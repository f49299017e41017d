import GlossaCore

extension AppState {
  mutating func performBrowsing(_ action: Action) -> [Effect] {
    if actsOnMarks(action) { return actOnMarks(action) }
    switch action {
    case .moveDown, .moveUp:
      let step = action == .moveDown ? 1 : -1
      if browse.detailFocused {
        let count = detailFields.count
        browse.detailField = max(0, min(count - 1, browse.detailField + step))
      } else {
        select(browse.selection + step)
      }
    case .pageDown: select(browse.selection + layout.listHeight)
    case .pageUp: select(browse.selection - layout.listHeight)
    case .top: select(0)
    case .bottom: select(browse.visible.count - 1)
    case .nextLanguage, .previousLanguage:
      guard languages.count > 1 else { return [] }
      let step = action == .nextLanguage ? 1 : -1
      browse.languageIndex = (browse.languageIndex + step + languages.count) % languages.count
      browse.detailField = 0
      rebuildRows()
      return showingLanguage()
    case .nextTable, .previousTable:
      guard tables.count > 1 else { return [] }
      let step = action == .nextTable ? 1 : -1
      browse.tableIndex = (browse.tableIndex + step + tables.count) % tables.count
      browse.detailField = 0
      rebuildRows()
    case .pickLanguage:
      mode = .picker(Picker(kind: .language, items: languages, selection: browse.languageIndex, notes: languageNotes))
    case .pickTable:
      mode = .picker(Picker(kind: .table, items: tables, selection: browse.tableIndex))
    case .nextFinding, .previousFinding: return walkFindings(forward: action == .nextFinding)
    case .showFindings: openFindings()
    case .search:
      mode = .search(SearchSession(editor: LineEditor(), origin: browse.selection))
    case .searchNext, .searchPrevious:
      guard !search.searchTerm.isEmpty else {
        message = StatusMessage("No search yet: press / to search")
        return []
      }
      if search.searchScopeEverywhere { return walkHits(forward: action == .searchNext) }
      let needle = SearchText.needle(search.searchTerm)
      jump(forward: action == .searchNext, what: "match for \(search.searchTerm)") { $0.rowMatches($1, needle) }
    case .cycleFilter:
      // `won't fit` belongs to the pseudo preview: the cycle passes it by while the preview is off.
      let next = browse.filter.next
      setFilter(next == .wontFit && !browse.showsPseudo ? next.next : next)
    case .filterAll: setFilter(.all)
    case .filterFindings: setFilter(.findings)
    case .filterMissing: setFilter(.missing)
    case .filterOneSide: setFilter(.oneSide)
    case .filterOverlong: setFilter(.overlong)
    case .filterPlural: setFilter(.plural)
    case .filterNeedsReview: setFilter(.needsReview)
    case .filterChanged: setFilter(.changed)
    case .filterEdited: setFilter(.edited)
    case .filterWontFit: setFilter(.wontFit)
    case .togglePseudo: togglePseudo()
    case .switchPane:
      browse.detailFocused.toggle()
      browse.detailField = 0
    case .edit:
      if browse.detailFocused, detailFields.indices.contains(browse.detailField) {
        beginEdit(detailFields[browse.detailField])
      } else {
        beginEdit(side: .local)
      }
    case .editRemote:
      guard remote != nil else {
        message = StatusMessage("No remote bundle is open")
        return []
      }
      beginEdit(side: .remote)
    case .toggleMark: toggleMark()
    case .markAll: markAll()
    case .copySource:
      guard let row = selectedRow else { return [] }
      return actOnMarks(.copySource, only: [row])
    case .markReviewed: return markReviewed(as: .translated)
    case .markNeedsReview: return markReviewed(as: .needsReview)
    case .deleteValue: return deleteSelected()
    case .takeRemote: return copyAcross(to: .local)
    case .takeRendering: return takeRendering()
    case .giveRemote: return copyAcross(to: .remote)
    case .undo: return undo()
    case .redo: return redo()
    case .save: return save()
    case .repack:
      if let reason = incompleteReason {
        message = StatusMessage("Cannot repack yet: \(reason)", isError: true)
        return []
      }
      beginRepack()
    case .export: beginExport(.keys)
    case .help: mode = .help(scroll: 0)
    case .quit:
      if isDirty {
        let count = editedAddresses.count
        // A String Catalog can be dirty with no value edited: a unit marked reviewed.
        let what = count > 0 ? "\(count) unsaved edit\(count == 1 ? "" : "s")" : "Unsaved review-state changes"
        // Never offer a save that cannot be done: a downloaded remote's edits go to a zip.
        let dirty = dirtySides
        let downloads = dirty.filter { bundle($0).isDownload }
        let question: String
        let answers: [Action]
        if downloads.isEmpty {
          (question, answers) = ("\(what). Save before quitting?", [.answerSave, .answerDiscard])
        } else if downloads.count == dirty.count {
          question = "\(what) in the downloaded remote. Write \(count == 1 ? "it" : "them") as a zip before quitting?"
          answers = [.answerYes, .answerDiscard]
        } else {
          question = "\(what). Save the local bundle and write the download's edits as a zip before quitting?"
          answers = [.answerSave, .answerDiscard]
        }
        mode = .choice(ChoicePrompt(purpose: .quitUnsaved, question: question, answers: answers))
        return []
      }
      return [.quit]
    default: break
    }
    return []
  }

  /// Each language's finding counts for the picker (`✖2 ▲5`, both sides), or a loading note.
  var languageNotes: [String] {
    languages.map { language in
      if loading.pendingLanguages.contains(language) { return "loading" }
      guard results.hasAllFindings else { return "" }
      var counts = results.findings.countsByLanguage[language] ?? [:]
      for (severity, count) in results.remoteFindings.countsByLanguage[language] ?? [:] {
        counts[severity, default: 0] += count
      }
      let parts = [Severity.error, .warning, .info].compactMap { severity in
        (counts[severity] ?? 0) > 0 ? "\(severity.glyph)\(counts[severity] ?? 0)" : nil
      }
      return parts.isEmpty ? "✓" : parts.joined(separator: " ")
    }
  }

  /// Selects the visible row at `index` (clamped) and scrolls it into view.
  mutating func select(_ index: Int) {
    browse.selection = max(0, min(browse.visible.count - 1, index))
    browse.detailField = 0
    clampScroll()
  }

  mutating func setFilter(_ new: Filter) {
    let keep = selectedRow?.key
    browse.filter = new
    applyFilter(keeping: keep)
    if browse.visible.isEmpty {
      if !results.hasAllFindings && new.needsFindings {
        message = StatusMessage("The checks have not finished yet: findings appear when they do")
      } else {
        message = StatusMessage("No keys match the filter \(new.label) in \(language) · \(table)")
      }
    }
  }

  /// Moves to the next (or previous) visible row whose index into `rows` satisfies `test`, wrapping round.
  mutating func jump(forward: Bool, what: String, _ test: (inout AppState, Int) -> Bool) {
    guard !browse.visible.isEmpty else { return }
    let count = browse.visible.count
    for offset in 1...count {
      let index = ((browse.selection + (forward ? offset : -offset)) % count + count) % count
      if test(&self, browse.visible[index]) {
        if forward ? index <= browse.selection : index >= browse.selection {
          message = StatusMessage("Wrapped round to the \(forward ? "top" : "bottom")")
        }
        select(index)
        return
      }
    }
    message = StatusMessage("No \(what) in this list")
  }
}
