/// `format-mismatch`: a translation's printf-style specifiers differ from the source's in count,
/// type family or positions. Error: a wrong specifier garbles the text or crashes the app.
///
/// Reordering with positions (`%2$@ … %1$@`) is fine, `%%` is a literal, and a plural form other
/// than `other` may leave out an argument of the source's `other` form ("one file"), but may not
/// add one it lacks or change its type.
public struct FormatMismatch: Check {
  public var kind: FindingKind { .formatMismatch }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let source = subject.source, let translation = subject.translation
    else { return }
    checkCatalog(subject, emit: emit)
    if let entry = translation.entry, let sourceEntry = source.entry {
      // The source side is worked out once per run and shared by every language.
      let facts = subject.sourceFacts
      if let expected = facts.signature, Self.hasPercent(entry.value) {
        // The common case: the same specifiers, written the same way, in the same order.
        let specifiers = FormatSpecifier.parse(entry.value)
        if !Self.sameText(specifiers, expected.specifiers) {
          compare(
            entry.value, with: sourceEntry.value, expected: expected,
            actual: FormatSignature(specifiers: specifiers), allowMissing: false, category: nil,
            line: entry.line, subject, emit)
        }
      } else if facts.hasPercent || Self.hasPercent(entry.value) {
        compare(
          entry.value, with: sourceEntry.value, expected: facts.signature, allowMissing: false,
          category: nil, line: entry.line, subject, emit)
      }
    }
    for family in translation.families {
      guard let sourceFamily = source.family(matching: family) else { continue }
      if let formatKey = family.formatKey, let sourceKey = sourceFamily.formatKey {
        compare(
          formatKey, with: sourceKey, allowMissing: false, category: nil, line: family.line,
          subject, emit, what: "format key")
      }
      for category in family.forms.keys.sorted() {
        // Every form is held against the source's `other` form, which carries the arguments:
        // an English "one" form often spells the number out ("1 day ago") where Russian's
        // "one" (1, 21, 31…) needs `%ld`.
        guard let value = family.forms[category],
          let expected = sourceFamily.forms[.other] ?? sourceFamily.forms[category]
        else { continue }
        compare(
          value, with: expected, allowMissing: category != .other, category: category,
          line: family.line, subject, emit)
      }
    }
  }

  private func compare(
    _ value: String, with sourceValue: String, expected known: FormatSignature? = nil,
    actual parsed: FormatSignature? = nil, allowMissing: Bool, category: PluralCategory?, line: Int,
    _ subject: KeySubject, _ emit: (Finding) -> Void, what: String = "translation"
  ) {
    guard known != nil || Self.hasPercent(value) || Self.hasPercent(sourceValue) else { return }
    let expected = known ?? FormatSignature(sourceValue)
    let actual = parsed ?? FormatSignature(value)
    let differences = actual.differences(from: expected, allowMissing: allowMissing)
    guard !differences.isEmpty else { return }
    let subjectName = category.map { "The “\($0.rawValue)” form" } ?? "The \(what)"
    emit(
      subject.finding(
        .formatMismatch, .error, category: category, line: line,
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

  /// True when `value` holds a `%` byte: without one there is no specifier to compare.
  static func hasPercent(_ value: String) -> Bool {
    value.utf8.contains(UInt8(ascii: "%"))
  }
}
