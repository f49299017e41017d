/// Where each part of the screen goes at a given size.
public struct Layout: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var hasRemote: Bool
  /// True when the language shown is the development language: its Source column would repeat Local.
  public var showsSourceLanguage: Bool
  /// The widest key of the table shown, in columns (0: unknown, the default width is used).
  public var keyColumns: Int
  /// Rows the key list has to show (nil: as many as fit): rows it leaves empty go to the
  /// detail pane.
  public var rowCount: Int?
  /// True when the detail pane has the focus or an editor: it takes two thirds of the room.
  public var detailExpanded: Bool

  /// The smallest size the review draws at; below it a notice asks for a bigger terminal.
  public static let minimumWidth = 40
  public static let minimumHeight = 12

  public init(
    width: Int, height: Int, hasRemote: Bool, showsSourceLanguage: Bool = false, keyColumns: Int = 0,
    rowCount: Int? = nil, detailExpanded: Bool = false
  ) {
    self.width = width
    self.height = height
    self.hasRemote = hasRemote
    self.showsSourceLanguage = showsSourceLanguage
    self.keyColumns = keyColumns
    self.rowCount = rowCount
    self.detailExpanded = detailExpanded
  }

  /// True when the terminal is big enough to draw the review.
  public var fits: Bool { width >= Layout.minimumWidth && height >= Layout.minimumHeight }

  /// Header rows (bundles; language, table, filter, counts).
  public var headerHeight: Int { 2 }
  /// The row of column titles.
  public var columnTitleRow: Int { headerHeight }
  /// First row of the key list.
  public var listTop: Int { headerHeight + 1 }
  /// The rows the key list and the detail pane share, between the column titles and the footer.
  var sharedRows: Int { max(2, height - listTop - 1) }
  /// Rows of the detail pane, including its title line: a third of the window, two thirds when
  /// it has the focus or an editor, and every row a short list leaves empty, so plural forms
  /// and long messages show without scrolling. The list keeps at least one row.
  public var detailHeight: Int {
    var detail = height < 30 ? max(5, height / 3) : height / 3 + 1
    if detailExpanded { detail = max(detail, sharedRows * 2 / 3) }
    // An empty list keeps two rows for the sentence that says why it is empty.
    if let rowCount { detail = max(detail, sharedRows - max(rowCount == 0 ? 2 : 1, rowCount)) }
    return max(1, min(detail, sharedRows - 1))
  }
  /// Rows of the key list.
  public var listHeight: Int { max(1, sharedRows - detailHeight) }
  /// The detail pane's title line.
  public var detailTop: Int { listTop + listHeight }
  /// The footer row.
  public var footerRow: Int { height - 1 }

  /// Width of the marker column: edited mark, finding letter, changed mark, selection arrow.
  public var markerWidth: Int { 4 }
  /// Width of the key column: what the table's widest key needs (with room for the plural mark),
  /// up to a fair share of the window (40 %, at most 60 columns), never under 12. Long keys that
  /// differ only at their end (`network-protection.waitlist.invited.…`) stay apart on a wide
  /// window; short keys leave the room to the values. The detail pane shows a key in full.
  public var keyWidth: Int {
    guard keyColumns > 0 else { return min(40, max(12, width * 28 / 100)) }
    let share = min(60, max(12, width * 40 / 100))
    return min(share, max(12, keyColumns + 2))
  }

  /// The value columns shown side by side, with their x and width.
  public var valueColumns: [(column: ValueColumn, x: Int, width: Int)] {
    var columns: [ValueColumn] = hasRemote ? [.source, .local, .remote, .effective] : [.source, .local]
    if showsSourceLanguage { columns.removeFirst() }
    let start = markerWidth + keyWidth + 1
    let room = width - start
    if columns.count == 4 && room / 4 < 16 { columns.removeLast() }
    let each = max(1, (room - (columns.count - 1)) / columns.count)
    var result: [(ValueColumn, Int, Int)] = []
    var x = start
    for (index, column) in columns.enumerated() {
      let w = index == columns.count - 1 ? max(1, width - x) : each
      result.append((column, x, w))
      x += w + 1
    }
    return result
  }
}

/// A column of values in the key list.
public enum ValueColumn: String, Sendable, Hashable, CaseIterable {
  case source, local, remote, effective

  /// The column's title.
  public var title: String {
    switch self {
    case .source: "Source"
    case .local: "Local"
    case .remote: "Remote"
    case .effective: "Effective"
    }
  }
}
