/// Undo and redo stacks of steps (an edit, or an edit with the side it was made on).
public struct EditHistory<Step: Sendable>: Sendable {
  /// Steps done, oldest first; the last is undone next.
  public private(set) var done: [Step] = []
  /// Steps undone, the last is redone next.
  public private(set) var undone: [Step] = []

  public init() {}

  /// Records a new step; anything undone can no longer be redone.
  public mutating func record(_ step: Step) {
    done.append(step)
    undone.removeAll()
  }

  /// Takes the last step off the done stack (the caller applies its inverse).
  public mutating func undo() -> Step? {
    guard let step = done.popLast() else { return nil }
    undone.append(step)
    return step
  }

  /// Takes the last undone step back onto the done stack (the caller applies it again).
  public mutating func redo() -> Step? {
    guard let step = undone.popLast() else { return nil }
    done.append(step)
    return step
  }

  /// Forgets the steps `predicate` picks, done and undone (a side read again from disk).
  public mutating func removeAll(where predicate: (Step) -> Bool) {
    done.removeAll(where: predicate)
    undone.removeAll(where: predicate)
  }

  public var canUndo: Bool { !done.isEmpty }
  public var canRedo: Bool { !undone.isEmpty }
}
