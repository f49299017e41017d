/// The String Catalog parts of `format-mismatch`: arguments read as Xcode reads them (see
/// `CatalogArguments`), held against the source's and the key's.
extension FormatMismatch {
  /// True when the translation of `subject` is a String Catalog's: its arguments are then read
  /// as `CatalogArguments`, not as a `.strings` value's.
  static func isCatalog(_ subject: KeySubject, _ translation: KeyRecord) -> Bool {
    subject.unit.hasCatalog && translation.file.hasSuffix(".xcstrings")
  }

  /// The arguments a translation may use: the source's, and, where the source uses fewer, the
  /// key's (an Xcode-extracted key is the format string the call site passes arguments for).
  struct AllowedArguments {
    var byPosition: [Int: CatalogArguments.Use]
    /// Positions that only the key has.
    var fromKey: Set<Int>

    init(source: CatalogArguments, key: String) {
      byPosition = source.byPosition
      fromKey = []
      guard key.utf8.contains(UInt8(ascii: "%")) else { return }
      let signature = FormatSignature(key)
      guard signature.argumentCount > byPosition.count else { return }
      for (position, argument) in signature.arguments where byPosition[position] == nil {
        byPosition[position] = CatalogArguments.Use(
          position: position, family: argument.family, text: argument.text, role: .value,
          place: CatalogArguments.Place(family: nil, category: nil), formatting: argument.text)
        fromKey.insert(position)
      }
    }

    func owner(_ position: Int) -> String { fromKey.contains(position) ? "key" : "source" }
  }

  /// Device variations, substitutions and plural variations of a catalog translation.
  func checkCatalog(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let translation = subject.translation, let source = subject.source else { return }
    let key = subject.key
    for (entry, sourceEntry) in translation.hasDevices ? subject.devicePairs : [] {
      guard let sourceEntry, entry.value.contains("%") || sourceEntry.value.contains("%") || key.contains("%")
      else { continue }
      let expected = CatalogArguments(value: sourceEntry.value)
      let allowed = AllowedArguments(source: expected, key: key)
      let actual = CatalogArguments(value: entry.value)
      let differences = Self.differences(actual.uses, allowed: allowed, required: expected.required, used: actual.used)
      guard !differences.isEmpty else { continue }
      emit(
        subject.finding(
          .formatMismatch, .error, line: entry.line, device: entry.device,
          "The translation\(entry.deviceNote) has \(Self.summary(actual.uses)) but the source has "
            + "\(Self.summary(Array(expected.required.values))): " + differences.joined(separator: "; ") + "."))
    }
    let sourceFamilies = source.families
    let families = translation.families
    let expected = CatalogArguments(value: source.value, families: sourceFamilies)
    let actual = CatalogArguments(value: translation.value, families: families)
    let allowed = AllowedArguments(source: expected, key: key)
    var explained: Set<Int> = []
    checkSubstitutions(actual, expected, allowed, families, &explained, subject, emit)
    // Every other specifier, one finding per place it is written in.
    var places: [CatalogArguments.Place] = []
    var byPlace: [CatalogArguments.Place: [CatalogArguments.Use]] = [:]
    for use in actual.uses {
      if byPlace[use.place] == nil { places.append(use.place) }
      byPlace[use.place, default: []].append(use)
    }
    let valuePlace = CatalogArguments.Place(family: nil, category: nil)
    if byPlace[valuePlace] == nil { places.insert(valuePlace, at: 0) }
    var missing = expected.required.filter { !actual.used.contains($0.key) && !explained.contains($0.key) }
    for place in places {
      let uses = byPlace[place] ?? []
      var differences = Self.differences(uses, allowed: allowed, required: [:], used: [])
      if place == valuePlace {
        differences += missing.keys.sorted().map { "argument \($0) (\(missing[$0]!.text)) of the source is missing" }
        missing = [:]
      }
      guard !differences.isEmpty else { continue }
      let family = place.family.map { families[$0] }
      let subjectName = place.category.map { "The “\($0.rawValue)” form" } ?? "The translation"
      emit(
        subject.finding(
          .formatMismatch, .error, category: place.category,
          line: family?.line ?? translation.entryLine ?? families.first?.line,
          file: family == nil && translation.hasEntry ? nil : subject.pluralFile,
          "\(subjectName) has \(Self.summary(uses)) but the source has \(Self.summary(Array(expected.required.values))): "
            + differences.joined(separator: "; ") + "."))
    }
  }

  /// Each substitution's `formatSpecifier` against the argument it consumes, and each form that
  /// writes that argument out against the `formatSpecifier`.
  private func checkSubstitutions(
    _ actual: CatalogArguments, _ expected: CatalogArguments, _ allowed: AllowedArguments,
    _ families: [PluralFamily], _ explained: inout Set<Int>, _ subject: KeySubject, _ emit: (Finding) -> Void
  ) {
    for substitution in actual.substitutions {
      let line = substitution.familyIndex.map { families[$0].line }
      var message: String?
      if let specifier = substitution.specifier, Self.family(of: specifier) == nil {
        message =
          "Substitution “\(substitution.name)” formats its argument as %\(specifier), which is not a format specifier."
      } else if let argument = allowed.byPosition[substitution.argument] {
        if !substitution.family.isCompatible(with: argument.family) {
          message =
            "Substitution “\(substitution.name)” formats its argument as %\(substitution.specifier ?? "@") but the "
            + "\(allowed.owner(argument.position)) uses \(argument.formatting) "
            + "(\(substitution.family.rawValue) where the \(allowed.owner(argument.position)) takes \(argument.family.rawValue))."
        }
      } else if let same = expected.substitutions.first(where: { $0.name == substitution.name }) {
        explained.insert(same.argument)
        message =
          "Substitution “\(substitution.name)” takes argument \(substitution.argument) but the source's takes argument \(same.argument)."
      } else {
        message =
          "Substitution “\(substitution.name)” takes argument \(substitution.argument), which neither the source nor the key has."
      }
      if let message {
        emit(subject.finding(.formatMismatch, .error, line: line, file: subject.pluralFile, message))
      }
    }
    for use in actual.uses {
      guard case .ownArgument(let index) = use.role else { continue }
      let substitution = actual.substitutions[index]
      guard !use.family.isCompatible(with: substitution.family) else { continue }
      emit(
        subject.finding(
          .formatMismatch, .error, category: use.place.category,
          line: substitution.familyIndex.map { families[$0].line }, file: subject.pluralFile,
          "The “\(use.place.category?.rawValue ?? "other")” form has \(use.text) (\(use.family.rawValue)) but "
            + "substitution “\(substitution.name)” formats its argument as %\(substitution.specifier ?? "lld") "
            + "(\(substitution.family.rawValue))."))
    }
  }

  /// How `uses` (specifiers of the value or forms) differ from what `allowed` lets them use,
  /// and which of `required` none of `used` takes.
  static func differences(
    _ uses: [CatalogArguments.Use], allowed: AllowedArguments, required: [Int: CatalogArguments.Use], used: Set<Int>
  ) -> [String] {
    var result: [String] = []
    var seen: Set<Int> = []
    for use in uses where use.role == .value && seen.insert(use.position).inserted {
      guard let argument = allowed.byPosition[use.position] else {
        result.append("\(use.text) uses argument \(use.position), which the source does not have")
        continue
      }
      if !use.family.isCompatible(with: argument.family) {
        result.append(
          "argument \(use.position) is \(use.text) (\(use.family.rawValue)) where the \(allowed.owner(use.position)) "
            + "has \(argument.formatting) (\(argument.family.rawValue))")
      }
    }
    for position in required.keys.sorted() where !used.contains(position) {
      result.append("argument \(position) (\(required[position]!.text)) of the source is missing")
    }
    return result
  }

  /// `%@, %lld` (one specifier per argument, in argument order), or "no format specifiers".
  static func summary(_ uses: [CatalogArguments.Use]) -> String {
    var first: [Int: String] = [:]
    for use in uses where first[use.position] == nil { first[use.position] = use.text }
    if first.isEmpty { return "no format specifiers" }
    return first.keys.sorted().map { first[$0]! }.joined(separator: ", ")
  }

  /// The family of a `formatSpecifier`; nil when it is not one.
  static func family(of specifier: String) -> FormatSpecifier.Family? {
    CatalogArguments.family(of: specifier)
  }
}
