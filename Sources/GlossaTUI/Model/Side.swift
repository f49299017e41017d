import GlossaCore

/// Which of the two bundles a value belongs to.
public enum Side: String, Sendable, Hashable, CaseIterable, Codable {
  case local, remote
}

/// An edit made on one side, as the undo history keeps it: a value change, or (when `states`
/// is not empty) String Catalog state changes such as marking a key reviewed, with `edit` a
/// no-op naming the key.
public struct SidedEdit: Sendable, Hashable {
  public var side: Side
  public var edit: Edit
  /// State changes of catalog units made by this step.
  public var states: [UnitStateChange]
  public init(side: Side, edit: Edit, states: [UnitStateChange] = []) {
    self.side = side
    self.edit = edit
    self.states = states
  }
}

/// One String Catalog unit's state before and after a change (for undo and redo).
public struct UnitStateChange: Sendable, Hashable {
  public var table: String
  public var path: CatalogUnitPath
  /// The state before; nil when the unit had none.
  public var old: TranslationState?
  public var new: TranslationState?
  public init(table: String, path: CatalogUnitPath, old: TranslationState?, new: TranslationState?) {
    self.table = table
    self.path = path
    self.old = old
    self.new = new
  }
}

/// A value on one side: the key the edited markers and baselines are kept by.
public struct SidedAddress: Sendable, Hashable {
  public var side: Side
  public var address: ValueAddress
  public init(side: Side, address: ValueAddress) {
    self.side = side
    self.address = address
  }
}
