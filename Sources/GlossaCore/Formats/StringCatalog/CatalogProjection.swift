import Foundation

/// One language of a String Catalog as entries: what a `StringCatalogView` shows.
///
/// Every entry is a range of one buffer of its language holding its keys, comments and values:
/// no allocation per entry. A key's languages sit together in the file, so one language's
/// values are scattered through it: copied together, the checks read them one after another,
/// and the entries of languages checked on different threads share no text (whose reference
/// count every read of a value touches).
///
/// All languages at once (`all`) walk the units once, in file order, each thread gathering
/// its share of the languages: a language made alone reads its units one every few kilobytes
/// of memory (a key's other languages lie between), which cost most of its time in cache
/// misses. A language made alone (`single`: a view opened by itself, or made again after an
/// edit) walks its own units.
struct CatalogProjection {
  /// A projected language: its entries and plural families.
  struct Result {
    var entries: [Entry]
    var pluralFamilies: [PluralFamily]
  }

  /// Where one entry's texts are in its language's buffer, and the unit fields it takes, read
  /// while the unit is at hand: 40 bytes, in 32-bit fields as an entry keeps them (all of a
  /// thread's languages are gathered at once: 100,000 places alive together for the 36 MB
  /// catalog, which full-width fields made 8 MB more of the lint's peak).
  private struct Place {
    private var keyStart: UInt32
    private var keyCount: UInt32
    private var valueStart: UInt32
    private var valueCount: UInt32
    private var commentStart: UInt32
    /// `UInt32.max` when there is no comment.
    private var commentCount: UInt32
    /// The unit (position in the catalog's units), or -1 for a source-language key without one.
    let unit: Int32
    private var storedLine: UInt32
    private var storedColumn: UInt32
    let plural: PluralCategory?
    let state: TranslationState?
    /// Whether the key asks for translation (see `Entry.isTranslatable`).
    let translatable: Bool
    /// Whether the unit has a substitution or device (read from the unit when the entry is made).
    let hasRareFields: Bool

    init(
      key: Range<Int>, value: Range<Int>, comment: Range<Int>?, unit: Int, line: Int, column: Int,
      plural: PluralCategory?, state: TranslationState?, translatable: Bool, hasRareFields: Bool
    ) {
      keyStart = UInt32(key.lowerBound)
      keyCount = UInt32(key.count)
      valueStart = UInt32(value.lowerBound)
      valueCount = UInt32(value.count)
      commentStart = UInt32(comment?.lowerBound ?? 0)
      commentCount = comment.map { UInt32($0.count) } ?? .max
      self.unit = Int32(unit)
      storedLine = UInt32(clamping: line)
      storedColumn = UInt32(clamping: column)
      self.plural = plural
      self.state = state
      self.translatable = translatable
      self.hasRareFields = hasRareFields
    }

    var key: Range<Int> { Int(keyStart)..<Int(keyStart) + Int(keyCount) }
    var value: Range<Int> { Int(valueStart)..<Int(valueStart) + Int(valueCount) }
    var comment: Range<Int>? {
      commentCount == .max ? nil : Int(commentStart)..<Int(commentStart) + Int(commentCount)
    }
    var line: Int { Int(storedLine) }
    var column: Int { Int(storedColumn) }
  }

  private let catalog: StringCatalogDocument
  private let keys: [CatalogKey]
  private let keyText: CatalogKeyText
  private let language: String
  private let isSourceLanguage: Bool
  /// True when the buffer starts with every key and comment (the catalog's `keyText`).
  private let sharesKeyText: Bool
  private var text: [UInt8] = []
  private var places: [Place] = []
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
    places.reserveCapacity(unitCount)
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
        while end < mine.count && all[Int(mine[end])].keyOrdinal == ordinal { end += 1 }
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
        for index in range { projection.add(unit: Int(mine[index]), of: all, source: source) }
      }
    }
    return projection.finish()
  }

  // MARK: - Every language

  /// Every language of `languages` (the catalog's, in its order), walking the units once per
  /// thread; nil when a key appears twice (its units are not in key order): then each
  /// language is made `single`.
  static func all(_ catalog: StringCatalogDocument, languages: [String]) -> [Result]? {
    let all = catalog.units
    let keys = catalog.keys
    guard catalog.unitIndex.isInKeyOrder, keys.indices.allSatisfy({ keys[$0].ordinal == $0 }) else { return nil }
    // Each unit's language, as a position in `languages`.
    var slotOf = [Int32](repeating: -1, count: all.count)
    var unitCounts = [Int](repeating: 0, count: languages.count)
    for (slot, language) in languages.enumerated() {
      let positions = catalog.unitIndex.positions(of: language)
      unitCounts[slot] = positions.count
      for position in positions { slotOf[Int(position)] = Int32(slot) }
    }
    let (slots, counts) = (slotOf, unitCounts)
    let workers = max(1, min(languages.count, ProcessInfo.processInfo.activeProcessorCount))
    let results = ParallelResults<[(Int, Result)]>(count: workers)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      // This worker's languages: every `workers`-th, so each gets a share of large and small.
      var local = [Int](repeating: -1, count: languages.count)
      var mine: [Int] = []
      for slot in stride(from: worker, to: languages.count, by: workers) {
        local[slot] = mine.count
        mine.append(slot)
      }
      var projections = mine.indices.map { index in
        CatalogProjection(
          catalog: catalog, language: languages[mine[index]], unitCount: counts[mine[index]],
          valueBytes: catalog.unitIndex.valueBytes(of: languages[mine[index]]))
      }
      catalog.text.withUnsafeBufferPointer { source in
        for position in all.indices {
          let slot = Int(slots[position])
          guard slot >= 0 else { continue }
          let index = local[slot]
          guard index >= 0 else { continue }
          let key = all[position].keyOrdinal
          if projections[index].currentKey != key {
            if projections[index].isSourceLanguage {
              for ordinal in (projections[index].currentKey + 1)..<key {
                projections[index].addKeyAsItsOwnText(ordinal)
              }
            }
            projections[index].start(key: key)
          }
          projections[index].add(unit: position, of: all, source: source)
        }
      }
      var done: [(Int, Result)] = []
      for index in projections.indices {
        if projections[index].isSourceLanguage {
          for ordinal in (projections[index].currentKey + 1)..<keys.count {
            projections[index].addKeyAsItsOwnText(ordinal)
          }
        }
        done.append((mine[index], projections[index].finish()))
      }
      results.set(worker, done)
    }
    var ordered = [Result?](repeating: nil, count: languages.count)
    for (slot, result) in results.values.joined() { ordered[slot] = result }
    return ordered.map { $0! }
  }

  // MARK: - Gathering

  /// Begins the entries of the key at `ordinal` (a position in the catalog's `keys`).
  private mutating func start(key ordinal: Int) {
    currentKey = ordinal
    // A stale key (no longer in the source code) asks for no translation work.
    translatable = keys[ordinal].shouldTranslate && keys[ordinal].extractionState != "stale"
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
    places.append(
      Place(
        key: keyRange, value: keyRange, comment: commentRange, unit: -1, line: keys[ordinal].line,
        column: keys[ordinal].column, plural: nil, state: nil, translatable: translatable, hasRareFields: false))
  }

  /// Adds the unit at `position` of `units` to the current key. Its fields are read in place:
  /// binding the unit would copy (retain and release) its strings.
  ///
  /// A plain value (a range of the catalog's text: the reader made it so exactly when its
  /// literal has no escape) is copied from `source`, the catalog's text, between the literal's
  /// quotes: reading it through the unit would count a reference to the catalog's text, which
  /// every thread's units share.
  private mutating func add(unit position: Int, of units: [CatalogUnit], source: UnsafeBufferPointer<UInt8>) {
    let start = text.count
    if units[position].valueText.isSlice {
      let literal = units[position].valueRange
      text.append(
        contentsOf: UnsafeBufferPointer(rebasing: source[(literal.lowerBound + 1)..<(literal.upperBound - 1)]))
    } else {
      units[position].valueText.withUTF8 { text.append(contentsOf: $0) }
    }
    places.append(
      Place(
        key: keyRange, value: start..<text.count, comment: commentRange, unit: position, line: units[position].line,
        column: units[position].column, plural: units[position].path.plural, state: units[position].state,
        translatable: translatable,
        hasRareFields: units[position].path.substitution != nil || units[position].path.device != nil))
  }

  private mutating func append(_ string: String) -> Range<Int> {
    let start = text.count
    CatalogKeyText.append(string, to: &text)
    return start..<text.count
  }

  /// The entries and plural families gathered.
  private func finish() -> Result {
    let bytes = text
    let units = catalog.units
    var entries: [Entry] = []
    entries.reserveCapacity(places.count)
    for place in places {
      var variable: String?
      var device: String?
      if place.hasRareFields {
        variable = units[Int(place.unit)].path.substitution
        device = units[Int(place.unit)].path.device
      }
      entries.append(
        Entry(
          text: bytes, key: place.key, value: place.value, comment: place.comment, plural: place.plural,
          line: place.line, column: place.column, variable: variable, state: place.state, device: device,
          isTranslatable: place.translatable))
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
