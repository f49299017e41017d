/// A value of `.glossa.yml`, with the line and column (1-based, in code points) it starts at.
public indirect enum YAMLValue: Sendable, Hashable {
  /// A scalar (plain, quoted or block), as text; a null (`~`, nothing) is empty text.
  case scalar(String, line: Int, column: Int)
  /// A block (`- a`) or flow (`[a, b]`) sequence.
  case list([YAMLValue], line: Int, column: Int)
  /// A block (`k: v`) or flow (`{k: v}`) mapping, keys in file order (merged keys first).
  case map([YAMLPair], line: Int, column: Int)

  /// The 1-based line where the value starts.
  public var line: Int {
    switch self {
    case .scalar(_, let line, _), .list(_, let line, _), .map(_, let line, _): line
    }
  }

  /// The 1-based column where the value starts.
  public var column: Int {
    switch self {
    case .scalar(_, _, let column), .list(_, _, let column), .map(_, _, let column): column
    }
  }

  /// What the value is, for error messages.
  var kindName: String {
    switch self {
    case .scalar: "a single value"
    case .list: "a list"
    case .map: "a mapping"
    }
  }

  public static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
    guard lhs.line == rhs.line, lhs.column == rhs.column else { return false }
    switch (lhs, rhs) {
    case (.scalar(let a, _, _), .scalar(let b, _, _)): return a == b
    case (.list(let a, _, _), .list(let b, _, _)): return a == b
    case (.map(let a, _, _), .map(let b, _, _)):
      return a == b
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(column)
    switch self {
    case .scalar(let text, _, _):
      hasher.combine(0)
      hasher.combine(text)
    case .list(let items, _, _):
      hasher.combine(1)
      hasher.combine(items)
    case .map(let pairs, _, _):
      hasher.combine(2)
      hasher.combine(pairs)
    }
  }
}

/// One `key: value` of a mapping, with where the key is written.
public struct YAMLPair: Sendable, Hashable {
  public var key: String
  public var value: YAMLValue
  /// The key's 1-based line and column.
  public var line: Int
  public var column: Int

  public init(key: String, value: YAMLValue, line: Int, column: Int) {
    self.key = key
    self.value = value
    self.line = line
    self.column = column
  }
}
