import GlossaCore

/// A run of text in one style; views build lines out of spans.
public struct Span: Sendable, Hashable {
  public var text: String
  public var style: Style
  public init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

extension Screen {
  /// Draws spans one after another from `x`, clipped to `limit` columns; returns the columns used.
  @discardableResult
  public mutating func put(_ spans: [Span], x: Int, y: Int, limit: Int? = nil) -> Int {
    let end = limit.map { x + $0 } ?? width
    var column = x
    for span in spans where column < end {
      column += put(span.text, x: column, y: y, style: span.style, limit: end - column)
    }
    return column - x
  }

  /// Draws `text` clipped to `width` columns, ending in `…` when it was cut.
  @discardableResult
  public mutating func putClipped(_ text: String, x: Int, y: Int, width: Int, style: Style = .plain) -> Int {
    let flat = text.replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
    let clipped = DisplayWidth.truncated(flat, toColumns: width, ellipsis: "…")
    return put(clipped, x: x, y: y, style: style, limit: width)
  }
}

extension Severity {
  /// The glyph shown beside findings of this severity (colour is never the only signal).
  public var glyph: String {
    switch self {
    case .error: "✖"
    case .warning: "▲"
    case .info: "●"
    }
  }
}
