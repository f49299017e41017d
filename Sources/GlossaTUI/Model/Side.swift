import GlossaCore

/// Which of the two bundles a value belongs to.
public enum Side: String, Sendable, Hashable, CaseIterable, Codable {
  case local, remote
}

/// One step of the undo history on one side: a value change (`edit`, with `more` when the step
/// changes several values at once, such as every form of a plural family), or (when `states` is
/// not empty) String Catalog state changes such as marking a key reviewed, with `edit` a no-op
/// naming the key.
public struct SidedEdit: Sendable {
  public var side: Side
  public var edit: Edit
  /// Further edits of the same step, applied after `edit`.
  public var more: [Edit]
  /// State changes of catalog units made by this step.
  public var states: [UnitStateChange]
  /// The table as it was before a deletion: undo puts it back byte for byte.
  public var before: TableContents?

  public init(
    side: Side, edit: Edit, more: [Edit] = [], states: [UnitStateChange] = [], before: TableContents? = nil
  ) {
    self.side = side
    self.edit = edit
    self.more = more
    self.states = states
    self.before = before
  }

  /// The step an edit read back from a journal (or replayed after a reload) stands for: a
  /// state step when it changes no value (marking a key reviewed), else a value edit, whose
  /// undo applies its inverse, states it implies included.
  public init(replaying edit: Edit, side: Side) {
    self.init(side: side, edit: edit, states: edit.isValueNoOp ? edit.states ?? [] : [])
  }

  /// Every value edit of the step, in the order applied.
  public var edits: [Edit] { [edit] + more }
}

/// One String Catalog unit's state before and after a change (for undo, redo and the journal).
public typealias UnitStateChange = CatalogStateChange

/// A value on one side: the key the edited markers and baselines are kept by.
public struct SidedAddress: Sendable, Hashable {
  public var side: Side
  public var address: ValueAddress
  public init(side: Side, address: ValueAddress) {
    self.side = side
    self.address = address
  }
}

extension SidedEdit {
  /// The step in words, for the status line (`the edit of login.title`).
  var describe: String {
    let key = edit.address.key
    if before != nil { return "the deletion of \(key)" }
    if !more.isEmpty { return "the change of \(edits.count) values of \(key)" }
    return "the edit of \(key)"
  }
}
