extension JSONTableDocument {
  /// Replaces the string literal of `key` (unless it already holds `value`), or adds it.
  ///
  /// Adding walks the dotted path into the deepest existing object and creates nested objects
  /// for the rest; a flat file (no object-valued member at the top level) gets the whole dotted
  /// key as one top-level member. New text copies the file's indentation, `:` spacing and
  /// string escaping. `comment` is ignored: JSON has no comments.
  /// - Throws: `GlossaError` for plural forms, undecodable or syntactically broken files, or a
  ///   path that runs into a non-object value.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?,
    comment: String?
  ) throws {
    let source = try editableSource()
    if plural != nil || variable != nil {
      throw GlossaError.invalidEdit(file, problem: .jsonHasNoPlurals(key: key))
    }
    let style = JSONStringStyle(source.bytes, from: source.bodyStart)
    if let leaf = leaves.last(where: { $0.key == key }) {
      // An unchanged value is no edit: the literal keeps its own escapes.
      if leaf.member.value.text.isSameText(as: value) { return }
      apply(leaf.member.value.start..<leaf.member.value.end, style.literal(value))
      return
    }
    guard let root else {
      let layout = Layout(source.bytes, root: nil)
      let member = layout.member([key], value, style: style, indent: layout.unit)
      let text = "{" + layout.newline + layout.unit + member + layout.newline + "}" + layout.newline
      apply(source.bytes.count..<source.bytes.count, text)
      return
    }
    guard root.kind == .object else {
      throw GlossaError.invalidEdit(file, problem: .rootNotObject(key: key))
    }
    let layout = Layout(source.bytes, root: root)
    let flat = !root.members.contains { $0.value.kind == .object }
    var object = root
    var rest = key
    while !flat {
      let next = object.members.filter { $0.value.kind == .object && rest.hasPrefix($0.key + ".") }
        .max { $0.key.count < $1.key.count }
      guard let next else { break }
      object = next.value
      rest = String(rest.dropFirst(next.key.count + 1))
    }
    let segments = flat ? [rest] : rest.components(separatedBy: ".")
    if segments.count > 1, let clash = object.members.first(where: { $0.key == segments[0] }) {
      throw GlossaError.invalidEdit(
        file, problem: .parentNotObject(parent: segments[0], kind: Self.describe(clash.value.kind), key: key))
    }
    apply(insertion(of: segments, value, into: object, source: source, layout: layout, style: style))
  }

  /// Removes the member of `key` with its line and the comma that separated it.
  /// - Throws: `GlossaError` when the key does not exist or the file cannot be edited.
  public mutating func removeValue(
    forKey key: String, plural: PluralCategory?, variable: String?
  ) throws {
    let source = try editableSource()
    guard plural == nil, variable == nil, let leaf = leaves.last(where: { $0.key == key }) else {
      throw GlossaError.invalidEdit(file, problem: .noKey(key))
    }
    let bytes = source.bytes
    let members = leaf.parent.members
    guard let position = members.firstIndex(of: leaf.member) else { return }
    if members.count == 1 {
      apply((leaf.parent.start + 1)..<(leaf.parent.end - 1), "")
    } else if position + 1 < members.count {
      let next = members[position + 1]
      if LineBytes.indentation(bytes, before: leaf.member.keyStart) != nil,
        LineBytes.indentation(bytes, before: next.keyStart) != nil
      {
        apply(LineBytes.lineStart(bytes, leaf.member.keyStart)..<LineBytes.lineStart(bytes, next.keyStart), "")
      } else {
        apply(leaf.member.keyStart..<next.keyStart, "")
      }
    } else {
      apply(members[position - 1].value.end..<leaf.member.value.end, "")
    }
  }

  private func editableSource() throws -> SourceText {
    guard let source else {
      throw GlossaError.invalidEdit(file, problem: .notUTF8)
    }
    guard !hasSyntaxError else {
      throw GlossaError.invalidEdit(file, problem: .syntaxError)
    }
    return source
  }

  private func insertion(
    of segments: [String], _ value: String, into object: JSONNode, source: SourceText,
    layout: Layout, style: JSONStringStyle
  ) -> (Range<Int>, String) {
    let bytes = source.bytes
    if let last = object.members.last {
      guard let indent = LineBytes.indentation(bytes, before: last.keyStart) else {
        return (last.value.end..<last.value.end, ", " + layout.member(segments, value, style: style, indent: nil))
      }
      let member = layout.member(segments, value, style: style, indent: indent)
      return (last.value.end..<last.value.end, "," + layout.newline + indent + member)
    }
    let lineStart = LineBytes.lineStart(bytes, object.start)
    var outerEnd = lineStart
    while outerEnd < object.start && LineBytes.isBlank(bytes[outerEnd]) { outerEnd += 1 }
    let outer = String(decoding: bytes[lineStart..<outerEnd], as: UTF8.self)
    if layout.inline {
      return ((object.start + 1)..<(object.end - 1), layout.member(segments, value, style: style, indent: nil))
    }
    let inner = outer + layout.unit
    let member = layout.member(segments, value, style: style, indent: inner)
    return ((object.start + 1)..<(object.end - 1), layout.newline + inner + member + layout.newline + outer)
  }

  private mutating func apply(_ range: Range<Int>, _ text: String) {
    source?.replace(range, with: text)
    isEdited = true
    reparse()
  }

  private mutating func apply(_ splice: (Range<Int>, String)) { apply(splice.0, splice.1) }

  /// The file's layout habits: indentation step, `:` spacing, line break, one-line objects.
  struct Layout {
    var unit = "  "
    var separator = ": "
    var newline = "\n"
    var inline = false

    init(_ bytes: [UInt8], root: JSONNode?) {
      newline = SourceText(encoding: .utf8, bytes: bytes, bodyStart: 0).newline
      guard let root, let first = root.members.first else { return }
      separator = String(decoding: bytes[first.keyEnd..<first.value.start], as: UTF8.self)
      if separator.contains(where: \.isNewline) { separator = ": " }
      guard let inner = LineBytes.indentation(bytes, before: first.keyStart) else {
        inline = true
        return
      }
      let start = LineBytes.lineStart(bytes, root.start)
      var end = start
      while end < root.start && LineBytes.isBlank(bytes[end]) { end += 1 }
      let outer = String(decoding: bytes[start..<end], as: UTF8.self)
      if inner.hasPrefix(outer) && inner.count > outer.count { unit = String(inner.dropFirst(outer.count)) }
    }

    /// `"a": {"b": "value"}` laid out at `indent` (nil: on one line).
    func member(_ segments: [String], _ value: String, style: JSONStringStyle, indent: String?) -> String {
      let head = style.literal(segments[0]) + separator
      guard segments.count > 1 else { return head + style.literal(value) }
      let rest = Array(segments.dropFirst())
      guard let indent else { return head + "{" + member(rest, value, style: style, indent: nil) + "}" }
      let inner = indent + unit
      return head + "{" + newline + inner + member(rest, value, style: style, indent: inner) + newline + indent + "}"
    }
  }
}
