import Foundation

/// What the checks derive from a source key's plain value and comment, worked out once per run
/// and shared by every language that translates the key (a class: the checks ask for it several
/// times per key, and a reference is cheaper to hand out than its arrays).
final class SourceFacts: Sendable {
  /// Display columns of the plain value; nil without a plain entry.
  let width: Int?
  /// True when the plain value holds a `%`.
  let hasPercent: Bool
  /// The plain value's format signature when it holds a `%`.
  let signature: FormatSignature?
  /// The column limit: `max-length:` in the comment, else a config rule for the key.
  let limit: Int?
  /// The signature's specifiers as written.
  let specifiers: SpecifierText
  /// Per plural family of the record (in its order), each form's specifiers as written.
  let familySpecifiers: [[PluralCategory: SpecifierText]]
  /// The kinds `glossa-ignore:` in the comment silences for this key.
  let ignored: Set<FindingKind>
  /// False when the plain value is empty or may start or end with whitespace
  /// (`ValueBytes.hasPlainEdges`); true without a plain entry.
  let hasPlainEdges: Bool
  /// What a key's shape takes from these facts, as one value.
  var shape: ShapeFacts {
    ShapeFacts(
      width: width, limit: limit, hasPercent: hasPercent, hasPlainEdges: hasPlainEdges, text: text,
      hasGlossaryTerm: !glossaryTerms.isEmpty)
  }
  /// The plain value's `TextScan`, when a translation-quality check runs (else empty).
  let text: TextScan
  /// The positions in `options.glossary` of the terms the plain value holds (`glossary`).
  let glossaryTerms: [Int]

  init(record: KeyRecord?, key: String, options: CheckOptions) {
    let entry = record?.entry
    width = entry.map { DisplayWidth.columns(of: $0.value) }
    hasPercent = entry.map { ValueBytes.contains($0.value, UInt8(ascii: "%")) } ?? false
    hasPlainEdges = entry.map { ValueBytes.hasPlainEdges($0.valueText) } ?? true
    signature = hasPercent ? entry.map { FormatSignature($0.value) } : nil
    specifiers = SpecifierText(signature?.specifiers ?? [])
    familySpecifiers = (record?.families ?? []).map { family in
      family.forms.mapValues { SpecifierText(FormatSpecifier.parse($0)) }
    }
    let comment = entry?.comment ?? record?.devices.first?.comment
    limit = ColumnBudget.limit(comment: comment, key: key, options: options)
    ignored = Suppression.kinds(in: comment)
    if let entry, TextScan.isNeeded(by: options) {
      text = entry.valueText.withUTF8 { TextScan($0) }
    } else {
      text = TextScan()
    }
    if let entry, !options.glossary.isEmpty, options.reports(.glossary), !ignored.contains(.glossary) {
      glossaryTerms = GlossaryMatch.terms(of: options.glossary, in: entry.value)
    } else {
      glossaryTerms = []
    }
  }
}

/// Format specifiers as written, one after another (`%1$@%2$ld`), and where each ends: what
/// `FormatMismatch.writtenAlike` holds a translation against without parsing it.
struct SpecifierText: Sendable {
  let bytes: [UInt8]
  let ends: [UInt32]

  init(_ specifiers: [FormatSpecifier]) {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for specifier in specifiers {
      bytes += specifier.text.utf8
      ends.append(UInt32(clamping: bytes.count))
    }
    self.bytes = bytes
    self.ends = ends
  }

  /// Calls `body` with these specifiers as a run, valid during the call.
  func withRun<Result>(_ body: (SpecifierRun) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      ends.withUnsafeBufferPointer { body(SpecifierRun(bytes: bytes.baseAddress, ends: $0, start: 0)) }
    }
  }
}

/// Specifiers as written, read through pointers: the first starts at `bytes + start`, and each
/// ends at `bytes + ends[k]`. A `SpecifierText`'s, or one slot's of a `SpecifierTable`.
struct SpecifierRun {
  /// Nil only when there is no specifier.
  let bytes: UnsafePointer<UInt8>?
  let ends: UnsafeBufferPointer<UInt32>
  let start: Int
}

/// Every source slot's specifiers as written, in three flat arrays: the shape of each key reads
/// its slot's run from them, where an array of its own per slot cost a cache miss (and a
/// reference to count) per key.
struct SpecifierTable: Sendable {
  /// Every slot's specifier bytes, one slot after another.
  let bytes: [UInt8]
  /// Where each specifier ends in `bytes`.
  let ends: [UInt32]
  /// Slot `s`'s specifiers end at `ends[firstEnd[s]..<firstEnd[s + 1]]`.
  let firstEnd: [UInt32]

  init(_ texts: [SpecifierText]) {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    var firstEnd: [UInt32] = [0]
    firstEnd.reserveCapacity(texts.count + 1)
    for text in texts {
      let start = UInt32(clamping: bytes.count)
      bytes += text.bytes
      for end in text.ends { ends.append(start &+ end) }
      firstEnd.append(UInt32(clamping: ends.count))
    }
    self.bytes = bytes
    self.ends = ends
    self.firstEnd = firstEnd
  }

  /// The table's arrays as pointers, valid during `body`.
  func withPointers<Result>(_ body: (Pointers) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      ends.withUnsafeBufferPointer { ends in
        firstEnd.withUnsafeBufferPointer { body(Pointers(bytes: bytes.baseAddress, ends: ends, firstEnd: $0)) }
      }
    }
  }

  /// A table read through pointers.
  struct Pointers {
    let bytes: UnsafePointer<UInt8>?
    let ends: UnsafeBufferPointer<UInt32>
    let firstEnd: UnsafeBufferPointer<UInt32>

    /// Slot `slot`'s specifiers.
    func run(_ slot: Int) -> SpecifierRun {
      let first = Int(firstEnd[slot])
      let last = Int(firstEnd[slot + 1])
      return SpecifierRun(
        bytes: bytes, ends: UnsafeBufferPointer(rebasing: ends[first..<last]),
        start: first == 0 ? 0 : Int(ends[first - 1]))
    }
  }
}

/// The source facts a key's shape needs (see `KeyShape`), in a value: read per key without a
/// reference to count.
struct ShapeFacts: Sendable {
  var width: Int?
  var limit: Int?
  var hasPercent: Bool
  var hasPlainEdges: Bool
  var text = TextScan()
  var hasGlossaryTerm = false
}

/// The facts of every record of one source table, by slot.
final class SourceFactsTable: Sendable {
  let facts: [SourceFacts]
  /// `facts[slot].shape`, by slot.
  let shapes: [ShapeFacts]
  /// `facts[slot].specifiers`, by slot, flat.
  let specifiers: SpecifierTable
  /// Every slot's plain value's UTF-8, one slot after another (nothing for a slot without a
  /// plain entry): what a key's shape compares a translation with. Read from the source's
  /// entries, each value cost a count of a reference to the source file's text, which every
  /// language's walk counts from its own thread at once (the threads waited on one another).
  let plainValues: [UInt8]
  /// Slot `s`'s plain value is `plainValues[valueBounds[s]..<valueBounds[s + 1]]`.
  let valueBounds: [UInt32]

  /// The facts of `table`'s records; a large table's in parallel chunks (lint works them out
  /// before any language can be checked).
  init(_ table: TableIndex, options: CheckOptions) {
    let keys = table.keys
    let chunks = keys.count >= 4096 ? 8 : 1
    let results = ParallelResults<[SourceFacts]>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let slots = (keys.count * chunk / chunks)..<(keys.count * (chunk + 1) / chunks)
      results.set(
        chunk, slots.map { SourceFacts(record: table.record(at: $0), key: keys[$0], options: options) })
    }
    facts = Array(results.values.joined())
    shapes = facts.map(\.shape)
    specifiers = SpecifierTable(facts.map(\.specifiers))
    var plainValues: [UInt8] = []
    var valueBounds: [UInt32] = [0]
    valueBounds.reserveCapacity(keys.count + 1)
    for slot in keys.indices {
      if let entry = table.record(at: slot)?.entry { entry.valueText.withUTF8 { plainValues.append(contentsOf: $0) } }
      valueBounds.append(UInt32(clamping: plainValues.count))
    }
    self.plainValues = plainValues
    self.valueBounds = valueBounds
  }

  /// Calls `body` with the plain values read through pointers, valid during the call.
  func withPlainValues<Result>(_ body: (PlainValues) -> Result) -> Result {
    plainValues.withUnsafeBufferPointer { bytes in
      valueBounds.withUnsafeBufferPointer { body(PlainValues(bytes: bytes, bounds: $0)) }
    }
  }

  /// `plainValues` and `valueBounds` read through pointers.
  struct PlainValues {
    let bytes: UnsafeBufferPointer<UInt8>
    let bounds: UnsafeBufferPointer<UInt32>

    /// Slot `slot`'s plain value (empty without a plain entry).
    func value(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[Int(bounds[slot])..<Int(bounds[slot + 1])])
    }
  }
}
