import Foundation

/// What `writePseudoLanguage` did.
public struct PseudoReport: Sendable, Hashable {
  /// The pseudo language written.
  public var language: String
  /// The language its values came from.
  public var source: String
  /// Each table file written (bundle paths), new or replaced.
  public var files: [String]
  /// The files that did not exist before.
  public var created: [String]
  /// Values written (plural forms and device variations count one each).
  public var values: Int
  /// Source tables that could not be used, with why (an undecodable file, a table outside an
  /// `.lproj` folder).
  public var skipped: [String]
}

extension LocalizationBundle {
  /// Adds (or, with `replacing`, writes again) a pseudo language: every table of `source`
  /// (the development language by default) copied with each value pseudo-localized, so an app
  /// can be run in it. A per-language file keeps the source file's layout, comments, order,
  /// encoding and plural families; a String Catalog or localized-object file gets the language
  /// added to every key. Placeholders and references survive (see `Pseudolocalization`).
  ///
  /// Nothing is written until `save()`.
  /// - Throws: `GlossaError` for a single-language file, a read-only (downloaded) bundle, an
  ///   existing language without `replacing`, or a value a format cannot take.
  public mutating func writePseudoLanguage(
    _ language: String, from source: String? = nil, using pseudo: Pseudolocalization, replacing: Bool
  ) throws -> PseudoReport {
    if let readOnlyReason { throw GlossaError.readOnly(name, reason: readOnlyReason) }
    if case .file = storage, !tables.contains(where: { $0.document is any MultiLanguageTable }) {
      throw GlossaError.pseudoLanguage(bundle: name, language: language, problem: .singleTableFile)
    }
    let from =
      try source.map { code in
        guard let match = matchingLanguage(code) else {
          throw GlossaError.noSuchLanguage(bundle: name, language: code, languages: languages)
        }
        return match
      } ?? developmentLanguage
    let exists = matchingLanguage(language)
    if let exists {
      guard replacing else {
        throw GlossaError.pseudoLanguage(bundle: name, language: exists, problem: .exists(source: from))
      }
      guard exists != from else {
        throw GlossaError.pseudoLanguage(bundle: name, language: language, problem: .isTheSource)
      }
    }
    let target = exists ?? language
    try load(languages: [from, target])
    var report = PseudoReport(language: target, source: from, files: [], created: [], values: 0, skipped: [])
    let sourceTables = tables.filter { $0.language == from }
    for sourceTable in sourceTables {
      if isMultiLanguage(table: sourceTable.name) {
        try pseudoLocalizeMultiLanguage(sourceTable, into: target, using: pseudo, report: &report)
      } else {
        try pseudoLocalizeFile(sourceTable, into: target, using: pseudo, report: &report)
      }
    }
    return report
  }

  /// A per-language file: the source file's bytes with every value replaced, at the target's path.
  private mutating func pseudoLocalizeFile(
    _ sourceTable: LocaleTable, into target: String, using pseudo: Pseudolocalization, report: inout PseudoReport
  ) throws {
    let path = BundleLayout.path(sourceTable.path, language: target)
    guard path != sourceTable.path else {
      report.skipped.append("\(display(sourceTable.path)): not inside a <language>.lproj folder")
      return
    }
    if sourceTable.entries.isEmpty, let problem = sourceTable.document.diagnostics.first {
      report.skipped.append("\(display(sourceTable.path)): \(problem.message)")
      return
    }
    var document = sourceTable.format.parse(sourceTable.document.serialized(), file: display(path))
    let expected = document.entries.map { pseudo.transform($0.value) }
    if var strings = document as? StringsDocument {
      var position = 0
      try strings.setValues { _ in
        defer { position += 1 }
        return expected[position]
      }
      document = strings
    } else {
      for (entry, value) in zip(document.entries, expected) where entry.isTranslatable {
        try document.setValue(value, forKey: entry.key, plural: entry.plural, variable: entry.variable, comment: nil)
      }
    }
    // Read the result back as the app would: same keys in the same order, each with its value.
    let reread = sourceTable.format.parse(document.serialized(), file: display(path))
    let readBack = reread.entries
    guard readBack.count == expected.count,
      zip(readBack, zip(sourceTable.entries, expected)).allSatisfy({ got, pair in
        got.key == pair.0.key && got.plural == pair.0.plural && (!pair.0.isTranslatable || got.value == pair.1)
      })
    else {
      throw GlossaError.invalidEdit(display(path), problem: .pseudoWouldNotReadBack)
    }
    report.values += expected.count
    report.files.append(display(path))
    if let index = tables.firstIndex(where: { $0.path == path }) {
      try change(index) { $0 = reread }
    } else {
      guard !listed.contains(where: { $0.path == path }) else {
        throw GlossaError.invalidEdit(display(path), problem: .existsUnread(replacing: true))
      }
      tables.append(
        LocaleTable(
          language: target, name: sourceTable.name, path: path, format: sourceTable.format, document: reread,
          origin: .created))
      tables.sort(by: Self.tableOrder)
      report.created.append(display(path))
    }
  }

  /// A String Catalog or localized-object file: every unit of the source language set again
  /// for the target, through the file's own editing.
  private mutating func pseudoLocalizeMultiLanguage(
    _ sourceTable: LocaleTable, into target: String, using pseudo: Pseudolocalization, report: inout PseudoReport
  ) throws {
    let table = sourceTable.name
    if let catalog = catalog(table: table) {
      let units = catalog.units.filter { unit in
        guard unit.path.language == sourceTable.language, let key = catalog.key(unit.path.key) else { return false }
        return key.shouldTranslate && key.extractionState != "stale"
      }
      for unit in units {
        var path = unit.path
        path.language = target
        try setCatalogValue(pseudo.transform(unit.value), at: path, table: table)
      }
      // A key with no unit in the source language shows the key itself (Xcode's keys are
      // often the source text): the pseudo language gets the key pseudo-localized.
      let covered = Set(units.map(\.path.key))
      let keyOnly = catalog.keys.filter { key in
        key.shouldTranslate && key.extractionState != "stale" && !covered.contains(key.key)
      }
      for key in keyOnly {
        try setCatalogValue(
          pseudo.transform(key.key), at: CatalogUnitPath(key: key.key, language: target), table: table)
      }
      report.values += units.count + keyOnly.count
    } else {
      let entries = sourceTable.entries.filter(\.isTranslatable)
      for entry in entries {
        try setValue(
          pseudo.transform(entry.value), forKey: entry.key, language: target, table: table, plural: entry.plural,
          variable: entry.variable)
      }
      report.values += entries.count
    }
    report.files.append(display(sourceTable.path))
  }
}
