import Foundation

/// One language of a String Catalog as entries: what a `StringCatalogView` shows.
///
/// Every entry is a range of one buffer of its language holding its keys, comments and values:
/// no allocation per entry. A key's languages sit together in the file, so one language's
/// values are scattered through it: copied together, the checks read them one after another,
/// and the entries of languages checked on different threads share no text (whose reference
/// count every read of a value touches).
///
/// Every language of a catalog just read is gathered by its reader, key by key while the
/// key's bytes are in cache (`CatalogGathering`); its entries are handed their buffers here (`result(of:parts:catalog:)`).
/// A language made alone (`single`: a view made again after an edit, or every view of a
/// catalog the reader could not gather) walks its own units, one every few kilobytes of memory
/// (a key's other languages lie between).
struct CatalogProjection {
  /// A projected language: its entries and plural families.
  struct Result {
    var entries: [Entry]
    var pluralFamilies: [PluralFamily]
  }

  private let catalog: StringCatalogDocument
  private let keys: [CatalogKey]
  private let keyText: CatalogKeyText
  private let language: String
  private let isSourceLanguage: Bool
  /// True when the buffer starts with every key and comment (the catalog's `keyText`).
  private let sharesKeyText: Bool
  private var text: [UInt8] = []
  /// The entries so far, ranges of `text` once `finish()` hands it to them.
  private var entries: [Entry] = []
  /// The key whose entries are being gathered (a position in the catalog's `keys`), with its
  /// texts' ranges and whether it is translatable.
  private var currentKey = -1
  private var keyRange = 0..<0
  private var commentRange: Range<Int>?
  private var translatable = true

  /// A projection of `language`, which has `unitCount` units holding `valueBytes` bytes.
  private init(catalog: StringCatalogDocument, language: String, unitCount: Int, valueBytes: Int) {
    self.catalog = catalog
    keys = catalog.keys
    keyText = catalog.keyText
    self.language = language
    isSourceLanguage = catalog.sourceLanguage == language
    // A language with units for at least half the keys (and the source language, which shows
    // every key) starts its buffer with every key and comment, one copy of the catalog's
    // `keyText`; a language with units for few keys appends only the keys it has.
    sharesKeyText = isSourceLanguage || catalog.unitIndex.keyCount(of: language) * 2 >= keys.count
    // Room for every value and the keys and comments: no regrowth, and no capacity beyond
    // that kept as long as the view.
    var room = valueBytes
    if sharesKeyText {
      room += keyText.bytes.count
    } else {
      for index in keys.indices { room += keys[index].key.utf8.count + (keys[index].comment?.utf8.count ?? 0) }
    }
    text.reserveCapacity(room)
    if sharesKeyText { text.append(contentsOf: keyText.bytes) }
    entries.reserveCapacity(unitCount)
  }

  // MARK: - One language

  /// `language` of `catalog`, walking its own units.
  static func single(_ catalog: StringCatalogDocument, language: String) -> Result {
    let all = catalog.units
    let keys = catalog.keys
    let mine = catalog.unitIndex.positions(of: language)
    var projection = CatalogProjection(
      catalog: catalog, language: language, unitCount: mine.count,
      valueBytes: catalog.unitIndex.valueBytes(of: language))
    // `mine` is ordered by key ordinal: a cursor walks it beside the keys, and a key that
    // appears again (its ordinal is its first occurrence's) looks its units up.
    var next = 0
    for ordinal in keys.indices {
      let first = keys[ordinal].ordinal
      let range: Range<Int>
      if first == ordinal {
        var end = next
        while end < mine.count && all.keyOrdinal(at: Int(mine[end])) == ordinal { end += 1 }
        range = next..<end
        next = end
      } else {
        range = CatalogUnitIndex.range(of: first, in: mine, units: all)
      }
      if range.isEmpty {
        if projection.isSourceLanguage { projection.addKeyAsItsOwnText(ordinal) }
        continue
      }
      projection.start(key: ordinal)
      catalog.text.withUnsafeBufferPointer { source in
        for index in range {
          all.withUnit(at: Int(mine[index])) { projection.add(unit: $0, source: source) }
        }
      }
    }
    return projection.finish()
  }

  // MARK: - Gathering

  /// Begins the entries of the key at `ordinal` (a position in the catalog's `keys`).
  private mutating func start(key ordinal: Int) {
    currentKey = ordinal
    translatable = keys[ordinal].asksForTranslation
    if sharesKeyText {
      keyRange = keyText.key(ordinal)
      commentRange = keyText.comment(ordinal)
    } else {
      keyRange = append(keys[ordinal].key)
      commentRange = keys[ordinal].comment.map { append($0) }
    }
  }

  /// In the source language, a key without a unit reads as its own text.
  private mutating func addKeyAsItsOwnText(_ ordinal: Int) {
    start(key: ordinal)
    entries.append(
      Entry(
        text: [], key: keyRange, value: keyRange, comment: commentRange, plural: nil, line: keys[ordinal].line,
        column: keys[ordinal].column, isTranslatable: translatable))
  }

  /// Adds `unit` (in place: see `CatalogUnits.withUnit`) to the current key.
  private mutating func add(unit: UnsafePointer<CatalogUnit>, source: UnsafeBufferPointer<UInt8>) {
    entries.append(
      Self.entry(
        of: unit, key: keyRange, comment: commentRange, translatable: translatable, source: source, text: &text))
  }

  /// The entry of `unit` (read through the pointer: binding the unit would copy, retain and
  /// release, its strings), its value appended to `text`, without its bytes until handed
  /// `text` (`Entry.adopt`); `key` and `comment` are ranges of `text` already there. What a
  /// language made alone and the reader's gathering (`CatalogGathering`) both make.
  ///
  /// A plain value (a range of the catalog's text: the reader made it so exactly when its
  /// literal has no escape) is copied from `source`, the catalog's text, between the literal's
  /// quotes: reading it through the unit would count a reference to the catalog's text, which
  /// every thread's units share.
  static func entry(
    of unit: UnsafePointer<CatalogUnit>, key: Range<Int>, comment: Range<Int>?, translatable: Bool,
    source: UnsafeBufferPointer<UInt8>, text: inout [UInt8]
  ) -> Entry {
    let start = text.count
    if unit.pointee.valueText.isSlice {
      let literal = unit.pointee.valueRange
      text.append(
        contentsOf: UnsafeBufferPointer(rebasing: source[(literal.lowerBound + 1)..<(literal.upperBound - 1)]))
    } else {
      unit.pointee.valueText.withUTF8 { text.append(contentsOf: $0) }
    }
    return Entry(
      text: [], key: key, value: start..<text.count, comment: comment, plural: unit.pointee.path.plural,
      line: unit.pointee.line, column: unit.pointee.column, variable: unit.pointee.path.substitution,
      state: unit.pointee.state, device: unit.pointee.path.device, isTranslatable: translatable)
  }

  private mutating func append(_ string: String) -> Range<Int> {
    let start = text.count
    CatalogKeyText.append(string, to: &text)
    return start..<text.count
  }

  /// The entries and plural families gathered.
  private consuming func finish() -> Result {
    Self.result(of: language, parts: [CatalogGathering.Part(text: text, entries: entries)], catalog: catalog)
  }

  /// The entries and plural families of `language` of `catalog`, whose entries are those of
  /// `parts` (gathered as the catalog was read, or by a projection), each part's entries
  /// handed its text here. The parts should be the caller's alone: shared, their entries
  /// would be copied to be changed.
  static func result(of language: String, parts: consuming [CatalogGathering.Part], catalog: StringCatalogDocument)
    -> Result
  {
    var entries: [Entry] = []
    for index in parts.indices {
      let text = parts[index].text
      if index == 0 {
        entries = parts[0].entries
        parts[0].entries = []
        entries.withUnsafeMutableBufferPointer { entries in
          for entry in entries.indices { entries[entry].adopt(text) }
        }
        continue
      }
      // A later part's entries are moved, not copied: no reference counted per entry, and
      // what the part is left holding refers to nothing.
      entries.reserveCapacity(entries.count + parts[index].entries.count)
      parts[index].entries.withUnsafeMutableBufferPointer { part in
        guard let from = part.baseAddress else { return }
        entries.append(
          contentsOf: part.indices.lazy.map { offset in
            var entry = (from + offset).move()
            entry.adopt(text)
            return entry
          })
        from.initialize(repeating: Entry.nothing, count: part.count)
      }
    }
    var specifiers: [String: CatalogSubstitution] = [:]
    for substitution in catalog.substitutions where substitution.language == language {
      specifiers[substitution.key + "\u{0}" + substitution.name] = substitution
    }
    let families = PluralFamily.group(entries).map { family in
      var family = family
      if let name = family.variable, let substitution = specifiers[family.key + "\u{0}" + name] {
        family.valueType = substitution.formatSpecifier
        family.argumentNumber = substitution.argumentNumber
      }
      return family
    }
    return Result(entries: entries, pluralFamilies: families)
  }
}
