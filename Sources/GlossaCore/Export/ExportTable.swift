/// Rows to write out for a spreadsheet, a ticket or a script: what the review's findings view or
/// key list shows, or what `glossa lint` found. Built by the core and the review; written as
/// JSON, CSV or Markdown by the executable (`ExportOutput`).
public struct ExportTable: Sendable, Hashable {
  /// One cell: text, a number, or nothing (JSON `null`, an empty CSV field).
  public enum Cell: Sendable, Hashable {
    case text(String)
    case number(Int)
    case empty

    public static func optional(_ text: String?) -> Cell { text.map(Cell.text) ?? .empty }
    public static func optional(_ number: Int?) -> Cell { number.map(Cell.number) ?? .empty }
  }

  /// Column names, in order (JSON keys, the CSV header, the Markdown header).
  public var columns: [String]
  /// Rows with one cell per column.
  public var rows: [[Cell]]

  public init(columns: [String], rows: [[Cell]] = []) {
    self.columns = columns
    self.rows = rows
  }

  /// The columns of a findings export.
  public static let findingColumns = [
    "kind", "severity", "side", "language", "table", "key", "category", "file", "line", "column", "message",
    "value", "width", "limit",
  ]

  /// A findings table; `length` gives, for a length finding, the value it measured, its width
  /// in columns and the limit it went over.
  public static func findings(
    _ items: [(side: String?, finding: Finding)],
    length: (Finding, String?) -> (value: String, width: Int, limit: Int?)? = { _, _ in nil }
  ) -> ExportTable {
    var table = ExportTable(columns: findingColumns)
    table.rows.reserveCapacity(items.count)
    for (side, finding) in items {
      let measured = length(finding, side)
      table.rows.append([
        .text(finding.kind.rawValue), .text(finding.severity.rawValue), .optional(side), .optional(finding.language),
        .optional(finding.table), .optional(finding.key), .optional(finding.category?.rawValue),
        .optional(finding.file), .optional(finding.line), .optional(finding.column), .text(finding.message),
        .optional(measured?.value), .optional(measured?.width), .optional(measured?.limit),
      ])
    }
    return table
  }
}

/// The formats an export is written in, chosen by the file's extension.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
  case json, csv, markdown

  /// The format a path's extension names (`.json`, `.csv`, `.md` or `.markdown`), or nil.
  public init?(path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: ".") else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "json": self = .json
    case "csv": self = .csv
    case "md", "markdown": self = .markdown
    default: return nil
    }
  }
}
