/// The String Catalog parts of `format-mismatch`: device variations and substitution arguments.
extension FormatMismatch {
  /// Device variations against the source's matching device (or plain) value, and each
  /// substitution's `formatSpecifier`/`argNum` against the source's substitution of that name.
  func checkCatalog(_ subject: KeySubject, emit: (Finding) -> Void) {
    for (entry, source) in subject.devicePairs {
      guard let source, entry.value.contains("%") || source.value.contains("%") else { continue }
      let expected = FormatSignature(source.value)
      let actual = FormatSignature(entry.value)
      let differences = actual.differences(from: expected, allowMissing: false)
      guard !differences.isEmpty else { continue }
      emit(
        subject.finding(
          .formatMismatch, .error, line: entry.line, device: entry.device,
          "The translation\(entry.deviceNote) has \(actual.summary) but the source has \(expected.summary): "
            + differences.joined(separator: "; ") + "."))
    }
    guard let translation = subject.translation, let source = subject.source else { return }
    for family in translation.families {
      guard let name = family.variable, let sourceFamily = source.family(matching: family),
        sourceFamily.variable == name
      else { continue }
      if let specifier = family.valueType, let sourceSpecifier = sourceFamily.valueType,
        let mismatch = Self.specifierMismatch(specifier, sourceSpecifier)
      {
        emit(
          subject.finding(
            .formatMismatch, .error, line: family.line, file: subject.pluralFile,
            "Substitution “\(name)” formats its argument as %\(specifier) but the source uses %\(sourceSpecifier) (\(mismatch))."
          ))
      }
      if let number = family.argumentNumber, let sourceNumber = sourceFamily.argumentNumber, number != sourceNumber {
        emit(
          subject.finding(
            .formatMismatch, .error, line: family.line, file: subject.pluralFile,
            "Substitution “\(name)” takes argument \(number) but the source's takes argument \(sourceNumber)."))
      }
    }
  }

  /// Why two `formatSpecifier`s (`lld`, `@`) are incompatible, or nil when they are compatible.
  static func specifierMismatch(_ specifier: String, _ source: String) -> String? {
    let actual = FormatSignature("%" + specifier).arguments[1]
    let expected = FormatSignature("%" + source).arguments[1]
    guard let actual, let expected else {
      return actual == nil && expected == nil ? nil : "one of them is not a format specifier"
    }
    return actual.family == expected.family
      ? nil : "\(actual.family.rawValue) where the source takes \(expected.family.rawValue)"
  }
}
