import GlossaCore

/// Breaking text into lines that fit a number of terminal columns.
public enum TextWrap {
  /// `text` split at its newlines and wrapped to `columns`, breaking after spaces where it can.
  ///
  /// Always returns at least one line; a cluster wider than `columns` gets a line of its own.
  public static func lines(_ text: String, columns: Int) -> [String] {
    let columns = max(1, columns)
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      result += wrap(String(paragraph), columns: columns)
    }
    return result.isEmpty ? [""] : result
  }

  /// One paragraph (no newlines) wrapped to `columns`.
  static func wrap(_ paragraph: String, columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var lastBreak: String.Index?
    for character in paragraph {
      let width = Screen.glyph(for: character).1
      if lineWidth + width > columns, !line.isEmpty {
        if let cut = lastBreak, cut > line.startIndex, cut < line.endIndex {
          lines.append(String(line[..<cut]))
          line = String(line[cut...])
        } else {
          lines.append(line)
          line = ""
        }
        lineWidth = DisplayWidth.columns(of: line)
        lastBreak = nil
      }
      line.append(character)
      lineWidth += width
      if character == " " { lastBreak = line.endIndex }
    }
    lines.append(line)
    return lines
  }
}
