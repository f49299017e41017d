/// A CLDR plural category.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case zero, one, two, few, many, other

  /// CLDR's canonical order: zero, one, two, few, many, other.
  public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
    lhs.order < rhs.order
  }

  private var order: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .few: 3
    case .many: 4
    case .other: 5
    }
  }
}
