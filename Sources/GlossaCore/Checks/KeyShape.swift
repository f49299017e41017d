import Foundation

/// What one key looks like to the per-key checks, found once per key from its records and a
/// glance at its plain values: the checker calls a check on a key only when the key has one of
/// the check's `keyTriggers`, so the usual key (translated, plain, nothing odd) costs a few
/// byte tests instead of a dozen calls.
///
/// Each bit is a necessary condition for some check to report something; a check's triggers
/// must cover every way it can report. A shape always holds `.any`, so a check that triggers
/// on `.any` (the default) sees every key.
public struct KeyShape: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Every key.
  public static let any = KeyShape(rawValue: 1 << 0)
  /// The language lacks the key.
  public static let noTranslation = KeyShape(rawValue: 1 << 1)
  /// The language has the key but the source does not.
  public static let noSource = KeyShape(rawValue: 1 << 2)
  /// A second bundle is compared and lacks the key.
  public static let notInRemote = KeyShape(rawValue: 1 << 3)
  /// The key's language is the source (or `Base`, which stands alone).
  public static let sourceSide = KeyShape(rawValue: 1 << 4)
  /// The language's or the source's record has plural families, device variations or a
  /// second file.
  public static let extras = KeyShape(rawValue: 1 << 5)
  /// The key's language is the source (or `Base`, which stands alone) and its plain value
  /// holds a `%`: what `unpositioned-arguments` asks, of the source only. A translation's `%`
  /// is `specifiersDiffer`'s business.
  public static let percent = KeyShape(rawValue: 1 << 6)
  /// The translation's plain value is not written with exactly the source's format specifiers
  /// in their order (one of them holds a `%`).
  public static let specifiersDiffer = KeyShape(rawValue: 1 << 12)
  /// The language's plain value holds a `{`.
  public static let brace = KeyShape(rawValue: 1 << 7)
  /// The language's or the source's plain value is empty, or may start or end with whitespace.
  public static let edges = KeyShape(rawValue: 1 << 8)
  /// The language's plain value may equal the source's (and the language is a translation of
  /// another base language than the source's: see `Untranslated`).
  public static let sameAsSource = KeyShape(rawValue: 1 << 9)
  /// The language's plain value may be wider than its limit or than the source allows.
  public static let wide = KeyShape(rawValue: 1 << 10)
  /// The language's table lists duplicate keys or entries needing review.
  public static let tableNotes = KeyShape(rawValue: 1 << 11)
  // What the translation-quality checks look for (`TextScan`), read only when one of them runs.
  /// The translation's plain value may be a stand-in (`placeholder-text`).
  public static let placeholderText = KeyShape(rawValue: 1 << 13)
  /// The translation's or the source's plain value has a URL or e-mail address.
  public static let links = KeyShape(rawValue: 1 << 14)
  /// The source's plain value has numbers the translation's may not have.
  public static let numbers = KeyShape(rawValue: 1 << 15)
  /// The translation's plain value holds an invisible character.
  public static let invisible = KeyShape(rawValue: 1 << 16)
  /// The language's plain value has two spaces in a row.
  public static let doubleSpace = KeyShape(rawValue: 1 << 17)
  /// The language's plain value repeats a word.
  public static let repeatedWord = KeyShape(rawValue: 1 << 18)
  /// The source language's plain value has three dots in a row.
  public static let threeDots = KeyShape(rawValue: 1 << 19)
  /// The source's plain value ends with punctuation the translation's does not.
  public static let endPunctuation = KeyShape(rawValue: 1 << 20)
  /// The source's plain value holds HTML/XML tags or Markdown links or emphasis.
  public static let markup = KeyShape(rawValue: 1 << 21)
  /// The source's plain value holds a term of the config's glossary.
  public static let glossaryTerm = KeyShape(rawValue: 1 << 22)
}

extension KeySubject {
  /// This key's shape (see `KeyShape`), given the facts of its source record.
  func shape(facts sourceFacts: SourceFacts) -> KeyShape {
    let facts = sourceFacts.shape
    var shape = unit.shapeOfEveryKey
    if source?.hasExtras == true { shape.insert(.extras) }
    guard let translation else { return shape.union(.noTranslation) }
    if source == nil { shape.insert(.noSource) }
    if unit.hasRemote && remote == nil { shape.insert(.notInRemote) }
    if translation.hasExtras { shape.insert(.extras) }
    guard let text = translationText else {
      return shape.union(KeyShape(facts: facts, sourceHasValue: sourceText != nil))
    }
    return sourceFacts.specifiers.withRun { specifiers in
      text.withUTF8 { bytes in
        guard let sourceText else {
          return shape.union(KeyShape(value: bytes, source: nil, facts: facts, specifiers: specifiers, unit: unit))
        }
        return sourceText.withUTF8 {
          shape.union(KeyShape(value: bytes, source: $0, facts: facts, specifiers: specifiers, unit: unit))
        }
      }
    }
  }
}

extension KeyShape {
  /// What the source's facts alone say, for a key whose language has no plain value: the
  /// source's value has whitespace edges. (`.percent` is about the language's own value.)
  init(facts: ShapeFacts, sourceHasValue: Bool) {
    self = []
    if sourceHasValue && !facts.hasPlainEdges { insert(.edges) }
  }

  /// What a translated key's plain values say: `value` (the language's UTF-8) against
  /// `source` (the source's, nil when it has no plain value), the source's facts and its
  /// format specifiers as written. `scanTables` are the text scan's, when the caller holds them
  /// (`TextScan.withTables`).
  init(
    value: UnsafeBufferPointer<UInt8>, source: UnsafeBufferPointer<UInt8>?, facts: ShapeFacts,
    specifiers: SpecifierRun, unit: TableUnit, scanTables: TextScan.Tables? = nil
  ) {
    self.init(facts: facts, sourceHasValue: source != nil)
    // When a translation-quality check runs, its scan of the value finds `%` and `{` too.
    let text = Self.scan(value, hasSource: source != nil, facts: facts, unit: unit, tables: scanTables)
    let (hasPercent, hasBrace) =
      text.map { ($0.flags.contains(.percent), $0.flags.contains(.brace)) }
      ?? ValueBytes.holds(UInt8(ascii: "%"), UInt8(ascii: "{"), in: value)
    if hasBrace { insert(.brace) }
    if hasPercent && unit.isSource { insert(.percent) }
    if source != nil, !unit.isSource,
      FormatMismatch.mayDiffer(value, hasPercent: hasPercent, sourceHasPercent: facts.hasPercent, specifiers)
    {
      insert(.specifiersDiffer)
    }
    if !ValueBytes.hasPlainEdges(value) { insert(.edges) }
    let sourceWidth = source == nil ? nil : facts.width
    if Overlong.mayExceed(value, sourceWidth: sourceWidth, limit: facts.limit, isSource: unit.isSource, unit.options) {
      insert(.wide)
    }
    if let source, unit.mayBeUntranslated, EntryText.compare(value, source) != false { insert(.sameAsSource) }
    if let text { insert(Self(text: text, source: source == nil ? nil : facts.text, unit: unit)) }
    if facts.hasGlossaryTerm, source != nil, !unit.isSource { insert(.glossaryTerm) }
  }

  /// The scan of a plain value (`value`) for its key's shape: nil when no translation-quality
  /// check runs. A translation's numbers and end punctuation are read only when the source has
  /// a plain value with them.
  private static func scan(
    _ value: UnsafeBufferPointer<UInt8>, hasSource: Bool, facts: ShapeFacts, unit: TableUnit,
    tables: TextScan.Tables? = nil
  ) -> TextScan? {
    guard unit.checksText else { return nil }
    let compares = hasSource && !unit.isSource
    let numbers = compares && facts.text.numbers != 0
    let end = compares && facts.text.end != .none
    guard let tables else { return TextScan(value, numbers: numbers, end: end) }
    return TextScan(value, numbers: numbers, end: end, tables: tables)
  }

  /// The bits of the translation-quality checks: `text` is the language's plain value's scan,
  /// `source` the source's (nil when the source has no plain value).
  init(text: TextScan, source: TextScan?, unit: TableUnit) {
    self = []
    if text.flags.contains(.doubleSpace) { insert(.doubleSpace) }
    if text.flags.contains(.repeatedWord) { insert(.repeatedWord) }
    if unit.isSource {
      if text.flags.contains(.threeDots) { insert(.threeDots) }
      return
    }
    guard let source else { return }
    if text.flags.contains(.placeholder) { insert(.placeholderText) }
    if text.flags.contains(.invisible) { insert(.invisible) }
    if source.flags.contains(.links) || text.flags.contains(.links) { insert(.links) }
    if source.numbers != 0 && source.numbers != text.numbers { insert(.numbers) }
    if source.end != .none && source.end != text.end { insert(.endPunctuation) }
    if source.flags.contains(.markup) { insert(.markup) }
  }
}
