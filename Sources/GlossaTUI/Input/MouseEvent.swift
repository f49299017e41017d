/// A mouse press or wheel step at a cell, decoded by the terminal.
public struct MouseEvent: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The left button went down.
    case press
    /// The wheel turned away from the user (the list scrolls up).
    case wheelUp
    /// The wheel turned towards the user.
    case wheelDown
  }

  public var kind: Kind
  /// Column and line of the cell, from 0 at the top left.
  public var x: Int
  public var y: Int

  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}
