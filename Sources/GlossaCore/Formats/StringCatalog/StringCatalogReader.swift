/// Reads the String Catalog schema straight from the JSON bytes (through `JSONCursor`, with no
/// tree of the document); every mismatch is a diagnostic.
///
/// Members it does not know are stepped over (and so kept byte for byte). Nesting is bounded by
/// the schema: device variations may hold plural variations, nothing deeper. Within one
/// language, the plain unit and variations come first and the substitutions after them, in
/// units and in diagnostics alike, whatever order the file writes them in.
struct StringCatalogReader: Sendable {
  /// Lines and columns: keys and values are asked for in file order, problems anywhere.
  private(set) var lines: LineWalker
  let file: String
  /// Problems with the catalog's schema (syntax errors are the cursor's).
  var diagnostics: [Diagnostic] = []
  var keys: [CatalogKey] = []
  var units: [CatalogUnit] = []
  /// The units each later piece read, in file order (see `CatalogUnits`), their key ordinals
  /// made this reader's.
  private(set) var laterUnits: [[CatalogUnit]] = []
  var substitutions: [CatalogSubstitution] = []
  /// The units by language, gathered as they are read.
  private(set) var unitIndex = CatalogUnitIndex.Builder()
  var sourceLanguage: String?
  var version: String?
  /// The kind of the top-level value, once read.
  var rootKind: JSONNode.Kind?
  private var cursor: JSONCursor
  /// The position in `keys` of the first occurrence of the key being read.
  private var keyOrdinal = 0
  /// Every language some key has a localization object for but no unit in (the languages
  /// with units are the unit index's).
  private(set) var languages: Set<String> = []
  /// The languages of the key read last.
  private var languagesBefore: [String] = []
  /// The position in `keys` of each key's first object.
  private(set) var ordinals: [String: Int] = [:]
  /// For a reader of a piece of the "strings" object (`CatalogSplit`): the end of the object,
  /// once it closed, or the member it stopped at; and every key it met (with the line of its
  /// first occurrence).
  private(set) var stringsEnd: Int?
  private(set) var stoppedAt: Int?
  private(set) var halfKeys: [String: Int] = [:]
  /// For a reader of a piece: where the piece ends, as far as it knew when it began.
  private var pieceEnd: Int?
  /// How many pieces read on other threads (or later on this one) were taken: 0 when the
  /// reader read everything itself.
  private(set) var piecesTaken = 0
  private let bodyStart: Int
  /// A "strings" object with at least this many bytes after its first key is read in pieces
  /// on two threads (`CatalogSplit`); nil: always on one.
  var splitAbove: Int?
  /// See `CatalogSplit.stealAbove`.
  var stealAbove = CatalogSplit.stealAbove
  /// True when every language's entries are gathered as the keys are read (`gathering`).
  var gathers = false
  /// Every language's entries so far, when `gathers` and the source language came before the
  /// keys (see `CatalogGathering`).
  var gathering: CatalogGathering?
  /// What a language's substitutions produce, held back until the language's end.
  private var deferred: (units: [CatalogUnit], substitutions: [CatalogSubstitution], diagnostics: [Diagnostic])?

  init(bytes: [UInt8], start: Int, file: String) {
    self.lines = LineWalker(bytes, bodyStart: start)
    self.file = file
    bodyStart = start
    cursor = JSONCursor(bytes: bytes, start: start)
  }

  /// A reader for a piece of a "strings" object: from `start`, a member's key, inside the
  /// object opened at `strings` with `depth` containers open, gathering its languages'
  /// entries when `source` (the source language) is given.
  /// `lines` is a walker over the same text at or before `start` (see
  /// `LineWalker.init(sameTextAs:line:at:)`).
  init(
    bytes: [UInt8], bodyStart: Int, file: String, lines: LineWalker, pieceAt start: Int, strings: Int, depth: Int,
    gathersFrom source: String?
  ) {
    gathering = source.map(CatalogGathering.init)
    self.lines = lines
    self.file = file
    self.bodyStart = bodyStart
    cursor = JSONCursor(bytes: bytes, resumingAt: start, inObjectAt: strings, depth: depth)
  }

  /// The syntax errors met while reading.
  var syntaxErrors: [JSONSyntaxError] { cursor.errors }

  /// Reads the document; false when the file holds no value at all.
  mutating func read() -> Bool {
    guard cursor.hasMore() else { return false }
    guard let kind = cursor.valueKind() else { return true }
    rootKind = kind
    let rootStart = cursor.pos
    guard kind == .object else {
      let root = cursor.skipValue()
      if let root {
        report(root.start, "expected an object at the top level of a String Catalog, found \(describe(root))")
      }
      cursor.expectEnd()
      return true
    }
    var root = cursor.open()
    while let member = cursor.nextName(&root) {
      switch member {
      case _ where cursor.name(member, is: "sourceLanguage"): sourceLanguage = string(member, "a language code")
      case _ where cursor.name(member, is: "version"): version = string(member, "a version string")
      case _ where cursor.name(member, is: "strings"): readStrings()
      default: _ = cursor.skipValue()
      }
    }
    cursor.expectEnd()
    if sourceLanguage == nil {
      report(rootStart, "expected a \"sourceLanguage\" member naming the development language")
    }
    return true
  }

  /// Opens the value at the cursor when it is an object; otherwise steps over it and reports
  /// `expected` (given what was found), unless the value could not be read at all.
  private mutating func object(_ expected: (String) -> String) -> JSONCursor.Container? {
    guard let kind = cursor.valueKind() else { return nil }
    if kind == .object { return cursor.open() }
    if let value = cursor.skipValue() { report(value.start, expected(describe(value))) }
    return nil
  }

  private mutating func readStrings() {
    guard var strings = object({ "expected an object of keys for \"strings\", found \($0)" }) else { return }
    // A second "strings" object (written twice at the root): the first's pieces join this
    // reader's units first, so the new units follow them in one numbering.
    if !laterUnits.isEmpty {
      units += laterUnits.joined()
      laterUnits = []
    }
    reserveUnits(forBytes: cursor.bytes.count - cursor.pos)
    // A second "strings" object would be read after the first's gathered entries: not gathered.
    gathering = gathers && gathering == nil && keys.isEmpty ? sourceLanguage.map(CatalogGathering.init) : nil
    var firstLine: [String: Int] = [:]
    var split: CatalogSplit?
    var tried = false
    while let member = cursor.nextMember(&strings) {
      // Asked before the key is read: the walker goes forward only.
      let line = lines.line(of: member.start)
      if let active = split, active.decide(0, at: member.start, line: line) == .stop {
        split = nil
        // Every other piece read cleanly, each ending where the next began: take them.
        if var pieces = active.finish(), let end = pieces.last?.stringsEnd, adopt(&pieces, firstLine: firstLine) {
          cursor.close(&strings, at: end)
          break
        }
        // Otherwise this thread reads on: the other pieces' work is not wanted.
      }
      readKey(member, firstLine: &firstLine)
      if !tried, let minimum = splitAbove {
        split = CatalogSplit.start(
          bytes: cursor.bytes, bodyStart: bodyStart, file: file, lines: lines, strings: strings.start,
          depth: cursor.depth, gathersFrom: gathering?.source, firstKey: member.start,
          firstKeyLine: line, minimum: minimum, stealAbove: stealAbove)
      }
      tried = true
    }
    // A stop never met (the object ended first, or reading stopped): the other pieces are dropped.
    split?.abandon()
  }

  /// Takes the pieces' keys, units and problems, in order, as if read here; false (nothing
  /// taken) when they cannot stand for a serial read: a syntax error, or a key met by two of
  /// them, or by a piece and this reader (its duplicate finding needs the first one's line).
  /// The pieces' arrays are taken, not copied: `pieces` must hold the only references to them.
  private mutating func adopt(_ pieces: inout [StringCatalogReader], firstLine: [String: Int]) -> Bool {
    var met = Set<String>()
    for piece in pieces {
      guard piece.cursor.errors.isEmpty,
        !piece.halfKeys.keys.contains(where: { firstLine[$0] != nil || ordinals[$0] != nil || met.contains($0) })
      else { return false }
      if pieces.count > 1 { met.formUnion(piece.halfKeys.keys) }
    }
    for index in pieces.indices { adopt(&pieces[index]) }
    piecesTaken = pieces.count
    return true
  }

  /// Takes one piece's keys, units and problems as if read here (see `adopt(_:firstLine:)`).
  private mutating func adopt(_ other: inout StringCatalogReader) {
    let base = keys.count
    keys += other.keys
    for index in base..<keys.count { keys[index].ordinal += base }
    unitIndex.append(other.unitIndex, offset: units.count + laterUnits.reduce(0) { $0 + $1.count })
    if let theirs = other.gathering {
      gathering?.append(theirs)
    } else {
      gathering = nil
    }
    var theirs = other.units
    other.units = []
    Self.renumber(&theirs, addingToKeyOrdinals: base)
    laterUnits.append(theirs)
    substitutions += other.substitutions
    diagnostics += other.diagnostics
    languages.formUnion(other.languages)
    for (key, ordinal) in other.ordinals { ordinals[key] = ordinal + base }
    lines = other.lines
  }

  /// Adds `base` to the key ordinal of each of `units`, in place (the array is this thread's
  /// alone once handed over: no copy).
  private static func renumber(_ units: inout [CatalogUnit], addingToKeyOrdinals base: Int) {
    guard base != 0 else { return }
    units.withUnsafeMutableBufferPointer { units in
      for index in units.indices { units[index].keyOrdinal += base }
    }
  }

  /// Reads piece `index` of `split`, about `bytesAhead` bytes from a member's key, until the
  /// member the split says it stops at, or the object's end.
  mutating func readPiece(_ index: Int, of split: CatalogSplit, bytesAhead: Int) {
    guard var strings = cursor.resumed else { return }
    pieceEnd = cursor.pos + bytesAhead
    reserveUnits(forBytes: bytesAhead)
    var firstLine: [String: Int] = [:]
    defer { halfKeys = firstLine }
    while let member = cursor.nextMember(&strings) {
      switch split.decide(index, at: member.start, line: lines.line(of: member.start)) {
      case .read: readKey(member, firstLine: &firstLine)
      case .stop:
        stoppedAt = member.start
        return
      case .abandon: return
      }
    }
    stringsEnd = strings.end
  }

  /// Reserves room for as many units as `count` bytes of "strings" can hold (one every 64
  /// bytes; Xcode writes about 180): the units array then never moves while it grows. Room
  /// never written is only address space. Large pages only for a large piece: the kernel zeroes
  /// a large page whole at its first write, and a piece split off late would leave most of its
  /// last one unused.
  private mutating func reserveUnits(forBytes count: Int) {
    units.reserveCapacity(max(16, count / 64))
    if count >= 8 * CatalogSplit.minimumBytes { LargePages.ask(forCapacityOf: &units) }
  }

  /// Reads one member of "strings": a key and everything under it.
  private mutating func readKey(_ member: JSONCursor.Key, firstLine: inout [String: Int]) {
    let key = member.text
    // A value that cannot be read at all ends the reading: the member is not counted.
    guard let kind = cursor.valueKind() else { return }
    var other: JSONNode?
    if kind != .object {
      guard let value = cursor.skipValue() else { return }
      other = value
    }
    let place = lines.location(of: member.start)
    if let earlier = firstLine[key] {
      diagnostics.append(
        Diagnostic(
          kind: .duplicateKey, file: file, line: place.line, column: place.column,
          message: "key '\(key)' appears again; the first occurrence is on line \(earlier)",
          key: key, relatedLine: earlier))
    } else {
      firstLine[key] = place.line
    }
    if let other {
      report(other.start, "expected an object for key \"\(key)\", found \(describe(other))")
      return
    }
    var fields = cursor.open()
    let unitsBefore = units.count
    if let ordinal = ordinals[key] {
      keyOrdinal = ordinal
      unitIndex.isInKeyOrder = false
    } else {
      keyOrdinal = keys.count
      ordinals[key] = keys.count
    }
    var info = CatalogKey(
      key: key, comment: nil, extractionState: nil, shouldTranslate: true, languages: [],
      line: place.line, column: place.column, ordinal: keyOrdinal)
    while let field = cursor.nextName(&fields) {
      switch field {
      case _ where cursor.name(field, is: "localizations"):
        guard var localizations = object({ "expected an object of languages for \"localizations\", found \($0)" })
        else { continue }
        // Keys mostly have the languages of the key before: room for them at once, and a list
        // equal to that key's shares its storage (which then compares equal at once).
        info.languages.reserveCapacity(languagesBefore.count)
        while let localization = cursor.nextMember(&localizations) {
          let before = units.count
          if readLocalization(language: localization.text, key: key) {
            info.languages.append(localization.text)
            // A language with units is in the unit index; only one without is noted here.
            if units.count == before { languages.insert(localization.text) }
          }
        }
        if info.languages == languagesBefore {
          info.languages = languagesBefore
        } else {
          languagesBefore = info.languages
        }
      case _ where cursor.name(field, is: "comment"): info.comment = string(field, "a comment string")
      case _ where cursor.name(field, is: "extractionState"):
        info.extractionState = string(field, "a string such as \"manual\"")
      case _ where cursor.name(field, is: "shouldTranslate"):
        guard let value = cursor.skipValue() else { continue }
        switch value.kind == .literal ? text(value) : "" {
        case "true": info.shouldTranslate = true
        case "false": info.shouldTranslate = false
        default:
          report(value.start, "expected true or false for \"shouldTranslate\", found \(describe(value))")
        }
      default: _ = cursor.skipValue()
      }
    }
    keys.append(info)
    gathering?.add(
      key: info, ordinal: keyOrdinal, units: unitsBefore..<units.count, of: units, bytes: cursor.bytes,
      bytesAhead: (pieceEnd ?? cursor.bytes.count) - cursor.pos)
  }

  /// Reads one language of `key`; false when its value could not be read at all.
  private mutating func readLocalization(language: String, key: String) -> Bool {
    guard let kind = cursor.valueKind() else { return false }
    guard kind == .object else {
      guard let value = cursor.skipValue() else { return false }
      report(value.start, "expected an object for language \"\(language)\" of \"\(key)\", found \(describe(value))")
      return true
    }
    var holder = cursor.open()
    let base = CatalogUnitPath(key: key, language: language)
    deferred = nil
    let first = units.count
    defer { unitIndex.add(language, units: first..<units.count, of: units) }
    while let field = cursor.nextName(&holder) {
      switch field {
      case _ where cursor.name(field, is: "stringUnit"): readUnit(path: base)
      case _ where cursor.name(field, is: "variations"): readVariations(path: base, allowDevice: true)
      case _ where cursor.name(field, is: "substitutions"):
        let saved = (units, substitutions, diagnostics)
        (units, substitutions, diagnostics) = deferred ?? ([], [], [])
        if var all = object({ "expected an object of substitutions, found \($0)" }) {
          while let substitution = cursor.nextMember(&all) { readSubstitution(name: substitution, base: base) }
        }
        deferred = (units, substitutions, diagnostics)
        (units, substitutions, diagnostics) = saved
      default: _ = cursor.skipValue()
      }
    }
    if let held = deferred {
      units += held.units
      substitutions += held.substitutions
      diagnostics += held.diagnostics
    }
    deferred = nil
    return true
  }

  /// Reads the `stringUnit` and `variations` of a variation object.
  private mutating func readHolder(path: CatalogUnitPath, name: String) {
    guard var holder = object({ "expected an object for the \"\(name)\" variation, found \($0)" }) else { return }
    while let field = cursor.nextName(&holder) {
      switch field {
      case _ where cursor.name(field, is: "stringUnit"): readUnit(path: path)
      case _ where cursor.name(field, is: "variations"): readVariations(path: path, allowDevice: false)
      default: _ = cursor.skipValue()
      }
    }
  }

  private mutating func readVariations(path: CatalogUnitPath, allowDevice: Bool) {
    guard var kinds = object({ "expected an object for \"variations\", found \($0)" }) else { return }
    while let kind = cursor.nextMember(&kinds) {
      let isObject = cursor.valueKind() == .object
      guard isObject else {
        if let value = cursor.skipValue() {
          report(value.start, "expected an object for the \"\(kind.text)\" variations, found \(describe(value))")
        }
        continue
      }
      switch kind.text {
      case "plural":
        var variants = cursor.open()
        while let variant = cursor.nextMember(&variants) {
          guard let category = PluralCategory(rawValue: variant.text) else {
            guard cursor.skipValue() != nil else { continue }
            let place = lines.location(of: variant.start)
            diagnostics.append(
              Diagnostic(
                kind: .pluralStructure, file: file, line: place.line, column: place.column,
                message: "unknown plural category \"\(variant.text)\"; expected zero, one, two, few, many or other"))
            continue
          }
          var inner = path
          inner.plural = category
          readHolder(path: inner, name: variant.text)
        }
      case "device" where allowDevice && path.substitution == nil:
        var variants = cursor.open()
        while let variant = cursor.nextMember(&variants) {
          var inner = path
          inner.device = variant.text
          readHolder(path: inner, name: variant.text)
        }
      case "device":
        report(
          kind.start,
          "device variations belong directly under a language; they cannot sit inside another variation or a substitution"
        )
        _ = cursor.skipValue()
      default: _ = cursor.skipValue()
      }
    }
  }

  private mutating func readSubstitution(name: JSONCursor.Key, base: CatalogUnitPath) {
    guard var fields = object({ "expected an object for substitution \"\(name.text)\", found \($0)" }) else { return }
    var path = base
    path.substitution = name.text
    var record = CatalogSubstitution(
      key: base.key, language: base.language, name: name.text, line: lines.line(of: name.start))
    while let field = cursor.nextName(&fields) {
      switch field {
      case _ where cursor.name(field, is: "argNum"):
        guard let value = cursor.skipValue() else { continue }
        if value.kind == .number, let number = Int(text(value)) {
          record.argumentNumber = number
        } else {
          report(value.start, "expected a whole number for \"argNum\", found \(describe(value))")
        }
      case _ where cursor.name(field, is: "formatSpecifier"):
        record.formatSpecifier = string(field, "a format specifier such as \"lld\"")
      case _ where cursor.name(field, is: "variations"): readVariations(path: path, allowDevice: false)
      default: _ = cursor.skipValue()
      }
    }
    substitutions.append(record)
  }

  private mutating func readUnit(path: CatalogUnitPath) {
    guard var fields = object({ "expected an object for \"stringUnit\", found \($0)" }) else { return }
    var state: TranslationState?
    var stateRange: Range<Int>?
    // The value literal's range and, when it has an escape, its decoded string: the unit's text
    // is made once, at the end (a copy of a text on the way would count a reference to the
    // catalog's text, which both halves of a split read share, twice per unit).
    var value: (start: Int, end: Int, decoded: String?)?
    while let field = cursor.nextName(&fields) {
      switch field {
      case _ where cursor.name(field, is: "state"):
        guard let read = readState(field) else { continue }
        (stateRange, state) = (read.range, read.state)
      case _ where cursor.name(field, is: "value"):
        guard let kind = cursor.valueKind() else { continue }
        guard kind == .string else {
          if let other = cursor.skipValue() {
            report(other.start, "expected a string for \"value\", found \(describe(other))")
          }
          continue
        }
        guard let literal = cursor.scanStringLiteral() else { continue }
        value = (
          literal.start, literal.end, literal.hasEscape ? cursor.decodedString(literal.start..<literal.end) : nil
        )
      default: _ = cursor.skipValue()
      }
    }
    guard let value else {
      report(fields.start, "expected a \"value\" string in the stringUnit of \(path)")
      return
    }
    let place = lines.location(of: value.start)
    units.append(
      CatalogUnit(
        path: path, state: state,
        value: value.decoded.map(EntryText.init)
          ?? EntryText(slice: (value.start + 1)..<(value.end - 1), of: cursor.bytes),
        line: place.line, column: place.column, valueRange: value.start..<value.end, stateRange: stateRange,
        keyOrdinal: keyOrdinal))
  }

  /// Reads a unit's `state` member: the literal's range, and the state (nil, reported, when
  /// unknown); nil when it is not a string.
  private mutating func readState(_ field: JSONCursor.Name) -> (range: Range<Int>, state: TranslationState?)? {
    guard cursor.valueKind() == .string, let literal = cursor.scanStringLiteral() else {
      _ = string(field, "a state")
      return nil
    }
    let range = literal.start..<literal.end
    // Compared in place; only a literal with an escape is decoded first.
    let state =
      literal.hasEscape
      ? TranslationState(rawValue: cursor.decodedString(range))
      : cursor.bytes.withUnsafeBufferPointer {
        TranslationState(utf8: UnsafeBufferPointer(rebasing: $0[(literal.start + 1)..<(literal.end - 1)]))
      }
    if let state { return (range, state) }
    report(
      range.lowerBound,
      "unknown state \"\(cursor.decodedString(range))\"; expected new, translated, needs_review or stale")
    return (range, nil)
  }

  // MARK: - Helpers

  /// The byte range of the string `string(_:_:)` read last.
  private var lastString: Range<Int>?

  /// The string value of the member `name`, or a diagnostic naming what was `expected`.
  private mutating func string(_ name: JSONCursor.Name, _ expected: String) -> String? {
    lastString = nil
    guard let kind = cursor.valueKind() else { return nil }
    guard kind == .string else {
      if let value = cursor.skipValue() {
        report(value.start, "expected \(expected) for \"\(cursor.text(of: name))\", found \(describe(value))")
      }
      return nil
    }
    guard let string = cursor.readString() else { return nil }
    lastString = string.start..<string.end
    return string.text
  }

  private func text(_ node: JSONNode) -> String {
    String(decoding: cursor.bytes[node.start..<min(node.end, cursor.bytes.count)], as: UTF8.self)
  }

  private func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .literal: text(node)
    case .string: "a string"
    case .number: "the number \(text(node))"
    default: JSONTableDocument.describe(node.kind)
    }
  }

  private mutating func report(_ offset: Int, _ message: String) {
    let place = lines.positions().location(of: offset)
    diagnostics.append(
      Diagnostic(kind: .parseError, file: file, line: place.line, column: place.column, message: message))
  }
}
