/// What a coloured cell means; the terminal maps each role to a colour (or none under `NO_COLOR`).
public enum ColorRole: Int, Sendable, Hashable, CaseIterable {
  case normal, error, warning, info, edited, changed, accent, muted, title
}

/// How one cell is drawn: a colour role plus text attributes.
public struct Style: Sendable, Hashable {
  public var role: ColorRole
  public var bold: Bool
  public var reverse: Bool
  public var underline: Bool
  public var dim: Bool

  public init(
    _ role: ColorRole = .normal, bold: Bool = false, reverse: Bool = false,
    underline: Bool = false, dim: Bool = false
  ) {
    self.role = role
    self.bold = bold
    self.reverse = reverse
    self.underline = underline
    self.dim = dim
  }

  /// No colour, no attributes.
  public static let plain = Style()
  /// The selected row.
  public static let selected = Style(reverse: true)
  /// Titles and headings.
  public static let heading = Style(.title, bold: true)
  /// Secondary text.
  public static let faint = Style(.muted, dim: true)

  /// This style with `reverse` switched on.
  public var reversed: Style {
    var copy = self
    copy.reverse = true
    return copy
  }

  /// This style in bold.
  public var emphasized: Style {
    var copy = self
    copy.bold = true
    return copy
  }
}
