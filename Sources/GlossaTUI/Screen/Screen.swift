import GlossaCore

/// An in-memory grid of cells that views draw into; the terminal flushes what changed.
public struct Screen: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Row-major cells, `width × height`.
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank(), count: self.width * self.height)
  }

  /// The cell at column `x`, row `y` (a blank cell outside the grid).
  public subscript(x: Int, y: Int) -> Cell {
    guard contains(x: x, y: y) else { return .blank() }
    return cells[y * width + x]
  }

  /// True when `x`, `y` lies inside the grid.
  public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

  /// Draws `text` at `x`, `y` in `style`, clipped to `limit` columns (and the grid's edge).
  ///
  /// Controls are shown as visible symbols (a newline as `↵`); a wide cluster that would
  /// straddle the limit becomes a space. Returns the columns written.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil)
    -> Int
  {
    guard y >= 0, y < height, x < width else { return 0 }
    let end = min(width, limit.map { x + max(0, $0) } ?? width)
    var column = x
    for character in text {
      if column >= end { break }
      let (glyph, columns) = Screen.glyph(for: character)
      if columns == 0 { continue }
      if column + columns > end {
        if column >= 0 { set(.blank(style), x: column, y: y) }
        column += 1
        break
      }
      if column >= 0 {
        set(Cell(glyph, width: columns, style: style), x: column, y: y)
        if columns == 2 { set(.continuation(style), x: column + 1, y: y) }
      }
      column += columns
    }
    return max(0, column - max(x, 0))
  }

  /// Fills a rectangle with blanks in `style`.
  public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: Style = .plain) {
    for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
      for column in max(0, x)..<max(max(0, x), min(width, x + w)) {
        set(.blank(style), x: column, y: row)
      }
    }
  }

  /// Changes the style of the cells in one row span, keeping their text.
  public mutating func restyle(y: Int, x: Int, width w: Int, _ change: (inout Style) -> Void) {
    guard y >= 0, y < height else { return }
    for column in max(0, x)..<max(max(0, x), min(width, x + w)) {
      change(&cells[y * width + column].style)
    }
  }

  /// The grid as plain text, one string per row, trailing spaces removed.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        let cell = cells[row * width + column]
        if !cell.isContinuation { line += cell.text }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// The grid as plain text with a newline after every row.
  public var text: String { lines.map { $0 + "\n" }.joined() }

  /// Cells that differ from `previous` (every cell when the sizes differ), as (x, y) pairs.
  public func changedPositions(since previous: Screen?) -> [(x: Int, y: Int)] {
    var result: [(x: Int, y: Int)] = []
    guard let previous, previous.width == width, previous.height == height else {
      for row in 0..<height { for column in 0..<width { result.append((column, row)) } }
      return result
    }
    for index in cells.indices where cells[index] != previous.cells[index] {
      result.append((index % width, index / width))
    }
    return result
  }

  /// Sets one cell, blanking the other half of any wide cluster it overwrites.
  private mutating func set(_ cell: Cell, x: Int, y: Int) {
    guard contains(x: x, y: y) else { return }
    let index = y * width + x
    let old = cells[index]
    if old.isContinuation, x > 0, cells[index - 1].width == 2, cell.width != 0 {
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    if old.width == 2, cell.width != 2, x + 1 < width {
      cells[index + 1] = .blank(old.style)
    }
    cells[index] = cell
  }

  /// How a cluster is drawn: controls become visible symbols.
  static func glyph(for character: Character) -> (String, Int) {
    switch character {
    case "\n", "\r\n", "\r": return ("↵", 1)
    case "\t": return ("⇥", 1)
    default: break
    }
    let columns = DisplayWidth.columns(of: character)
    if columns == 0, let scalar = character.unicodeScalars.first,
      scalar.properties.generalCategory == .control
    {
      return ("�", 1)
    }
    return (String(character), columns)
  }
}
