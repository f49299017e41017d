import Foundation

/// One language × table name being checked: the tables, options and language facts that every
/// key of the table shares, built once per table rather than once per key.
final class TableUnit: Sendable {
  let language: String
  let name: String
  let isSource: Bool
  let source: TableIndex?
  let translation: TableIndex?
  let remote: TableIndex?
  let hasRemote: Bool
  let languageTables: [TableIndex]
  let options: CheckOptions
  let bundleName: String
  /// Precomputed facts of the source table's records (`sourceTable`), when the checker has them.
  let sourceFacts: SourceFactsTable?
  /// The language's CLDR plural rules; nil when CLDR does not know the language.
  let pluralRules: PluralRuleSet?
  /// Chinese and Japanese write without spaces: only newlines count at a value's edges.
  let comparesNewlinesOnly: Bool
  /// The place of every finding about this table's keys, shared by them.
  let findingPlace: FindingPlace
  /// False when `untranslated` can report nothing here: the source itself, or a language of
  /// the source's base language (`en-GB` for `en`).
  let mayBeUntranslated: Bool
  /// `options.maxRatio` as `overlong` messages write it (`%g`), made once.
  let maxRatioText: String
  /// What every key of this table's shape holds: `.any`, and `.sourceSide` or `.tableNotes`
  /// when they apply (see `KeyShape`).
  let shapeOfEveryKey: KeyShape
  /// Each source file's path with this language's `.lproj` folder (where a key this language
  /// lacks would be), made once rather than once per finding.
  let expectedPaths: [String: String]
  /// True when this language's table or the source's has a String Catalog file.
  let hasCatalog: Bool
  /// True when a translation-quality check runs: keys' shapes then scan their values (`TextScan`).
  let checksText: Bool
  /// The language's base language, lowercased (`LanguageCode.base`), worked out once per table.
  let baseLanguage: String
  /// True for a pseudo-locale (`LanguageCode.isPseudo`).
  let isPseudoLocale: Bool

  init(
    language: String, name: String, isSource: Bool, source: TableIndex?, translation: TableIndex?,
    remote: TableIndex?, hasRemote: Bool, languageTables: [TableIndex],
    options: CheckOptions = CheckOptions(), bundleName: String = "", sourceFacts: SourceFactsTable? = nil
  ) {
    self.language = language
    self.name = name
    self.isSource = isSource
    self.source = source
    self.translation = translation
    self.remote = remote
    self.hasRemote = hasRemote
    self.languageTables = languageTables
    self.options = options
    self.bundleName = bundleName
    self.sourceFacts = sourceFacts
    let (rules, unknown) = PluralRules.resolve(localeCode: language)
    pluralRules = unknown == nil ? rules : nil
    baseLanguage = LanguageCode.base(language)
    isPseudoLocale = LanguageCode.isPseudo(language)
    comparesNewlinesOnly = ["ja", "zh", "yue"].contains(baseLanguage)
    findingPlace = FindingPlace(
      bundle: bundleName, language: UntrustedText.clipped(language), table: name, device: nil)
    var expectedPaths: [String: String] = [:]
    for file in (isSource ? translation : source)?.files ?? [] {
      expectedPaths[file.path] = BundleLayout.path(file.path, language: language)
    }
    self.expectedPaths = expectedPaths
    checksText = TextScan.isNeeded(by: options)
    hasCatalog =
      translation?.files.contains { $0.format == .xcstrings } == true
      || source?.files.contains { $0.format == .xcstrings } == true
    maxRatioText = String(format: "%g", options.maxRatio)
    mayBeUntranslated =
      !isSource && !Untranslated.sameBaseLanguage(language, (isSource ? translation : source)?.language ?? "")
    var shape = KeyShape.any
    if isSource { shape.insert(.sourceSide) }
    if let translation, !translation.duplicates.isEmpty || !translation.entriesNeedingReview.isEmpty {
      shape.insert(.tableNotes)
    }
    shapeOfEveryKey = shape
  }

  /// The table keys are compared against: the source language's, or this one for the source.
  var sourceTable: TableIndex? { isSource ? translation : source }

  /// This table's keys, then the source's keys it lacks, then the remote's keys neither has.
  /// A table the language lacks entirely contributes no source keys (see `MissingKey`).
  func keys() -> [String] { keySteps().map { key($0).string } }

  /// The subject of `key`, checked with `options` (the TUI's one-key re-check).
  func subject(_ key: String, options: CheckOptions, bundleName: String) -> KeySubject {
    let unit =
      options == self.options && bundleName == self.bundleName
      ? self
      : TableUnit(
        language: language, name: name, isSource: isSource, source: source, translation: translation,
        remote: remote, hasRemote: hasRemote, languageTables: languageTables, options: options,
        bundleName: bundleName)
    let slot = unit.sourceTable?.slot(of: key)
    return KeySubject(
      key: EntryText(key), source: slot.flatMap { unit.sourceTable?.record(at: $0) },
      translation: translation?.record(for: key), remote: remote?.record(for: key), unit: unit,
      sourceSlot: unit.sourceFacts == nil ? nil : slot)
  }

  /// Calls `body` with the subject of every key, in `keys()` order, looking each key up once,
  /// and with the key's shape when it was read from the tables (else nil: see `KeySubject.shape`).
  ///
  /// With `interesting`, a key whose shape (read straight from the tables, before any subject
  /// is made) has none of those bits is skipped: no check could report anything about it.
  ///
  /// One subject is moved from key to key in place and lent to `body`: building one per key
  /// and handing it over cost a copy and two destructions of its references each time.
  func forEachSubject(skippingKeysWithout interesting: KeyShape? = nil, _ body: (KeySubject, KeyShape?) -> Void) {
    let steps = keySteps()
    // Shapes are read from the tables for translated keys of a table whose source facts are
    // precomputed, when no remote bundle is compared (its lookup needs the key).
    if let interesting, !hasRemote, let sourceFacts, let translation, let sourceTable {
      ShapeReader.reading(
        self, facts: sourceFacts, translation: translation.recordTable, source: sourceTable.recordTable
      ) { walk(steps, reader: $0, skippingKeysWithout: interesting, body) }
    } else {
      walk(steps, reader: nil, skippingKeysWithout: nil, body)
    }
  }

  /// `forEachSubject` over `steps`, with their shapes read by `reader` when there is one.
  private func walk(
    _ steps: [KeyStep], reader: ShapeReader?, skippingKeysWithout interesting: KeyShape?,
    _ body: (KeySubject, KeyShape?) -> Void
  ) {
    let sourceTable = self.sourceTable
    let keepsSlots = sourceFacts != nil
    var subject = KeySubject(
      key: EntryText(""), source: nil, translation: nil, remote: nil, unit: self, sourceSlot: nil)
    for step in steps {
      let shape = reader?.shape(step)
      if let shape, let interesting, shape.isDisjoint(with: interesting) { continue }
      let key = self.key(step)
      let sourceSlot = step.source
      subject.move(
        to: key, source: sourceSlot.flatMap { sourceTable?.record(at: $0) },
        translation: step.translation.flatMap { translation?.record(at: $0) },
        remote: remote?.record(for: key), sourceSlot: keepsSlots ? sourceSlot : nil)
      body(subject, shape)
    }
  }

  /// Reads a key's shape straight from its records and source facts (see `KeySubject.shape`,
  /// which it agrees with), for a key the language and the source both have: through pointers
  /// into the tables, so that the walk over every key counts no reference.
  private struct ShapeReader {
    let unit: TableUnit
    let everyKey: KeyShape
    let facts: UnsafeBufferPointer<ShapeFacts>
    let specifiers: SpecifierTable.Pointers
    let places: UnsafeBufferPointer<RecordPlace>
    let sourcePlaces: UnsafeBufferPointer<RecordPlace>
    /// Each file's entries, by `RecordPlace.entryFile`.
    let entries: [UnsafeBufferPointer<Entry>]
    /// The source's plain values, by slot (`SourceFactsTable.plainValues`).
    let sourceValues: SourceFactsTable.PlainValues
    /// The text scan's tables, taken once for the walk.
    let scanTables: TextScan.Tables

    /// Calls `body` with a reader of these tables, valid only during the call.
    static func reading(
      _ unit: TableUnit, facts: SourceFactsTable, translation: RecordTable, source: RecordTable,
      _ body: (ShapeReader) -> Void
    ) {
      facts.specifiers.withPointers { specifiers in
        facts.withPlainValues { sourceValues in
          facts.shapes.withUnsafeBufferPointer { shapes in
            translation.places.withUnsafeBufferPointer { places in
              source.places.withUnsafeBufferPointer { sourcePlaces in
                withBuffers(translation.entries) { entries in
                  TextScan.withTables { scanTables in
                    body(
                      ShapeReader(
                        unit: unit, everyKey: unit.shapeOfEveryKey, facts: shapes, specifiers: specifiers,
                        places: places, sourcePlaces: sourcePlaces, entries: entries, sourceValues: sourceValues,
                        scanTables: scanTables))
                  }
                }
              }
            }
          }
        }
      }
    }

    /// Calls `body` with a buffer of each array, all valid during the call.
    private static func withBuffers(
      _ arrays: [[Entry]], _ buffers: [UnsafeBufferPointer<Entry>] = [], _ body: ([UnsafeBufferPointer<Entry>]) -> Void
    ) {
      guard buffers.count < arrays.count else { return body(buffers) }
      arrays[buffers.count].withUnsafeBufferPointer { withBuffers(arrays, buffers + [$0], body) }
    }

    /// The shape of `step`'s key when the language and the source both have a plain value for
    /// it (nearly every key); nil for any other key, whose subject works its shape out.
    func shape(_ step: KeyStep) -> KeyShape? {
      guard let translationSlot = step.translation, let sourceSlot = step.source else { return nil }
      let place = places[translationSlot]
      let sourcePlace = sourcePlaces[sourceSlot]
      guard place.entryFile >= 0, sourcePlace.entryFile >= 0 else { return nil }
      var shape = everyKey
      if place.extras >= 0 || sourcePlace.extras >= 0 { shape.insert(.extras) }
      let facts = self.facts[sourceSlot]
      let specifiers = self.specifiers.run(sourceSlot)
      let entry = entries[Int(place.entryFile)].baseAddress! + Int(place.entryIndex)
      // The source's value from the source facts' copy: read from the source's entries, it
      // cost a count of a reference to the source's file, which every thread counts at once.
      let source = sourceValues.value(sourceSlot)
      return Entry.withValue(at: entry) { value in
        shape.union(
          KeyShape(
            value: value, source: source, facts: facts, specifiers: specifiers, unit: unit, scanTables: scanTables))
      }
    }
  }

  /// One key of the walk: its slot in this language's table and in the source table, and for
  /// a key only the remote has, its position in the remote's keys (the key is read from there).
  fileprivate struct KeyStep {
    private var storedTranslation: Int32 = -1
    private var storedSource: Int32 = -1
    private var storedRemote: Int32 = -1

    init(translation: Int?, source: Int?, remote: Int? = nil) {
      storedTranslation = Int32(translation ?? -1)
      storedSource = Int32(source ?? -1)
      storedRemote = Int32(remote ?? -1)
    }

    var translation: Int? { storedTranslation < 0 ? nil : Int(storedTranslation) }
    var source: Int? { storedSource < 0 ? nil : Int(storedSource) }
    var remote: Int? { storedRemote < 0 ? nil : Int(storedRemote) }
  }

  /// The key a step stands for.
  private func key(_ step: KeyStep) -> EntryText {
    if let slot = step.translation, let translation { return translation.keyTexts[slot] }
    if let index = step.remote, let remote { return remote.keyTexts[index] }
    return sourceTable?.keyTexts[step.source ?? 0] ?? EntryText("")
  }

  /// Every key once, with its slot in this language's table and in the source table: this
  /// table's keys, then the source keys it lacks, then the remote's keys neither has.
  private func keySteps() -> [KeyStep] {
    let sourceTable = self.sourceTable
    var steps: [KeyStep] = []
    // For a translation, the source slots its keys matched: the source keys it lacks are the
    // rest, found without hashing every source key again. Nil when there is no such list (the
    // source itself, or a language without this table, which is one finding, not one per key).
    var matched: [Bool]?
    if let translation {
      let keys = translation.keyTexts
      steps.reserveCapacity(keys.count)
      if isSource {
        for slot in keys.indices { steps.append(KeyStep(translation: slot, source: slot)) }
      } else if let sourceTable {
        let sourceKeys = sourceTable.keyTexts
        var found = Array(repeating: false, count: sourceKeys.count)
        // Translations usually list their keys in the source's order: try the slot after the
        // last match with one string comparison before hashing the key; an index built like
        // the source already knows each key's source slot.
        if let sourceSlots = translation.sourceSlots(in: sourceTable) {
          for slot in keys.indices {
            let sourceSlot = Int(sourceSlots[slot])
            found[sourceSlot] = true
            steps.append(KeyStep(translation: slot, source: sourceSlot))
          }
        } else {
          var guess = 0
          for slot in keys.indices {
            let key = keys[slot]
            let sourceSlot =
              guess < sourceKeys.count && sourceKeys[guess].isEqual(to: key) ? guess : sourceTable.slot(of: key)
            if let sourceSlot {
              guess = sourceSlot + 1
              found[sourceSlot] = true
            }
            steps.append(KeyStep(translation: slot, source: sourceSlot))
          }
        }
        for slot in sourceKeys.indices where !found[slot] { steps.append(KeyStep(translation: nil, source: slot)) }
        matched = found
      } else {
        for slot in keys.indices { steps.append(KeyStep(translation: slot, source: nil)) }
      }
    }
    if let remote {
      for (index, key) in remote.keyTexts.enumerated() where translation?.slot(of: key) == nil {
        let sourceSlot = sourceTable?.slot(of: key)
        // A key of the source was reported above, with the source keys the translation lacks.
        if matched != nil && sourceSlot != nil { continue }
        steps.append(KeyStep(translation: nil, source: sourceSlot, remote: index))
      }
    }
    return steps
  }
}
