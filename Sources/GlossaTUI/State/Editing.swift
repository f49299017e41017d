import GlossaCore

/// The edits of the review: undo and redo, each side's edits since its last save (what its journal
/// holds), the values edited, and which of them still differ from the saved files.
public struct Editing: Sendable {
  /// The steps `u` undoes and `Ctrl-R` redoes.
  public internal(set) var history = EditHistory<SidedEdit>()
  /// Per side, the edits since the last save, in order: what the journal holds.
  public internal(set) var journal: [Side: [Edit]] = [:]
  /// The values edited in this review; whether each still differs from the saved file is the
  /// bundle's to say (`LocalizationBundle.isEdited`).
  public internal(set) var touched: Set<SidedAddress> = []
  /// `editedAddresses` per state of the bundles (see `EditedAddressCache`).
  let editedCache = EditedAddressCache()
  /// `dirtyCatalogSides` per state of the catalogs (see `CatalogChangeCache`).
  let catalogCache = CatalogChangeCache()

  /// A value of `side` changed: it is edited, and the side's journal holds the edit.
  mutating func noteChange(_ edit: Edit, side: Side) {
    touched.insert(SidedAddress(side: side, address: edit.address))
    journal[side, default: []].append(edit)
  }

  /// A save of `side` wrote the first `count` edits of its journal: the journal keeps the rest,
  /// which is returned.
  mutating func dropJournal(_ side: Side, first count: Int) -> [Edit] {
    let rest = Array((journal[side] ?? []).dropFirst(count))
    journal[side] = rest.isEmpty ? nil : rest
    return rest
  }

  /// Forgets every edit of `side` (its bundle was read again) and returns what its journal
  /// held, to be applied again.
  mutating func forget(_ side: Side) -> [Edit] {
    let edits = journal[side] ?? []
    journal[side] = nil
    touched = touched.filter { $0.side != side }
    history.removeAll { $0.side == side }
    return edits
  }
}
