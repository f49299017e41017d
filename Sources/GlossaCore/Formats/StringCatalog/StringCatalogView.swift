import Foundation

/// One language of a String Catalog as a table, so every check and command that reads tables
/// works on catalogs.
///
/// Entries: one per unit of `language` (`plural`, `device`, and `variable` = the substitution
/// name), carrying the key's comment, the unit's state and whether the key is translatable. In
/// the source language a key without a unit reads as its own text, as Xcode does. Edits go to
/// the whole catalog: `serialized()` is the catalog file.
public struct StringCatalogView: TableDocument {
  /// The catalog this view reads.
  public private(set) var catalog: StringCatalogDocument
  /// The language shown.
  public let language: String
  /// True for the one view per catalog that reports the catalog's diagnostics (so a bundle
  /// reports each problem once, not once per language).
  public let carriesDiagnostics: Bool
  public private(set) var entries: [Entry] = []
  public private(set) var pluralFamilies: [PluralFamily] = []

  /// The view of `language`; `carriesDiagnostics` for the one view that reports problems.
  public init(catalog: StringCatalogDocument, language: String, carriesDiagnostics: Bool) {
    self.catalog = catalog
    self.language = language
    self.carriesDiagnostics = carriesDiagnostics
    project()
  }

  /// One view per language of `catalog` (its source language first); the first carries the
  /// diagnostics. `fallbackLanguage` names the only view of a catalog with no languages. The
  /// views are made in parallel: each reads only its own language's units.
  public static func views(of catalog: StringCatalogDocument, fallbackLanguage: String) -> [StringCatalogView] {
    let found = catalog.languages
    let languages = found.isEmpty ? [fallbackLanguage] : found
    let results = ParallelResults<StringCatalogView>(count: languages.count)
    DispatchQueue.concurrentPerform(iterations: languages.count) { index in
      results.set(
        index, StringCatalogView(catalog: catalog, language: languages[index], carriesDiagnostics: index == 0))
    }
    return results.values
  }

  public var diagnostics: [Diagnostic] { carriesDiagnostics ? catalog.diagnostics : [] }

  public func serialized() -> Data { catalog.serialized() }

  /// True when `language` is the catalog's source language.
  public var isSourceLanguage: Bool { catalog.sourceLanguage == language }

  /// Sets a plain value or plural form (`variable` = substitution name); see `setUnit`.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws {
    try setUnit(value, at: CatalogUnitPath(key: key, language: language, substitution: variable, plural: plural))
  }

  /// Sets the value of any unit of this language and gives it `state`; without one, a changed
  /// value becomes `translated` and an unchanged one is no edit (see
  /// `StringCatalogDocument.setValue(_:at:state:)`).
  public mutating func setUnit(_ value: String, at path: CatalogUnitPath, state: TranslationState? = nil) throws {
    var path = path
    path.language = language
    try catalog.setValue(value, at: path, state: state)
    project()
  }

  /// Sets the state of a unit of this language (nil removes it).
  public mutating func setState(_ state: TranslationState?, at path: CatalogUnitPath) throws {
    var path = path
    path.language = language
    try catalog.setState(state, at: path)
    project()
  }

  /// Removes one unit of this language; without a plural or variable, the plain unit.
  public mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    try removeUnit(at: CatalogUnitPath(key: key, language: language, substitution: variable, plural: plural))
  }

  /// Removes any unit of this language.
  public mutating func removeUnit(at path: CatalogUnitPath) throws {
    var path = path
    path.language = language
    try catalog.removeUnit(at: path)
    project()
  }

  /// Replaces the catalog (after an edit through another language's view).
  public mutating func replaceCatalog(_ catalog: StringCatalogDocument) {
    self.catalog = catalog
    project()
  }

  /// The bytes of one language's texts as they are gathered (see `project`): a value with
  /// mutating methods, so appending is checked for exclusive access when compiled, not per
  /// byte run at run time as a variable captured by a nested function is.
  private struct TextBuffer {
    var bytes: [UInt8] = []

    mutating func append(_ string: String) -> Range<Int> { append(EntryText(string)) }

    mutating func append(_ text: EntryText) -> Range<Int> {
      let start = bytes.count
      text.withUTF8 { bytes.append(contentsOf: $0) }
      return start..<bytes.count
    }
  }

  /// Where one entry's texts are in its language's buffer (see `project`).
  private struct Place {
    var key: Range<Int>
    var value: Range<Int>
    var comment: Range<Int>?
    /// The unit (position in the catalog's units), or -1 for a source-language key without one.
    var unit: Int
    /// Whether the key asks for translation (see `Entry.isTranslatable`).
    var translatable: Bool
    /// The key's line and column, for an entry without a unit.
    var line: Int
    var column: Int
  }

  /// Makes `entries` and `pluralFamilies` from the catalog.
  ///
  /// Every entry is a range of one buffer of this language holding its keys, comments and
  /// values: no allocation per entry. A key's languages sit together in the file, so one
  /// language's values are scattered through it: copied together, the checks read them one
  /// after another, and the entries of languages checked on different threads share no text
  /// (whose reference count every read of a value touches).
  private mutating func project() {
    var specifiers: [String: CatalogSubstitution] = [:]
    for substitution in catalog.substitutions where substitution.language == language {
      specifiers[substitution.key + "\u{0}" + substitution.name] = substitution
    }
    let all = catalog.units
    let keys = catalog.keys
    let mine = catalog.unitIndex.positions(of: language)
    let isSourceLanguage = isSourceLanguage
    var text = TextBuffer()
    var places: [Place] = []
    places.reserveCapacity(mine.count)
    // Room for every value and, at most, every key and comment once: no regrowth, and no
    // capacity beyond that kept as long as the view.
    var room = 0
    for position in mine { room += all[Int(position)].valueText.utf8Count }
    for index in keys.indices { room += keys[index].key.utf8.count + (keys[index].comment?.utf8.count ?? 0) }
    text.bytes.reserveCapacity(room)
    // `mine` is ordered by key ordinal: a cursor walks it beside the keys, and a key that
    // appears again (its ordinal is its first occurrence's) looks its units up.
    var next = 0
    for (ordinal, key) in keys.enumerated() {
      let range: Range<Int>
      if key.ordinal == ordinal {
        var end = next
        while end < mine.count && all[Int(mine[end])].keyOrdinal == ordinal { end += 1 }
        range = next..<end
        next = end
      } else {
        range = CatalogUnitIndex.range(of: key.ordinal, in: mine, units: all)
      }
      if range.isEmpty && !isSourceLanguage { continue }
      // A stale key (no longer in the source code) asks for no translation work.
      let translatable = key.shouldTranslate && key.extractionState != "stale"
      // The key's texts, once for all its units.
      let keyRange = text.append(key.key)
      var commentRange: Range<Int>?
      if let comment = key.comment { commentRange = text.append(comment) }
      if range.isEmpty {
        // In the source language a key without a unit reads as its own text.
        places.append(
          Place(
            key: keyRange, value: keyRange, comment: commentRange, unit: -1, translatable: translatable,
            line: key.line, column: key.column))
        continue
      }
      for index in range {
        let unit = Int(mine[index])
        places.append(
          Place(
            key: keyRange, value: text.append(all[unit].valueText), comment: commentRange, unit: unit,
            translatable: translatable, line: 0, column: 0))
      }
    }
    let bytes = text.bytes
    var entries: [Entry] = []
    entries.reserveCapacity(places.count)
    for place in places {
      let translatable = place.translatable
      guard place.unit >= 0 else {
        entries.append(
          Entry(
            text: bytes, key: place.key, value: place.value, comment: place.comment, plural: nil, line: place.line,
            column: place.column, isTranslatable: translatable))
        continue
      }
      // Read in place: binding the unit would copy (retain and release) its strings.
      let unit = place.unit
      entries.append(
        Entry(
          text: bytes, key: place.key, value: place.value, comment: place.comment, plural: all[unit].path.plural,
          line: all[unit].line, column: all[unit].column, variable: all[unit].path.substitution,
          state: all[unit].state, device: all[unit].path.device, isTranslatable: translatable))
    }
    self.entries = entries
    pluralFamilies = PluralFamily.group(entries).map { family in
      var family = family
      if let name = family.variable, let substitution = specifiers[family.key + "\u{0}" + name] {
        family.valueType = substitution.formatSpecifier
        family.argumentNumber = substitution.argumentNumber
      }
      return family
    }
  }
}
