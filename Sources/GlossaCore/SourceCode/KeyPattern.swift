import Foundation

/// Matches the keys of a table against what the code names: a literal key exactly, an
/// interpolated one as a pattern (an interpolation is a format specifier in a
/// `LocalizedStringKey`-style lookup, any text in a `NSLocalizedString` one).
struct KeyPattern {
  private let exact: String?
  private let expression: NSRegularExpression?

  /// A format specifier as a key holds it: `%@`, `%lld`, `%1$@`, `%.2f`, `%#@count@`.
  static let specifier =
    "%(?:[0-9]+\\$)?(?:#@[A-Za-z0-9_]+@|[-+#0']*[0-9]*(?:\\.[0-9]+)?(?:hh|ll|h|l|q|L|z|t|j)?[@dDiuUxXoOcCfFeEgGaAsSp])"

  init?(_ key: SourceKeyUse.Key) {
    switch key {
    case .exact(let text):
      exact = text
      expression = nil
    case .pattern(let parts, let formatted):
      exact = nil
      let gap = formatted ? Self.specifier : "(?s:.*)"
      let pattern = "^" + parts.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: gap) + "$"
      guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
      self.expression = expression
    case .objectID:
      return nil
    }
  }

  /// True when `key` is what the code names.
  func matches(_ key: String) -> Bool {
    if let exact { return exact == key }
    guard let expression else { return false }
    let range = NSRange(key.startIndex..<key.endIndex, in: key)
    return expression.firstMatch(in: key, range: range) != nil
  }

  /// True when some key of `table` is what the code names.
  func matches(in table: TableIndex) -> Bool {
    if let exact { return table.slot(of: exact) != nil }
    return table.keys.contains { matches($0) }
  }
}
