/// A value of the small YAML subset `.glossa.yml` uses, with the line it starts on.
public indirect enum YAMLValue: Sendable, Hashable {
  /// A plain or quoted scalar, as text.
  case scalar(String, line: Int)
  /// A block (`- a`) or flow (`[a, b]`) sequence.
  case list([YAMLValue], line: Int)
  /// A block (`k: v`) or flow (`{k: v}`) mapping, keys in file order.
  case map([(key: String, value: YAMLValue)], line: Int)

  /// The 1-based line where the value starts.
  public var line: Int {
    switch self {
    case .scalar(_, let line), .list(_, let line), .map(_, let line): line
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
    switch (lhs, rhs) {
    case (.scalar(let a, let la), .scalar(let b, let lb)): a == b && la == lb
    case (.list(let a, let la), .list(let b, let lb)): a == b && la == lb
    case (.map(let a, let la), .map(let b, let lb)):
      la == lb && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .scalar(let text, let line):
      hasher.combine(0)
      hasher.combine(text)
      hasher.combine(line)
    case .list(let items, let line):
      hasher.combine(1)
      hasher.combine(items)
      hasher.combine(line)
    case .map(let pairs, let line):
      hasher.combine(2)
      hasher.combine(line)
      for pair in pairs {
        hasher.combine(pair.key)
        hasher.combine(pair.value)
      }
    }
  }
}
