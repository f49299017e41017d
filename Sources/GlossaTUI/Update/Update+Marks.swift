import GlossaCore

/// Acting on many keys at once: `Space` marks keys one by one, `A` marks every key the list
/// shows; `r`, `v`, `<`, `>`, `C` and `x` then act on every marked key of the language and table
/// shown, as one step that `u` undoes whole.
extension AppState {
  /// Where marks belong: one language and table.
  var markPlace: String { language + "\u{0}" + table }

  /// The marked keys of the list shown, in list order (none once the language or table changed).
  var markedRows: [KeyRow] { browse.markedRows(at: markPlace) }

  /// Marks (or unmarks) the selected key and moves to the next row.
  mutating func toggleMark() {
    guard let row = selectedRow else { return }
    browse.toggleMark(row.key, at: markPlace)
    clampScroll()
    message = StatusMessage(markNote)
  }

  /// Marks every key the list shows, or unmarks them all when they all are marked.
  mutating func markAll() {
    browse.markAll(at: markPlace)
    message = StatusMessage(browse.marked.isEmpty ? "No key marked" : markNote)
  }

  private var markNote: String {
    let count = markedRows.count
    return count == 0
      ? "No key marked"
      : "\(count) key\(count == 1 ? "" : "s") marked: r reviewed, v needs review, < take remote, > give remote, "
        + "C copy source, x delete (one undo step); A again unmarks all"
  }

  /// True when `action` acts on the marked keys rather than the selected one.
  func actsOnMarks(_ action: Action) -> Bool {
    [.markReviewed, .markNeedsReview, .deleteValue, .takeRemote, .giveRemote, .copySource].contains(action)
      && !browse.detailFocused && !markedRows.isEmpty
  }

  /// Every value of `row` an action changes on `side`: its value, or every form either side has
  /// of its family (taking the remote's family takes a form only it has, as `<` on one row does).
  func rowAddresses(_ row: KeyRow, side: Side) -> [ValueAddress] {
    guard row.isPlural else { return [ValueAddress(language: language, table: table, key: row.key)] }
    let other = side == .local ? Side.remote : .local
    let categories = Set(pluralForms(of: row, side: side).keys).union(pluralForms(of: row, side: other).keys)
    return categories.sorted().map { address(of: DetailField(side: side, category: $0), row: row) }
  }

  /// Runs `action` on every marked key (or `only` these rows) as one step, then clears the marks.
  mutating func actOnMarks(_ action: Action, only: [KeyRow]? = nil) -> [Effect] {
    let rows = only ?? markedRows
    switch action {
    case .markReviewed, .markNeedsReview:
      return markRowsReviewed(rows, as: action == .markReviewed ? .translated : .needsReview)
    case .takeRemote, .giveRemote, .copySource, .deleteValue:
      guard action == .copySource || action == .deleteValue || remote != nil else {
        message = StatusMessage("No remote bundle is open")
        return []
      }
      let target: Side = action == .giveRemote ? .remote : .local
      var edits: [Edit] = []
      for row in rows {
        for address in rowAddresses(row, side: target) {
          let current = bundle(target).value(at: address)
          let value: String?
          switch action {
          case .takeRemote: value = bundle(.remote).value(at: address)
          case .giveRemote: value = local.value(at: address)
          case .copySource: value = sourceText(for: address)
          default: value = nil
          }
          if action == .deleteValue {
            if let current { edits.append(Edit(address: address, oldValue: current, newValue: nil)) }
            continue
          }
          guard let value else { continue }
          let edit = bundle(target).withImpliedState(
            Edit(address: address, oldValue: current, newValue: value, comment: current == nil ? row.comment : nil))
          if !edit.isNoOp { edits.append(edit) }
        }
      }
      return applyMarked(edits, side: target, action: action, rows: rows.count)
    default:
      return []
    }
  }

  /// Applies the edits of a marked action as one undo step.
  private mutating func applyMarked(_ edits: [Edit], side: Side, action: Action, rows: Int) -> [Effect] {
    let verb: String
    switch action {
    case .takeRemote: verb = "Took the remote values of"
    case .giveRemote: verb = "Gave the local values to remote for"
    case .copySource: verb = "Copied the source text into"
    default: verb = "Deleted the local values of"
    }
    guard let first = edits.first else {
      message = StatusMessage(
        "Nothing to change in the \(rows) marked key\(rows == 1 ? "" : "s"); \(rows == 1 ? "it stays" : "they stay") marked (A unmarks)"
      )
      return []
    }
    do {
      var before: TableContents?
      if action == .deleteValue { before = try local.contents(language: language, table: table) }
      try applyAll(edits, side: side)
      editing.history.record(SidedEdit(side: side, edit: first, more: Array(edits.dropFirst()), before: before))
    } catch {
      message = StatusMessage("Cannot change the marked keys: \(error)", isError: true)
      return []
    }
    let keys = Set(edits.map(\.address.key)).count
    browse.marked = []
    message = StatusMessage(
      "\(verb) \(keys) key\(keys == 1 ? "" : "s") (\(edits.count) value\(edits.count == 1 ? "" : "s")); u undoes, w saves"
    )
    return afterChange(edits, side: side)
  }

  /// Marks every unit of `rows` reviewed (or needing review) as one step.
  mutating func markRowsReviewed(_ rows: [KeyRow], as state: TranslationState) -> [Effect] {
    guard let catalog = local.catalog(table: table) else {
      message = StatusMessage("Only String Catalog values have a review state")
      return []
    }
    let changes = rows.flatMap { row in
      catalog.units(ofKey: row.key, language: language).filter { $0.state != state }.map {
        UnitStateChange(table: table, path: $0.path, old: $0.state, new: state)
      }
    }
    let word = state == .translated ? "reviewed" : state.rawValue
    guard let firstRow = rows.first, !changes.isEmpty else {
      message = StatusMessage("Every value of the marked keys already is \(word)")
      return []
    }
    do {
      try applyStates(changes, side: .local)
    } catch {
      message = StatusMessage("\(error)", isError: true)
      return []
    }
    let key = ValueAddress(language: language, table: table, key: firstRow.key)
    let value = local.value(at: key)
    let edit = Edit(address: key, oldValue: value, newValue: value, states: changes)
    editing.history.record(SidedEdit(side: .local, edit: edit, states: changes))
    editing.journal[.local, default: []].append(edit)
    var effects: [Effect] = [journalEffect(.local)]
    for row in rows {
      let address = ValueAddress(language: language, table: table, key: row.key)
      editing.touched.insert(SidedAddress(side: .local, address: address))
      for effect in recheck(address) where !effects.contains(effect) { effects.append(effect) }
    }
    let keys = Set(changes.map(\.path.key))
    let of = keys.count == 1 ? (keys.first ?? "") : "\(keys.count) keys"
    browse.marked = []
    message = StatusMessage(
      "Marked \(changes.count) value\(changes.count == 1 ? "" : "s") of \(of) \(word); w saves, u undoes")
    rebuildRows()
    return effects
  }
}
