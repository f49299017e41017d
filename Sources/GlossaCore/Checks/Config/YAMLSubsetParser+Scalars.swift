extension YAMLSubsetParser {
  /// Splits `key: value` at the first `:` followed by a space or the end, outside quotes.
  func splitKey(_ text: String) -> (String, String)? {
    var quote: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      let next = text.index(after: index)
      if let open = quote {
        if c == open { quote = nil } else if c == "\\", open == "\"", next < text.endIndex {
          index = text.index(after: next)
          continue
        }
      } else if c == "\"" || c == "'", index == text.startIndex {
        quote = c
      } else if c == ":", next == text.endIndex || text[next] == " " {
        let key = String(text[..<index]).yamlTrimmingTrailingBlanks()
        let value = String(text[next...].drop { $0 == " " })
        return key.isEmpty ? nil : (key, value)
      }
      index = next
    }
    return nil
  }

  /// A value written on the same line: a flow mapping, a flow sequence or a scalar.
  func inlineValue(_ text: String, line: Int) throws -> YAMLValue {
    if text.hasPrefix("{") {
      guard text.hasSuffix("}") else { throw error(line, "expected '}' at the end of the flow mapping") }
      var pairs: [(key: String, value: YAMLValue)] = []
      for item in try flowItems(String(text.dropFirst().dropLast()), line: line) {
        guard let (key, value) = splitKey(item) else {
          throw error(line, "expected 'key: value' inside '{…}', found '\(item)'")
        }
        let name = try scalar(key, line: line)
        if pairs.contains(where: { $0.key == name }) {
          throw error(line, "the key '\(name)' appears twice in this mapping")
        }
        pairs.append((name, .scalar(try scalar(value, line: line), line: line)))
      }
      return .map(pairs, line: line)
    }
    if text.hasPrefix("[") {
      guard text.hasSuffix("]") else { throw error(line, "expected ']' at the end of the flow list") }
      let items = try flowItems(String(text.dropFirst().dropLast()), line: line)
      return .list(try items.map { .scalar(try scalar($0, line: line), line: line) }, line: line)
    }
    if text.hasPrefix("&") || text.hasPrefix("*") || text.hasPrefix("!") || text.hasPrefix("|")
      || text.hasPrefix(">")
    {
      throw error(line, "anchors, aliases, tags and block scalars are not supported; quote the value")
    }
    return .scalar(try scalar(text, line: line), line: line)
  }

  /// Splits the inside of `{…}` or `[…]` at commas outside quotes; nested brackets are refused.
  private func flowItems(_ text: String, line: Int) throws -> [String] {
    var items: [String] = []
    var current = ""
    var quote: Character?
    var escaped = false
    for c in text {
      if let open = quote {
        current.append(c)
        if escaped {
          escaped = false
        } else if c == "\\", open == "\"" {
          escaped = true
        } else if c == open {
          quote = nil
        }
        continue
      }
      switch c {
      case "\"", "'":
        quote = c
        current.append(c)
      case "{", "}", "[", "]":
        throw error(line, "nested flow collections are not supported")
      case ",":
        items.append(current.yamlTrimmingBlanks())
        current = ""
      default:
        current.append(c)
      }
    }
    let last = current.yamlTrimmingBlanks()
    if !last.isEmpty { items.append(last) }
    if items.contains(where: \.isEmpty) { throw error(line, "empty item between commas") }
    return items
  }

  /// Decodes a plain, single-quoted or double-quoted scalar.
  func scalar(_ raw: String, line: Int) throws -> String {
    let text = raw.yamlTrimmingBlanks()
    guard let first = text.first, first == "\"" || first == "'" else { return text }
    guard text.count >= 2, text.last == first else {
      throw error(line, "expected a closing \(first) at the end of the value")
    }
    let inner = text.dropFirst().dropLast()
    if first == "'" { return inner.replacingOccurrences(of: "''", with: "'") }
    var result = ""
    var iterator = inner.makeIterator()
    while let c = iterator.next() {
      guard c == "\\" else {
        result.append(c)
        continue
      }
      switch iterator.next() {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "\"": result.append("\"")
      case "\\": result.append("\\")
      case "/": result.append("/")
      case let other:
        throw error(line, "unsupported escape '\\\(other.map(String.init) ?? "")' in a double-quoted value")
      }
    }
    return result
  }
}

extension String {
  func yamlTrimmingTrailingBlanks() -> String {
    var s = self
    while let last = s.last, last == " " || last == "\t" { s.removeLast() }
    return s
  }

  func yamlTrimmingBlanks() -> String {
    String(yamlTrimmingTrailingBlanks().drop { $0 == " " || $0 == "\t" })
  }
}
