import Foundation

/// `format-mismatch`: a translation's printf-style specifiers differ from the source's in count,
/// type family or positions. Error: a wrong specifier garbles the text or crashes the app.
///
/// Reordering with positions (`%2$@ … %1$@`) is fine, `%%` is a literal, and a plural form other
/// than `other` may leave out an argument of the source's `other` form ("one file"), but may not
/// add one it lacks or change its type. A String Catalog's arguments are read as Xcode reads
/// them (`FormatMismatch+Catalog`, `CatalogArguments`).
public struct FormatMismatch: Check {
  public var kind: FindingKind { .formatMismatch }
  public var keyTriggers: KeyShape { [.specifiersDiffer, .extras] }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, case .some = subject.source, let translation = subject.translation else { return }
    // A String Catalog's arguments are the key's, read through substitutions and `%arg`.
    if Self.isCatalog(subject, translation) {
      checkCatalog(subject, emit: emit)
      return
    }
    // Values and lines are read in place: binding whole entries (or the source's signature)
    // would copy every string and array in them.
    if let text = subject.translationText, subject.sourceText != nil {
      // The source side is worked out once per run and shared by every language.
      let facts = subject.sourceFacts
      let hasPercent = ValueBytes.contains(text, UInt8(ascii: "%"))
      if text.withUTF8({ value in
        facts.specifiers.withRun {
          Self.mayDiffer(value, hasPercent: hasPercent, sourceHasPercent: facts.hasPercent, $0)
        }
      }) {
        checkPlain(text.string, facts: facts, hasPercent: hasPercent, subject, emit)
      }
    }
    if translation.hasFamilies, let source = subject.source { checkFamilies(source, translation, subject, emit) }
  }

  /// A plain value that is not written like its source.
  private func checkPlain(
    _ value: String, facts: SourceFacts, hasPercent: Bool, _ subject: KeySubject, _ emit: (Finding) -> Void
  ) {
    guard let sourceValue = subject.source?.value, let line = subject.translation?.entryLine else { return }
    if let expected = facts.signature, hasPercent {
      let specifiers = FormatSpecifier.parse(value)
      if !Self.sameText(specifiers, expected.specifiers) {
        compare(
          value, with: sourceValue, expected: expected, actual: FormatSignature(specifiers: specifiers),
          allowMissing: false, category: nil, line: line, subject, emit)
      }
    } else {
      compare(
        value, with: sourceValue, expected: facts.signature, allowMissing: false, category: nil, line: line,
        subject, emit)
    }
  }

  /// The plural families of the translation against the source's.
  private func checkFamilies(
    _ source: KeyRecord, _ translation: KeyRecord, _ subject: KeySubject, _ emit: (Finding) -> Void
  ) {
    let facts = subject.sourceFacts
    for family in translation.families {
      guard let index = source.familyIndex(matching: family) else { continue }
      let sourceFamily = source.families[index]
      if let formatKey = family.formatKey, let sourceKey = sourceFamily.formatKey {
        compare(
          formatKey, with: sourceKey, allowMissing: false, category: nil, line: family.line,
          file: subject.pluralFile, subject, emit, what: "format key")
      }
      for category in family.forms.keys.sorted() {
        // Every form is held against the source's `other` form, which carries the arguments:
        // an English "one" form often spells the number out ("1 day ago") where Russian's
        // "one" (1, 21, 31…) needs `%ld`.
        guard let value = family.forms[category],
          let expected = sourceFamily.forms[.other] ?? sourceFamily.forms[category]
        else { continue }
        // Written exactly like the source's form: the signatures are equal, nothing differs.
        let written =
          facts.familySpecifiers.indices.contains(index)
          ? facts.familySpecifiers[index][sourceFamily.forms[.other] == nil ? category : .other] : nil
        if let written, Self.writtenAlike(value, written) { continue }
        compare(
          value, with: expected, allowMissing: category != .other, category: category,
          line: family.line, file: subject.pluralFile, subject, emit)
      }
    }
  }

  private func compare(
    _ value: String, with sourceValue: String, expected known: FormatSignature? = nil,
    actual parsed: FormatSignature? = nil, allowMissing: Bool, category: PluralCategory?, line: Int,
    file: String? = nil, _ subject: KeySubject, _ emit: (Finding) -> Void, what: String = "translation"
  ) {
    guard known != nil || Self.hasPercent(value) || Self.hasPercent(sourceValue) else { return }
    let expected = known ?? FormatSignature(sourceValue)
    let actual = parsed ?? FormatSignature(value)
    let differences = actual.differences(from: expected, allowMissing: allowMissing)
    guard !differences.isEmpty else { return }
    let subjectName = category.map { "The “\($0.rawValue)” form" } ?? "The \(what)"
    emit(
      subject.finding(
        .formatMismatch, .error, category: category, line: line, file: file,
        "\(subjectName) has \(actual.summary) but the source has \(expected.summary): "
          + differences.joined(separator: "; ") + "."))
  }

  /// True when both lists hold the same specifiers as written, in order: their signatures are
  /// then equal, and equal signatures never differ.
  static func sameText(_ a: [FormatSpecifier], _ b: [FormatSpecifier]) -> Bool {
    guard a.count == b.count else { return false }
    for index in a.indices where a[index].text != b[index].text { return false }
    return true
  }

  /// True when the specifiers in `value` are exactly the source's as written, in order (the
  /// precomputed `SpecifierText`), without building them: each `%` that does not start `%%`
  /// must begin the next expected specifier's text. A specifier's end depends only on its own
  /// bytes, so the scanner would read the same specifiers there. False means "not sure": the
  /// caller then parses the value.
  static func writtenAlike(_ value: String, _ specifiers: SpecifierText) -> Bool {
    value.utf8.withContiguousStorageIfAvailable { bytes in specifiers.withRun { writtenAlike(bytes, $0) } } ?? false
  }

  /// `writtenAlike` of a value's UTF-8 bytes.
  static func writtenAlike(_ bytes: UnsafeBufferPointer<UInt8>, _ specifiers: SpecifierRun) -> Bool {
    let ends = specifiers.ends
    let percent = UInt8(ascii: "%")
    guard let base = bytes.baseAddress else { return ends.isEmpty }
    var i = 0
    var next = 0
    var start = specifiers.start
    while i < bytes.count {
      // The next `%`, at memchr's speed.
      guard let found = memchr(base + i, Int32(percent), bytes.count - i) else { break }
      i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if i + 1 < bytes.count, bytes[i + 1] == percent {
        i += 2
        continue
      }
      guard next < ends.count, let expected = specifiers.bytes else { return false }
      let end = Int(ends[next])
      let length = end - start
      guard i + length <= bytes.count else { return false }
      for k in 0..<length where base[i + k] != expected[start + k] { return false }
      i += length
      start = end
      next += 1
    }
    return next == ends.count
  }

  /// False in the common cases, where a plain value's specifiers cannot differ from the
  /// source's: no specifier on either side (neither holds a `%`), or the source's specifiers
  /// written the same way in the same order. `KeyShape` asks this too.
  static func mayDiffer(
    _ value: UnsafeBufferPointer<UInt8>, hasPercent: Bool, sourceHasPercent: Bool, _ specifiers: SpecifierRun
  ) -> Bool {
    sourceHasPercent ? !hasPercent || !writtenAlike(value, specifiers) : hasPercent
  }

  /// True when `value` holds a `%` byte: without one there is no specifier to compare.
  static func hasPercent(_ value: String) -> Bool {
    ValueBytes.contains(value, UInt8(ascii: "%"))
  }
}
