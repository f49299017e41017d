import GlossaCore

/// Which of the two bundles a value belongs to.
public enum Side: String, Sendable, Hashable, CaseIterable, Codable {
  case local, remote
}

/// An edit made on one side, as the undo history keeps it.
public struct SidedEdit: Sendable, Hashable {
  public var side: Side
  public var edit: Edit
  public init(side: Side, edit: Edit) {
    self.side = side
    self.edit = edit
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
