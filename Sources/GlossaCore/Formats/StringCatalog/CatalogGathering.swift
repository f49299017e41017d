/// Every language's view of a String Catalog as its reader meets it: key by key, each
/// language's key, comment and values copied into that language's buffer while the key's bytes
/// are still in cache, with a `CatalogPlace` per entry.
///
/// Projecting the languages after the whole catalog was read (`CatalogProjection`) copied each
/// value from a 35 MB text long out of cache: one memory miss per unit, a quarter of the
/// catalog's lint. The reader has each key's forty-odd units a few kilobytes apart as it
/// finishes the key; copied then, the values cost a copy of bytes already at hand.
///
/// A reader of a second half gathers its own; the first half takes its parts when it takes the
/// half (`append(_:unitOffset:)`), so a language may have two buffers, and its entries are
/// ranges of one or the other. Gathering needs the source language before the keys (a key
/// without a unit in it reads as its own text there), as Xcode writes it; without one, or when
/// a key appears twice (its units are then out of key order), the views are projected after
/// the read instead.
struct CatalogGathering: Sendable {
  /// One language's entries so far: buffers each with the places of their entries.
  struct Language: Sendable {
    let name: String
    fileprivate(set) var parts: [Part]
    /// The key whose entries are being gathered in the last part, and its texts' ranges.
    fileprivate var currentKey = -1
    fileprivate var keyRange = 0..<0
    fileprivate var commentRange: Range<Int>?

    fileprivate init(name: String) {
      self.name = name
      parts = [Part(text: [], places: [], unitOffset: 0)]
    }
  }

  /// A buffer of texts and the places of the entries that are ranges of it; each place's unit
  /// is a position in the units of the reader that gathered it, `unitOffset` less than in the
  /// catalog's.
  struct Part: Sendable {
    var text: [UInt8]
    var places: [CatalogPlace]
    var unitOffset: Int
  }

  /// The catalog's source language, whose keys without a unit read as their own text.
  let source: String
  private(set) var languages: [Language] = []
  private var slots: [String: Int] = [:]
  private var last = -1
  /// The key being gathered and its comment, one after the other: what each of its languages'
  /// buffers starts the key with (one copy from the strings, not one per language).
  private var keyBytes: [UInt8] = []
  private var keyCount = 0
  /// The bytes each language's buffer is given room for when made (see `add`'s `bytesAhead`).
  private var room = 0

  init(source: String) {
    self.source = source
    _ = slot(of: source)
  }

  /// Gathers the key just read, at `ordinal` in the reader's keys, whose units are `range` of
  /// `units`; `bytes` is the catalog's text, whose literals plain values are read from, with
  /// about `bytesAhead` bytes of keys still to read.
  mutating func add(
    key: CatalogKey, ordinal: Int, units range: Range<Int>, of units: [CatalogUnit], bytes: [UInt8], bytesAhead: Int
  ) {
    // A stale key (no longer in the source code) asks for no translation work.
    let translatable = key.shouldTranslate && key.extractionState != "stale"
    keyBytes.removeAll(keepingCapacity: true)
    CatalogKeyText.append(key.key, to: &keyBytes)
    keyCount = keyBytes.count
    if let comment = key.comment { CatalogKeyText.append(comment, to: &keyBytes) }
    if room == 0 && !range.isEmpty {
      // Room for a language's share of what is ahead, as the first key's languages split it
      // (a key's text is about a third of a unit's bytes, its value a quarter): its buffer then
      // seldom moves while it grows. Room never written is only address space.
      var seen = Set<String>()
      for position in range { seen.insert(units[position].path.language) }
      room = max(4096, bytesAhead / seen.count / 2)
      for slot in languages.indices { languages[slot].parts[0].text.reserveCapacity(room) }
    }
    bytes.withUnsafeBufferPointer { source in
      for position in range {
        let slot = slot(of: units[position].path.language)
        if languages[slot].currentKey != ordinal { start(key, ordinal: ordinal, in: slot) }
        let (keyRange, commentRange) = (languages[slot].keyRange, languages[slot].commentRange)
        let part = languages[slot].parts.count - 1
        let start = languages[slot].parts[part].text.count
        // A plain value (a range of the text exactly when its literal has no escape) is copied
        // from between the literal's quotes; reading it through the unit would count a
        // reference to the text, which both halves' threads share.
        if units[position].valueText.isSlice {
          let literal = units[position].valueRange
          languages[slot].parts[part].text.append(
            contentsOf: UnsafeBufferPointer(rebasing: source[(literal.lowerBound + 1)..<(literal.upperBound - 1)]))
        } else {
          units[position].valueText.withUTF8 { languages[slot].parts[part].text.append(contentsOf: $0) }
        }
        let end = languages[slot].parts[part].text.count
        languages[slot].parts[part].places.append(
          CatalogPlace(
            key: keyRange, value: start..<end, comment: commentRange, unit: position, line: units[position].line,
            column: units[position].column, plural: units[position].path.plural, state: units[position].state,
            translatable: translatable,
            hasRareFields: units[position].path.substitution != nil || units[position].path.device != nil))
      }
    }
    // In the source language, a key without a unit reads as its own text.
    let sourceSlot = 0
    if languages[sourceSlot].currentKey != ordinal {
      start(key, ordinal: ordinal, in: sourceSlot)
      let (keyRange, commentRange) = (languages[sourceSlot].keyRange, languages[sourceSlot].commentRange)
      languages[sourceSlot].parts[languages[sourceSlot].parts.count - 1].places.append(
        CatalogPlace(
          key: keyRange, value: keyRange, comment: commentRange, unit: -1, line: key.line, column: key.column,
          plural: nil, state: nil, translatable: translatable, hasRareFields: false))
    }
  }

  /// Appends the key and comment to the language at `slot`'s buffer: its entries of this key
  /// are ranges of them.
  private mutating func start(_ key: CatalogKey, ordinal: Int, in slot: Int) {
    let part = languages[slot].parts.count - 1
    let keyStart = languages[slot].parts[part].text.count
    languages[slot].parts[part].text.append(contentsOf: keyBytes)
    let keyEnd = keyStart + keyCount
    languages[slot].keyRange = keyStart..<keyEnd
    languages[slot].commentRange = key.comment == nil ? nil : keyEnd..<languages[slot].parts[part].text.count
    languages[slot].currentKey = ordinal
  }

  /// Takes the parts `other` (a later half) gathered, whose unit positions start at
  /// `unitOffset` in this reader's units.
  mutating func append(_ other: CatalogGathering, unitOffset: Int) {
    for language in other.languages {
      let slot = slot(of: language.name)
      let taken = language.parts.filter { !$0.places.isEmpty }
      guard !taken.isEmpty else { continue }
      for var part in taken {
        part.unitOffset += unitOffset
        languages[slot].parts.append(part)
      }
      // Anything gathered after this goes to a part of this reader's own, its key written again.
      languages[slot].parts.append(Part(text: [], places: [], unitOffset: 0))
      languages[slot].currentKey = -1
    }
  }

  /// The parts of `language`, with no place; none when it had no entry.
  func parts(of language: String) -> [Part] {
    guard let slot = slots[language] else { return [] }
    return languages[slot].parts.filter { !$0.places.isEmpty }
  }

  /// The language's position, tried after the one used last first: a key's languages come
  /// mostly in the order of the key before.
  private mutating func slot(of language: String) -> Int {
    let next = last + 1 < languages.count ? last + 1 : 0
    if next < languages.count && languages[next].name == language {
      last = next
    } else if last >= 0 && languages[last].name == language {
    } else if let known = slots[language] {
      last = known
    } else {
      last = languages.count
      slots[language] = last
      languages.append(Language(name: language))
      languages[last].parts[0].text.reserveCapacity(room)
    }
    return last
  }
}
