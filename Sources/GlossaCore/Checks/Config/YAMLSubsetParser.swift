/// Parses the YAML subset of `.glossa.yml`: block mappings and sequences by indentation,
/// sequences of scalars, of flow mappings (`- {kind: x, key: y}`) or of flat block mappings
/// (`- kind: x` then `  key: y`), flow sequences of scalars (`[a, b]`), `#` comments, and
/// single- or double-quoted strings. Anchors, tags, multi-line scalars and documents are not
/// supported and give an error naming the line.
public struct YAMLSubsetParser {
  /// One meaningful line: its number, indentation and text without the comment.
  struct Line {
    var number: Int
    var indent: Int
    var text: String
  }

  /// Deepest nesting accepted, so hostile input cannot exhaust the stack.
  static let maxDepth = 24

  let file: String
  var lines: [Line] = []
  var position = 0

  /// Parses `text`; `file` names it in errors.
  /// - Throws: `GlossaError` with `file:line: what was expected` for anything outside the subset.
  public static func parse(_ text: String, file: String) throws -> YAMLValue {
    var parser = YAMLSubsetParser(file: file)
    try parser.split(text)
    guard let first = parser.lines.first else { return .map([], line: 1) }
    let value = try parser.block(indent: first.indent, depth: 0)
    if parser.position < parser.lines.count {
      let line = parser.lines[parser.position]
      throw parser.error(line.number, "unexpected indentation: expected a key at column \(first.indent + 1)")
    }
    return value
  }

  private init(file: String) { self.file = file }

  func error(_ line: Int, _ message: String) -> GlossaError {
    GlossaError("\(file):\(line): \(message)")
  }

  /// Splits the text into lines, dropping blanks and comments.
  private mutating func split(_ text: String) throws {
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      var line = String(raw)
      if line.hasSuffix("\r") { line.removeLast() }
      if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
      let indentText = line.prefix { $0 == " " || $0 == "\t" }
      if indentText.contains("\t") { throw error(number, "tabs are not allowed for indentation; use spaces") }
      let content = try stripComment(String(line.dropFirst(indentText.count)), line: number)
      let trimmed = content.yamlTrimmingTrailingBlanks()
      if trimmed.isEmpty { continue }
      if trimmed == "---" || trimmed == "..." {
        if lines.isEmpty { continue }
        throw error(number, "only one YAML document is supported")
      }
      lines.append(Line(number: number, indent: indentText.count, text: trimmed))
    }
  }

  /// `text` without a `#` comment (a `#` at the start or after a space, outside quotes).
  private func stripComment(_ text: String, line: Int) throws -> String {
    var quote: Character?
    var previous: Character = " "
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      if let open = quote {
        if c == open {
          let next = text.index(after: index)
          if open == "'", next < text.endIndex, text[next] == "'" {
            index = text.index(after: next)
            previous = c
            continue
          }
          quote = nil
        } else if c == "\\", open == "\"" {
          index = text.index(after: index)
          if index == text.endIndex { break }
        }
      } else if c == "\"" || c == "'" {
        if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":"
          || index == text.startIndex
        {
          quote = c
        }
      } else if c == "#", previous == " " || previous == "\t" {
        return String(text[..<index])
      }
      previous = c
      index = text.index(after: index)
    }
    if quote != nil { throw error(line, "unterminated quoted string: expected a closing \(quote!)") }
    return text
  }

  /// Parses the block starting at the current line, whose lines sit at `indent`.
  mutating func block(indent: Int, depth: Int) throws -> YAMLValue {
    let line = lines[position]
    guard depth < Self.maxDepth else { throw error(line.number, "nesting is deeper than \(Self.maxDepth) levels") }
    if line.text == "-" || line.text.hasPrefix("- ") {
      return try sequence(indent: indent, depth: depth)
    }
    return try mapping(indent: indent, depth: depth, firstLine: nil)
  }

  private mutating func sequence(indent: Int, depth: Int) throws -> YAMLValue {
    let start = lines[position].number
    var items: [YAMLValue] = []
    while position < lines.count, lines[position].indent == indent {
      let line = lines[position]
      guard line.text == "-" || line.text.hasPrefix("- ") else {
        throw error(line.number, "expected a list item starting with '- '")
      }
      let rest = String(line.text.dropFirst(1).drop { $0 == " " })
      if rest.isEmpty {
        position += 1
        items.append(try nested(below: indent, depth: depth, line: line.number))
      } else if rest.hasPrefix("{") || rest.hasPrefix("[") || rest.hasPrefix("\"") || rest.hasPrefix("'")
        || splitKey(rest) == nil
      {
        items.append(try inlineValue(rest, line: line.number))
        position += 1
      } else {
        let column = indent + (line.text.count - rest.count)
        lines[position] = Line(number: line.number, indent: column, text: rest)
        items.append(try mapping(indent: column, depth: depth + 1, firstLine: line.number))
      }
    }
    if position < lines.count, lines[position].indent > indent {
      throw error(lines[position].number, "unexpected indentation inside a list")
    }
    return .list(items, line: start)
  }

  private mutating func mapping(indent: Int, depth: Int, firstLine: Int?) throws -> YAMLValue {
    let start = firstLine ?? lines[position].number
    var pairs: [(key: String, value: YAMLValue)] = []
    while position < lines.count, lines[position].indent == indent {
      let line = lines[position]
      if line.text == "-" || line.text.hasPrefix("- ") {
        throw error(line.number, "expected 'key: value', found a list item")
      }
      guard let (rawKey, rawValue) = splitKey(line.text) else {
        throw error(line.number, "expected 'key: value'")
      }
      let key = try scalar(rawKey, line: line.number)
      if pairs.contains(where: { $0.key == key }) {
        throw error(line.number, "the key '\(key)' appears twice in this mapping")
      }
      position += 1
      if rawValue.isEmpty {
        if position < lines.count, lines[position].indent == indent,
          lines[position].text == "-" || lines[position].text.hasPrefix("- ")
        {
          pairs.append((key, try sequence(indent: indent, depth: depth + 1)))
        } else {
          pairs.append((key, try nested(below: indent, depth: depth, line: line.number)))
        }
      } else {
        pairs.append((key, try inlineValue(rawValue, line: line.number)))
      }
    }
    if position < lines.count, lines[position].indent > indent {
      throw error(lines[position].number, "unexpected indentation: expected a key at column \(indent + 1)")
    }
    return .map(pairs, line: start)
  }

  /// The block indented deeper than `indent`, or an empty scalar when there is none.
  private mutating func nested(below indent: Int, depth: Int, line: Int) throws -> YAMLValue {
    guard position < lines.count, lines[position].indent > indent else { return .scalar("", line: line) }
    return try block(indent: lines[position].indent, depth: depth + 1)
  }
}
