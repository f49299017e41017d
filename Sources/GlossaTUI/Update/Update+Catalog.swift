import GlossaCore

/// String Catalog review: unit states and marking values reviewed.
extension AppState {
  /// The units of the selected key in the current language and table, when the table is a
  /// String Catalog (empty otherwise), in file order.
  public var catalogUnits: [CatalogUnit] {
    guard let row = selectedRow, let catalog = local.catalog(table: table) else { return [] }
    return catalog.units(ofKey: row.key, language: language)
  }

  /// The selected key's units in this language whose state is not `state`.
  func unreviewedUnits(_ state: TranslationState = .translated) -> [CatalogUnit] {
    catalogUnits.filter { $0.state != state }
  }

  /// Sides whose String Catalog differs from its file: a value or a state changed (a state
  /// change is no value edit) and not changed back. Edits undone leave the catalog clean; an
  /// edit saved and then undone leaves it dirty, since the file holds the edit.
  var dirtyCatalogSides: Set<Side> {
    var sides = Set<Side>()
    if editing.catalogCache.hasChanges(local, side: .local) { sides.insert(.local) }
    if let remote, editing.catalogCache.hasChanges(remote, side: .remote) { sides.insert(.remote) }
    return sides
  }

  /// Marks every unit of the selected key in this language `translated` (reviewed) or
  /// `needs_review`, then re-checks it (`markRowsReviewed` with the one row).
  mutating func markReviewed(as state: TranslationState) -> [Effect] {
    let word = state == .translated ? "reviewed" : state.rawValue
    guard let row = selectedRow, !unreviewedUnits(state).isEmpty else {
      message = StatusMessage(
        catalogUnits.isEmpty ? "Only String Catalog values have a review state" : "Every value here already is \(word)")
      return []
    }
    return markRowsReviewed([row], as: state)
  }

  /// Sets each unit's `new` state (or, `undoing`, its `old` one) on one side.
  mutating func applyStates(_ changes: [UnitStateChange], side: Side, undoing: Bool = false) throws {
    var bundle = self.bundle(side)
    for change in undoing ? changes.reversed() : changes {
      try bundle.setCatalogState(undoing ? change.old : change.new, at: change.path, table: change.table)
    }
    if side == .local { local = bundle } else { remote = bundle }
  }

  /// Undoes or redoes a step of state changes: the states, a re-check and the rows.
  mutating func replayStates(_ step: SidedEdit, undoing: Bool) -> [Effect] {
    do {
      try applyStates(step.states, side: step.side, undoing: undoing)
    } catch {
      _ = undoing ? editing.history.redo() : editing.history.undo()
      message = StatusMessage("Cannot \(undoing ? "undo" : "redo"): \(error)", isError: true)
      return []
    }
    let count = step.states.count
    let word = step.states.first?.new == .translated ? "reviewed" : (step.states.first?.new?.rawValue ?? "")
    message = StatusMessage(
      "\(undoing ? "Undid" : "Redid") marking \(count) value\(count == 1 ? "" : "s") of \(step.edit.address.key) \(word)"
    )
    show(step.edit.address)
    let journaled = Edit(
      address: step.edit.address, oldValue: step.edit.newValue, newValue: step.edit.newValue, states: step.states)
    editing.journal[step.side, default: []].append(undoing ? journaled.inverse : journaled)
    // Every key the step marked (several when marked keys were reviewed at once).
    var checking = recheck(step.edit.address)
    for key in Set(step.states.map(\.path.key)) where key != step.edit.address.key {
      var address = step.edit.address
      address.key = key
      for effect in recheck(address) where !checking.contains(effect) { checking.append(effect) }
    }
    rebuildRows()
    return [journalEffect(step.side)] + checking
  }
}

extension CatalogUnit {
  /// `state` with the variation it belongs to (`one · needs_review`, `mac · translated`).
  var stateLabel: String {
    var parts: [String] = []
    if let substitution = path.substitution { parts.append("%#@\(substitution)@") }
    if let device = path.device { parts.append(device) }
    if let plural = path.plural { parts.append(plural.rawValue) }
    let state = self.state?.rawValue ?? "no state"
    return parts.isEmpty ? state : parts.joined(separator: " ") + ": " + state
  }
}
