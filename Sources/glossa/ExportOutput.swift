import Foundation
import GlossaCore

/// An `ExportTable` written as JSON (an array of objects, keys in column order), CSV (RFC 4180,
/// with a header) or a Markdown table: the review's `X` and `glossa lint --format csv|markdown`.
enum ExportOutput {
  static func render(_ table: ExportTable, as format: ExportFormat) -> String {
    switch format {
    case .json: json(table)
    case .csv: csv(table)
    case .markdown: markdown(table)
    }
  }

  static func json(_ table: ExportTable) -> String {
    var out = JSONWriter()
    out.beginArray()
    for row in table.rows {
      out.beginObject()
      for (name, cell) in zip(table.columns, row) {
        switch cell {
        case .text(let text): out.field(name, text)
        case .number(let number): out.field(name, number)
        case .empty: out.field(name, nil as String?)
        }
      }
      out.endObject()
    }
    out.endArray()
    return out.text
  }

  /// CSV with CRLF line ends, every text field quoted. A field that a spreadsheet would run as a
  /// formula (`=`, `+`, `-`, `@`, a tab or CR first) gets a leading `'`: translations come from
  /// servers and contributors, and a cell must never execute.
  static func csv(_ table: ExportTable) -> String {
    var out = table.columns.map(quoted).joined(separator: ",") + "\r\n"
    for row in table.rows {
      out += row.map { cell in
        switch cell {
        case .text(let raw):
          let text = visibleControls(raw)
          let guarded = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
          return quoted(guarded)
        case .number(let number): return String(number)
        case .empty: return ""
        }
      }.joined(separator: ",")
      out += "\r\n"
    }
    return out
  }

  /// Control characters other than tab and line breaks written as `\u{1B}`: an export is read
  /// in terminals and editors, where a raw escape sequence would act instead of showing.
  static func visibleControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isHidden(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A Markdown table: `|`, `\`, backticks and angle brackets escaped, line breaks as `<br>`,
  /// so a cell's text shows as it is in any renderer.
  static func markdown(_ table: ExportTable) -> String {
    func escaped(_ text: String) -> String {
      var out = ""
      for character in text {
        switch character {
        case "|", "\\", "`", "*", "_", "<", ">", "[", "]": out += "\\" + String(character)
        case "\n", "\r\n", "\r": out += "<br>"
        default: out.append(character)
        }
      }
      return out
    }
    var out = "| " + table.columns.joined(separator: " | ") + " |\n"
    out += "|" + table.columns.map { _ in " --- |" }.joined() + "\n"
    for row in table.rows {
      let cells = row.map { cell -> String in
        switch cell {
        case .text(let text): escaped(visibleControls(text))
        case .number(let number): String(number)
        case .empty: ""
        }
      }
      out += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return out
  }
}
