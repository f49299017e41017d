import Foundation

/// `overlong`: a value too wide for its place, measured in terminal display columns.
///
/// With a limit (`max-length: N` in the source entry's comment, or a config rule for the key)
/// a value over it is an error, in every language. Without one, a translation is a warning when
/// it is wider than `maxRatio` × the source's width and at least `slack` columns wider.
public struct Overlong: Check {
  public var kind: FindingKind { .overlong }
  public var keyTriggers: KeyShape { [.wide, .extras] }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let translation = subject.translation else { return }
    let source = subject.source
    // The source's width and limit are worked out once per run and shared by every language.
    let facts = subject.sourceFacts
    // Value and line are read in place: binding the entry would copy every string in it.
    if let text = subject.translationText, let line = translation.entryLine {
      measure(
        text, sourceWidth: subject.sourceText == nil ? nil : facts.width, limit: facts.limit, category: nil,
        line: line, subject, emit)
    }
    for (entry, sourceEntry) in translation.hasDevices ? subject.devicePairs : [] {
      measure(
        entry.valueText, sourceWidth: sourceEntry.map { DisplayWidth.columns(of: $0.value) }, limit: facts.limit,
        category: nil, line: entry.line, device: entry.device, subject, emit)
    }
    for family in translation.families {
      let sourceFamily = source?.family(matching: family)
      for category in family.forms.keys.sorted() {
        guard let value = family.forms[category] else { continue }
        let sourceValue = sourceFamily?.forms[category] ?? sourceFamily?.forms[.other]
        measure(
          EntryText(value), sourceWidth: sourceValue.map { DisplayWidth.columns(of: $0) }, limit: facts.limit,
          category: category, line: family.line, file: subject.pluralFile, subject, emit)
      }
    }
  }

  private func measure(
    _ text: EntryText, sourceWidth: Int?, limit: Int?, category: PluralCategory?, line: Int,
    file: String? = nil, device: String? = nil, _ subject: KeySubject, _ emit: (Finding) -> Void
  ) {
    let on = device.map { " (device \($0))" } ?? ""
    guard
      text.withUTF8({
        Self.mayExceed($0, sourceWidth: sourceWidth, limit: limit, isSource: subject.isSource, subject.unit.options)
      })
    else { return }
    if let limit {
      let width = text.withUTF8(DisplayWidth.columns(utf8:))
      guard width > limit else { return }
      let from = sourceWidth.map { "; the source is \($0)" } ?? ""
      emit(
        subject.finding(
          .overlong, .error, category: category, line: line, file: file, device: device,
          "The text\(on) is \(width) columns wide, over the limit of \(limit) set by max-length\(from)."
        ))
    } else if !subject.isSource, let sourceWidth, sourceWidth > 0 {
      let options = subject.unit.options
      let allowed = Double(sourceWidth) * options.maxRatio
      let width = text.withUTF8(DisplayWidth.columns(utf8:))
      guard Double(width) > allowed, width - sourceWidth >= options.slack else { return }
      let ratio = subject.unit.maxRatioText
      let rule = Self.ratioLimit(sourceWidth: sourceWidth, options: options)
      // The rule as applied: past the ratio alone, or (short sources) past the slack as well.
      let past = rule.bySlack ? " and at least \(options.slack) columns wider" : ""
      emit(
        subject.finding(
          .overlong, .warning, category: category, line: line, file: file, device: device,
          "The translation\(on) is \(width) columns wide against \(sourceWidth) for the source, "
            + "more than \(ratio) × the source\(past) (limit \(rule.columns) columns)."))
    }
  }

  /// The widest a translation of a source `sourceWidth` columns wide may be without a
  /// `max-length` (wider is overlong: more than `maxRatio` × the source and at least `slack`
  /// columns wider), and whether the slack, not the ratio, sets it. The review's width ruler
  /// uses it too, so the two never state different limits.
  public static func ratioLimit(sourceWidth: Int, options: CheckOptions) -> (columns: Int, bySlack: Bool) {
    let byRatio = Int((Double(sourceWidth) * options.maxRatio).rounded(.down))
    let bySlack = sourceWidth + options.slack - 1
    return bySlack > byRatio ? (bySlack, true) : (byRatio, false)
  }

  /// False when `bytes` (a value's UTF-8) cannot be a finding however they are measured:
  /// measuring is the costly part, so it is skipped then. The UTF-8 length bounds the
  /// lead-byte bound, which bounds the width in turn (a scalar of 3 or 4 bytes counts 2).
  static func mayExceed(
    _ bytes: UnsafeBufferPointer<UInt8>, sourceWidth: Int?, limit: Int?, isSource: Bool, _ options: CheckOptions
  ) -> Bool {
    let length = bytes.count
    if let limit { return length > limit && columnBound(bytes) > limit }
    guard !isSource, let sourceWidth, sourceWidth > 0 else { return false }
    let allowed = Double(sourceWidth) * options.maxRatio
    guard Double(length) > allowed, length - sourceWidth >= options.slack else { return false }
    let bound = columnBound(bytes)
    return Double(bound) > allowed && bound - sourceWidth >= options.slack
  }

  /// An upper bound of `DisplayWidth.columns(of:)`, from UTF-8 lead bytes alone: a scalar below
  /// U+1100 takes at most 1 column (nothing below it is East Asian wide or emoji-presented),
  /// any other at most 2, and a cluster is never wider than its widest reading scalar by scalar.
  static func columnBound(_ value: String) -> Int {
    value.utf8.withContiguousStorageIfAvailable(columnBound) ?? columnBound(Array(value.utf8))
  }

  /// `columnBound` of UTF-8 bytes.
  static func columnBound(_ bytes: some Sequence<UInt8>) -> Int {
    var bound = 0
    for byte in bytes where byte & 0xC0 != 0x80 { bound += byte >= 0xE1 ? 2 : 1 }
    return bound
  }

  /// `columnBound` of UTF-8 bytes in memory, eight bytes a step: per word, the bytes that are
  /// not continuations (`10xxxxxx`) count 1, and those from 0xE1 up (at least 0xE0, less
  /// exactly 0xE0) 1 more.
  static func columnBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let raw = UnsafeRawBufferPointer(bytes)
    var bound = 0
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i += 8
      guard word & high != 0 else {
        bound += 8
        continue
      }
      // Bit 7 of each byte: set for a continuation, for 0xE0 and above, for exactly 0xE0.
      let continuation = word & ~(word << 1) & high
      let fromE0 = word & (word << 1) & (word << 2) & high
      let other = word ^ 0xE0E0_E0E0_E0E0_E0E0
      let exactlyE0 = ~(((other & low) &+ low) | other) & high
      bound += 8 - continuation.nonzeroBitCount + fromE0.nonzeroBitCount - exactlyE0.nonzeroBitCount
    }
    for byte in UnsafeBufferPointer(rebasing: bytes[i...]) where byte & 0xC0 != 0x80 { bound += byte >= 0xE1 ? 2 : 1 }
    return bound
  }

  /// The `max-length: N` limit in a comment (case-insensitive), if any.
  static func commentLimit(_ comment: String) -> Int? {
    let lower = comment.lowercased()
    guard let range = lower.range(of: "max-length") else { return nil }
    var rest = lower[range.upperBound...].drop { $0 == " " || $0 == "\t" }
    guard rest.first == ":" || rest.first == "=" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
