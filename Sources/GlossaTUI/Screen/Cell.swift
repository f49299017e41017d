/// One terminal cell: a grapheme cluster (or a space) and its style.
///
/// A wide (2-column) cluster sits in its first cell; the cell to its right is a continuation
/// cell with an empty `text` that the terminal skips.
public struct Cell: Sendable, Hashable {
  /// The grapheme cluster drawn here; empty for the right half of a wide cluster.
  public var text: String
  /// Columns the cluster takes: 1 or 2, or 0 for a continuation cell.
  public var width: Int
  public var style: Style

  public init(_ text: String, width: Int = 1, style: Style = .plain) {
    self.text = text
    self.width = width
    self.style = style
  }

  /// A blank cell in `style`.
  public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", width: 1, style: style) }

  /// The right half of a wide cluster.
  public static func continuation(_ style: Style) -> Cell { Cell("", width: 0, style: style) }

  /// True for the right half of a wide cluster.
  public var isContinuation: Bool { width == 0 }
}
