extension StringCatalogDocument {
  /// Sets the value at `path`, adding the unit, its variation objects, its language or its key
  /// when absent, and gives the unit `state`.
  ///
  /// Without a `state`, a changed or added value becomes `translated` (as Xcode marks an edited
  /// value), and the value the unit already has is no edit: its state stays (`needs_review`
  /// included) and not a byte changes. The same holds in the source language for a key without
  /// units set to its own text, which is what it reads as. A new substitution copies `argNum`
  /// and `formatSpecifier` from the source language's substitution of the same name. A new key
  /// gets `"extractionState" : "manual"`.
  /// - Throws: `GlossaError` (with file:line:column where a member is in the way) when the file
  ///   cannot be edited, the path is malformed, or the localization holds the other shape
  ///   (a single value where variations are asked for, or the reverse).
  public mutating func setValue(
    _ value: String, at path: CatalogUnitPath, state: TranslationState? = nil
  ) throws {
    let source = try editableSource()
    try validate(path)
    if let unit = unit(at: path) {
      var splices: [(Range<Int>, String)] = []
      if !unit.value.isSameText(as: value) { splices.append((unit.valueRange, CatalogJSONValue.literal(value))) }
      if let wanted = state ?? (splices.isEmpty ? nil : .translated) {
        splices += try stateSplices(wanted, for: unit, source: source)
      }
      if !splices.isEmpty { apply(splices) }
      return
    }
    if state == nil && readsAsItsOwnText(path) && path.key.isSameText(as: value) { return }
    let state = state ?? .translated
    try checkShape(for: path)
    let leaf = CatalogJSONValue.unit(state: state, value: value)
    let names = path.memberNames
    if key(path.key) == nil {
      let localizations = CatalogJSONValue.nested(names[3...], around: leaf)
      let object = CatalogJSONValue.object([("extractionState", .string("manual")), ("localizations", localizations)])
      apply([try insertion(Array(names[0...1]), object, source: source)])
      return
    }
    if let name = path.substitution, chain(names).count <= 6 {
      let template = substitutions(of: path.key, language: sourceLanguage ?? "")
        .first { $0.name == name && $0.language != path.language }
      var members: [(String, CatalogJSONValue)] = []
      if let number = template?.argumentNumber { members.append(("argNum", .integer(number))) }
      if let specifier = template?.formatSpecifier { members.append(("formatSpecifier", .string(specifier))) }
      members.append(("variations", CatalogJSONValue.nested(names[7...], around: leaf)))
      apply([try insertion(Array(names[0...5]), .object(members), source: source)])
      return
    }
    apply([try insertion(names, leaf, source: source)])
  }

  /// Sets the state of the unit at `path` (`translated` marks it reviewed); nil removes the
  /// `state` member (undoing a state given to a unit that had none).
  /// - Throws: `GlossaError` when there is no such unit or the file cannot be edited.
  public mutating func setState(_ state: TranslationState?, at path: CatalogUnitPath) throws {
    let source = try editableSource()
    guard let unit = unit(at: path) else { throw GlossaError.invalidEdit(file, problem: .noUnit(path)) }
    guard let state else {
      let nodes = chain(path.memberNames)
      guard unit.stateRange != nil, nodes.count == path.memberNames.count + 1, let object = nodes.last else { return }
      apply([removal(of: "state", from: object, source: source)])
      return
    }
    let splices = try stateSplices(state, for: unit, source: source)
    if !splices.isEmpty { apply(splices) }
  }

  /// Adds `key` with no localizations (`"extractionState" : "manual"` and the comment, if any).
  /// - Throws: `GlossaError` when the key exists or the file cannot be edited.
  public mutating func addKey(_ key: String, comment: String? = nil) throws {
    let source = try editableSource()
    if let existing = self.key(key) {
      throw GlossaError.invalidEdit(file, line: existing.line, column: existing.column, problem: .keyExists(key))
    }
    var members: [(String, CatalogJSONValue)] = [("extractionState", .string("manual"))]
    if let comment { members.append(("comment", .string(comment))) }
    apply([try insertion(["strings", key], .object(members), source: source)])
  }

  /// Removes the unit at `path`; variation, substitution and language objects left empty go
  /// with it (the key stays, possibly as an empty object).
  /// - Throws: `GlossaError` when there is no such unit or the file cannot be edited.
  public mutating func removeUnit(at path: CatalogUnitPath) throws {
    let source = try editableSource()
    guard unit(at: path) != nil else { throw GlossaError.invalidEdit(file, problem: .noUnit(path)) }
    let names = path.memberNames
    let nodes = chain(names)
    // nodes[i] holds member names[i]; climb while the holder would be left empty.
    var level = names.count - 1
    while level > 2 && nodes[level].members.count == 1 { level -= 1 }
    apply([removal(of: names[level], from: nodes[level], source: source)])
  }

  /// Removes `key` and everything under it.
  /// - Throws: `GlossaError` when there is no such key or the file cannot be edited.
  public mutating func removeKey(_ key: String) throws {
    let source = try editableSource()
    let nodes = chain(["strings", key])
    guard nodes.count >= 2, nodes[1].members.contains(where: { $0.key == key }) else {
      throw GlossaError.invalidEdit(file, problem: .noCatalogKey(key))
    }
    apply([removal(of: key, from: nodes[1], source: source)])
  }

  /// True when `path` is the plain value of a source-language key without units of that
  /// language: the key then reads as its own text, as in Xcode.
  private func readsAsItsOwnText(_ path: CatalogUnitPath) -> Bool {
    guard path.language == sourceLanguage, path.substitution == nil, path.device == nil, path.plural == nil,
      key(path.key) != nil
    else { return false }
    return !units.contains { $0.path.key == path.key && $0.path.language == path.language }
  }

  // MARK: - Splices

  private func editableSource() throws -> SourceText {
    guard let source else {
      throw GlossaError.invalidEdit(file, problem: .notUTF8)
    }
    if hasSyntaxError, let error = diagnostics.first(where: { $0.kind == .parseError }) {
      throw GlossaError.invalidEdit(
        file, line: error.line ?? 1, column: error.column ?? 1, problem: .syntaxErrorReported(message: error.message))
    }
    guard rootKind == .object else {
      throw GlossaError.invalidEdit(file, problem: .catalogRootNotObject)
    }
    return source
  }

  private func validate(_ path: CatalogUnitPath) throws {
    if path.substitution != nil && path.plural == nil {
      throw GlossaError.invalidEdit(file, problem: .substitutionNeedsPlural(substitution: path.substitution ?? ""))
    }
    if path.substitution != nil && path.device != nil {
      throw GlossaError.invalidEdit(file, problem: .substitutionByDevice)
    }
  }

  /// Refuses to add a unit beside the other shape of value: a single value next to variations,
  /// or variations next to a single value.
  private func checkShape(for path: CatalogUnitPath) throws {
    guard path.substitution == nil else { return }
    var holderNames = ["strings", path.key, "localizations", path.language]
    if path.device != nil && path.plural != nil { holderNames += ["variations", "device", path.device ?? ""] }
    let nodes = chain(holderNames)
    guard nodes.count == holderNames.count + 1, let holder = nodes.last else { return }
    let wantsVariations = path.plural != nil || path.device != nil
    let conflicting = wantsVariations ? "stringUnit" : "variations"
    guard let member = holder.members.last(where: { $0.key == conflicting }) else { return }
    let place = location(of: member.keyStart)
    if wantsVariations {
      throw GlossaError.invalidEdit(file, line: place.line, column: place.column, problem: .holdsSingleValue(path))
    }
    throw GlossaError.invalidEdit(file, line: place.line, column: place.column, problem: .varies(path))
  }

  private func stateSplices(
    _ state: TranslationState, for unit: CatalogUnit, source: SourceText
  ) throws -> [(Range<Int>, String)] {
    if let range = unit.stateRange {
      let current = String(decoding: source.bytes[range], as: UTF8.self)
      let wanted = CatalogJSONValue.literal(state.rawValue)
      return current == wanted ? [] : [(range, wanted)]
    }
    let nodes = chain(unit.path.memberNames)
    guard nodes.count == unit.path.memberNames.count + 1, let object = nodes.last else { return [] }
    return [memberInsertion("state", .string(state.rawValue), into: object, source: source)]
  }

  /// The objects along `names` from the root: `[root, root[names[0]], …]`, stopping at the
  /// first missing member or non-object value. Each is read shallowly (its members' values as
  /// kinds and ranges only): the catalog is read without a tree, and an edit reads just the
  /// objects on its path.
  func chain(_ names: [String]) -> [JSONNode] {
    guard rootKind == .object, let source, let root = JSONReader.shallowObject(source.bytes, at: source.bodyStart)
    else { return [] }
    var nodes = [root]
    for name in names {
      guard let member = nodes[nodes.count - 1].members.last(where: { $0.key == name }),
        member.value.kind == .object, let object = JSONReader.shallowObject(source.bytes, at: member.value.start)
      else { break }
      nodes.append(object)
    }
    return nodes
  }

  /// Inserts `value` as member `names.last`, creating the missing objects along `names`.
  private func insertion(
    _ names: [String], _ value: CatalogJSONValue, source: SourceText
  ) throws -> (Range<Int>, String) {
    let nodes = chain(names)
    let depth = nodes.count - 1
    guard depth < names.count else {
      throw GlossaError.invalidEdit(file, problem: .membersExist(Array(names)))
    }
    let holder = nodes[depth]
    if let clash = holder.members.last(where: { $0.key == names[depth] }) {
      let place = location(of: clash.value.start)
      throw GlossaError.invalidEdit(
        file, line: place.line, column: place.column,
        problem: .expectedObject(name: names[depth], kind: JSONTableDocument.describe(clash.value.kind)))
    }
    let rest = CatalogJSONValue.nested(names[(depth + 1)...], around: value)
    return memberInsertion(names[depth], rest, into: holder, source: source)
  }

  /// The splice that adds member `name` to `object` at Xcode's sorted position.
  private func memberInsertion(
    _ name: String, _ value: CatalogJSONValue, into object: JSONNode, source: SourceText
  ) -> (Range<Int>, String) {
    let bytes = source.bytes
    let layout = layout(source)
    let outer = lineIndentation(bytes, object.start)
    let inner =
      object.members.first.flatMap { LineBytes.indentation(bytes, before: $0.keyStart) } ?? outer + layout.unit
    let text =
      CatalogJSONValue.literal(name) + layout.separator
      + value.rendered(indent: inner, unit: layout.unit, separator: layout.separator)
    guard let last = object.members.last else {
      return ((object.start + 1)..<(object.end - 1), layout.newline + inner + text + layout.newline + outer)
    }
    let position = CatalogKeyOrder.insertionIndex(of: name, in: object.members.map(\.key))
    if position < object.members.count {
      let next = object.members[position]
      return (next.keyStart..<next.keyStart, text + "," + layout.newline + inner)
    }
    return (last.value.end..<last.value.end, "," + layout.newline + inner + text)
  }

  /// The splice that removes member `name` of `object` with the comma and line break around it;
  /// an object left empty is written `{`, a blank line, `}` as Xcode does.
  private func removal(of name: String, from object: JSONNode, source: SourceText) -> (Range<Int>, String) {
    let members = object.members
    guard let position = members.lastIndex(where: { $0.key == name }) else { return (0..<0, "") }
    if members.count == 1 {
      let layout = layout(source)
      let outer = lineIndentation(source.bytes, object.start)
      return ((object.start + 1)..<(object.end - 1), layout.newline + layout.newline + outer)
    }
    if position + 1 < members.count { return (members[position].keyStart..<members[position + 1].keyStart, "") }
    return (members[position - 1].value.end..<members[position].value.end, "")
  }

  private func lineIndentation(_ bytes: [UInt8], _ offset: Int) -> String {
    let start = LineBytes.lineStart(bytes, offset)
    var end = start
    while end < offset && LineBytes.isBlank(bytes[end]) { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The file's indentation step, key/value separator and line break (Xcode's by default).
  private func layout(_ source: SourceText) -> (unit: String, separator: String, newline: String) {
    var unit = "  "
    var separator = " : "
    if rootKind == .object, let root = JSONReader.shallowObject(source.bytes, at: source.bodyStart, members: 1),
      let first = root.members.first
    {
      let between = String(decoding: source.bytes[first.keyEnd..<first.value.start], as: UTF8.self)
      if !between.contains(where: \.isNewline) { separator = between }
      if let indent = LineBytes.indentation(source.bytes, before: first.keyStart), !indent.isEmpty { unit = indent }
    }
    return (unit, separator, source.newline)
  }

  private func location(of offset: Int) -> (line: Int, column: Int) {
    guard let source else { return (1, 1) }
    return TextPositions(source.bytes, bodyStart: source.bodyStart).location(of: offset)
  }

  /// Applies splices computed against the current bytes (later ones first), then re-reads.
  private mutating func apply(_ splices: [(Range<Int>, String)]) {
    for (range, text) in splices.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      source?.replace(range, with: text)
    }
    isEdited = true
    editCount += 1
    reparse()
  }
}
