/// Every language's view of a String Catalog as its reader meets it: key by key, each
/// language's key, comment and values copied into that language's buffer while the key's bytes
/// are still in cache, and its entries made as ranges of that buffer (handed the buffer when
/// the views are made: `CatalogProjection.result`).
///
/// Projecting the languages after the whole catalog was read (`CatalogProjection`) copied each
/// value from a 35 MB text long out of cache: one memory miss per unit, a quarter of the
/// catalog's lint. The reader has each key's forty-odd units a few kilobytes apart as it
/// finishes the key; copied then, the values cost a copy of bytes already at hand.
///
/// The reader of each piece of a split read (`CatalogSplit`) gathers its own; the catalog's
/// reader takes their parts when it takes the pieces (`append(_:)`), so a language may have a
/// buffer per piece, and each of its entries is a range of one of them. Gathering needs the source language before the keys (a key
/// without a unit in it reads as its own text there), as Xcode writes it; without one, or when
/// a key appears twice (its units are then out of key order), the views are projected after
/// the read instead.
struct CatalogGathering: Sendable {
  /// One language's entries so far: buffers, each with the entries that are ranges of it.
  struct Language: Sendable {
    let name: String
    fileprivate(set) var parts: [Part]
    /// The key whose entries are being gathered in the last part, and its texts' ranges.
    fileprivate var currentKey = -1
    fileprivate var keyRange = 0..<0
    fileprivate var commentRange: Range<Int>?

    fileprivate init(name: String) {
      self.name = name
      parts = [Part(text: [], entries: [])]
    }
  }

  /// A buffer of texts and the entries that are ranges of it (without it until handed it).
  struct Part: Sendable {
    var text: [UInt8]
    var entries: [Entry]
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
  /// The bytes each language's buffer is given room for when made (see `add`'s `bytesAhead`),
  /// and how many bytes of room may be given in all, and have been.
  private var room = 0
  private var roomLimit = 0
  private var roomGiven = 0

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
    let translatable = key.asksForTranslation
    keyBytes.removeAll(keepingCapacity: true)
    CatalogKeyText.append(key.key, to: &keyBytes)
    keyCount = keyBytes.count
    if let comment = key.comment { CatalogKeyText.append(comment, to: &keyBytes) }
    if room == 0 && !range.isEmpty {
      // Room for a language's share of what is ahead, as the first key's languages split it
      // (its key, comment and values are about half of that, but the pieces ahead are not
      // known yet): its buffer then seldom moves while it grows, which would copy it into fresh
      // pages (whose zeroing is most of what memory costs here). Room never written is only
      // address space; all the same it is bounded, for a first key with one language and many
      // languages after it: twice what is ahead in all, then buffers grow as they fill.
      var seen = Set<String>()
      for position in range { seen.insert(units[position].path.language) }
      room = max(4096, bytesAhead / max(seen.count, 4))
      roomLimit = 2 * bytesAhead
      for slot in languages.indices { reserve(slot) }
    }
    bytes.withUnsafeBufferPointer { source in
      units.withUnsafeBufferPointer { units in
        for position in range {
          let unit = units.baseAddress! + position
          let slot = slot(of: unit.pointee.path.language)
          if languages[slot].currentKey != ordinal { start(key, ordinal: ordinal, in: slot) }
          let part = languages[slot].parts.count - 1
          let entry = CatalogProjection.entry(
            of: unit, key: languages[slot].keyRange, comment: languages[slot].commentRange,
            translatable: translatable, source: source, text: &languages[slot].parts[part].text)
          languages[slot].parts[part].entries.append(entry)
        }
      }
    }
    // In the source language, a key without a unit reads as its own text.
    let sourceSlot = 0
    if languages[sourceSlot].currentKey != ordinal {
      start(key, ordinal: ordinal, in: sourceSlot)
      let (keyRange, commentRange) = (languages[sourceSlot].keyRange, languages[sourceSlot].commentRange)
      languages[sourceSlot].parts[languages[sourceSlot].parts.count - 1].entries.append(
        Entry(
          text: [], key: keyRange, value: keyRange, comment: commentRange, plural: nil, line: key.line,
          column: key.column, isTranslatable: translatable))
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

  /// Gives the language at `slot` room for its share of the keys ahead (see `add`).
  private mutating func reserve(_ slot: Int) {
    guard room > 0, roomGiven + room <= roomLimit else { return }
    roomGiven += room
    languages[slot].parts[0].text.reserveCapacity(room)
    // An entry per unit: a unit takes about 180 bytes of the file as Xcode writes it. The
    // first part's room holds a later half's entries too, appended when the views are made.
    languages[slot].parts[0].entries.reserveCapacity(room / 128)
  }

  /// Takes the parts `other` (a later half) gathered.
  mutating func append(_ other: CatalogGathering) {
    for language in other.languages {
      let slot = slot(of: language.name)
      let taken = language.parts.filter { !$0.entries.isEmpty }
      guard !taken.isEmpty else { continue }
      languages[slot].parts += taken
      // Anything gathered after this goes to a part of its own, its key written again.
      languages[slot].parts.append(Part(text: [], entries: []))
      languages[slot].currentKey = -1
    }
  }

  /// Hands over the parts of `language` with entries (none when it had no entry): this
  /// gathering keeps no reference to them, so their entries can be changed in place.
  mutating func takeParts(of language: String) -> [Part] {
    guard let slot = slots[language] else { return [] }
    defer { languages[slot].parts = [] }
    return languages[slot].parts.filter { !$0.entries.isEmpty }
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
      reserve(last)
    }
    return last
  }
}
