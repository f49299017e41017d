/// Byte-confined edits of an XML property list parsed by `PlistXMLParser`.
enum PlistXMLEditing {
  /// A replacement of `range` by `text`.
  struct Splice: Sendable, Hashable {
    var range: Range<Int>
    var text: String
  }

  /// Replaces the character data of a scalar element (a `<string/>` becomes `<string>…</string>`).
  static func replaceText(of node: PlistNode, with value: String) -> Splice {
    let escaped = XMLText.escape(value)
    if let content = node.content { return Splice(range: content, text: escaped) }
    return Splice(range: node.start..<node.end, text: "<\(node.tag)>\(escaped)</\(node.tag)>")
  }

  /// The indentation step of the file: the extra indentation of a dict's pairs over the dict.
  static func indentUnit(_ bytes: [UInt8], root: PlistNode?) -> String {
    guard let root, let first = root.pairs.first,
      let outer = LineBytes.indentation(bytes, before: root.start),
      let inner = LineBytes.indentation(bytes, before: first.keyStart),
      inner.hasPrefix(outer), inner.count > outer.count
    else { return "\t" }
    return String(inner.dropFirst(outer.count))
  }

  /// Inserts `lines` (already indented relative to each other) as new pairs of `dict`, after the
  /// pair at `index` (nil: before the first pair), matching the indentation around them.
  static func insert(
    _ lines: [String], into dict: PlistNode, after index: Int?, bytes: [UInt8], newline: String,
    unit: String
  ) -> Splice {
    if !dict.pairs.isEmpty {
      let anchor = dict.pairs[index ?? 0]
      let indent = LineBytes.indentation(bytes, before: anchor.keyStart)
      let separator = indent.map { newline + $0 } ?? ""
      let body = lines.joined(separator: separator)
      if index == nil {
        return Splice(range: anchor.keyStart..<anchor.keyStart, text: body + separator)
      }
      let end = anchor.value.end
      return Splice(range: end..<end, text: separator + body)
    }
    let outer = LineBytes.indentation(bytes, before: dict.start) ?? ""
    let inner = outer + unit
    let body = newline + inner + lines.joined(separator: newline + inner) + newline + outer
    if let content = dict.content { return Splice(range: content, text: body) }
    return Splice(range: dict.start..<dict.end, text: "<\(dict.tag)>\(body)</\(dict.tag)>")
  }

  /// The bytes to delete to remove `pair`: its whole lines when it stands on lines of its own.
  static func removalRange(of pair: PlistPair, bytes: [UInt8]) -> Range<Int> {
    if LineBytes.indentation(bytes, before: pair.keyStart) != nil,
      let end = LineBytes.endOfLine(bytes, after: pair.value.end)
    {
      return LineBytes.lineStart(bytes, pair.keyStart)..<end
    }
    var start = pair.keyStart
    while start > 0 && LineBytes.isBlank(bytes[start - 1]) { start -= 1 }
    return start..<pair.value.end
  }

  /// Lines for a `<key>` and a `<string>` value.
  static func stringPair(_ key: String, _ value: String) -> [String] {
    ["<key>\(XMLText.escape(key))</key>", "<string>\(XMLText.escape(value))</string>"]
  }
}
