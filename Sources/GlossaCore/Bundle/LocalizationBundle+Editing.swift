import Foundation

extension LocalizationBundle {
  /// Changes or adds one value; creates the language's table file (from the development
  /// language's layout) when the store has none. The files the edit needs are read first when
  /// they are not yet, so an edit always lands in the file as it is on disk.
  ///
  /// Setting the value an entry already has changes nothing.
  /// - Throws: `GlossaError` when the table is unknown or the document cannot take the value.
  public mutating func setValue(
    _ value: String, forKey key: String, language: String, table: String,
    plural: PluralCategory? = nil, variable: String? = nil, comment: String? = nil
  ) throws {
    try load(table: table, languages: [language, developmentLanguage])
    let address = ValueAddress(language: language, table: table, key: key, plural: plural, variable: variable)
    if let current = self.value(at: address), current.isSameText(as: value) { return }
    if isMultiLanguage(table: table) {
      let index = try multiLanguageViewIndex(language: language, table: table)
      try change(index) { try $0.setValue(value, forKey: key, plural: plural, variable: variable, comment: comment) }
      syncViews(from: index)
      return
    }
    let index = try tableIndex(
      language: language, table: table, key: key, plural: plural, variable: variable, creating: true)
    var edited = tables[index]
    if var plist = edited.document as? StringsdictDocument, let plural,
      !edited.entries.contains(where: { $0.hasKey(key) })
    {
      // A family new to this language is laid out like the development language's: its
      // variable, format string and value type.
      let development = developmentLanguage
      let model = tables.filter { $0.name == table && $0.language == development }
        .flatMap(\.document.pluralFamilies).first { $0.key == key && (variable == nil || $0.variable == variable) }
      try plist.setValue(value, forKey: key, plural: plural, variable: variable ?? model?.variable, like: model)
      edited.document = plist
    } else {
      try edited.document.setValue(value, forKey: key, plural: plural, variable: variable, comment: comment)
    }
    try verifyReadBack(edited, value: value, key: key, plural: plural, variable: variable)
    try change(index) { $0 = edited.document }
  }

  /// Reads the edited document's bytes again, as a fresh reader would, and refuses the edit
  /// unless the key holds the value there: an edit appended after an unterminated literal or
  /// `/*` at the end of a file would land inside it and vanish on the next read.
  /// - Throws: `GlossaError.invalidEdit` naming the file and the first problem its reader reports.
  private func verifyReadBack(
    _ table: LocaleTable, value: String, key: String, plural: PluralCategory?, variable: String?
  ) throws {
    // Only the documents the format's own reader makes (a document supplied by a caller, such
    // as a test double, may serialize in a form of its own).
    // A document that verifies its own edits has done this (and more) already.
    let document = table.document
    guard !(document is any VerifiesItsEdits), document is StringsdictDocument || document is JSONTableDocument else {
      return
    }
    let fresh = table.format.parse(document.serialized(), file: table.path)
    let found = fresh.entries.last {
      $0.hasKey(key) && $0.plural == plural && (plural == nil || variable == nil || $0.variable == variable)
    }
    if let found, found.value.isSameText(as: value) { return }
    let problem =
      fresh.diagnostics.first.map { diagnostic in
        let place = [diagnostic.line.map { "line \($0)" }, diagnostic.column.map { "column \($0)" }].compactMap { $0 }
        return " (" + (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + diagnostic.message + ")"
      } ?? ""
    throw GlossaError.invalidEdit(
      display(table.path), problem: .wouldNotReadBack(key: key, othersChange: false, complaint: problem))
  }

  /// Removes one value (and its comment).
  /// - Throws: `GlossaError` when the table or value does not exist.
  public mutating func removeValue(
    forKey key: String, language: String, table: String, plural: PluralCategory? = nil, variable: String? = nil
  ) throws {
    try load(table: table, languages: [language, developmentLanguage])
    if isMultiLanguage(table: table) {
      let index = try multiLanguageViewIndex(language: language, table: table)
      try change(index) { try $0.removeValue(forKey: key, plural: plural, variable: variable) }
      syncViews(from: index)
      return
    }
    let index = try tableIndex(
      language: language, table: table, key: key, plural: plural, variable: variable, creating: false)
    try change(index) { try $0.removeValue(forKey: key, plural: plural, variable: variable) }
  }

  /// Changes the document of `tables[index]` and gives it a new revision; on a throw nothing changes.
  mutating func change(_ index: Int, _ body: (inout any TableDocument) throws -> Void) throws {
    var document = tables[index].document
    try body(&document)
    tables[index].replace(document)
  }

  /// The file of `table` that should hold `key`. A table name can have a `.strings` and a
  /// `.stringsdict` file, and real apps keep some keys in both (a placeholder line in the
  /// `.strings`, the family in the `.stringsdict`). Apple's lookup takes the `.stringsdict`
  /// family for such a key, so a plural form goes to the family the app reads: the language's
  /// `.stringsdict` key, else a `KEY##{cat}` family the table already has for the key, else the
  /// file where the development language keeps the key's family. A plain value goes to the file
  /// that holds the key as a plain entry.
  private mutating func tableIndex(
    language: String, table: String, key: String, plural: PluralCategory?, variable: String?, creating: Bool
  ) throws -> Int {
    let candidates = tables.indices.filter { tables[$0].language == language && tables[$0].name == table }
    let source = tables.filter { $0.name == table && $0.language == developmentLanguage }
    let format: TableFormat?
    if plural != nil || variable != nil {
      let ranked = candidates.compactMap { i in familyRank(tables[i], key, variable).map { (rank: $0, index: i) } }
      if let best = ranked.min(by: { $0.rank < $1.rank }) { return best.index }
      format = try pluralFormat(table: table, key: key, source: source)
    } else {
      let holds = { (t: LocaleTable) in t.entries.contains { $0.hasKey(key) && $0.plural == nil } }
      if let index = candidates.first(where: { holds(tables[$0]) }) { return index }
      if let match = source.first(where: holds) {
        format = match.format
      } else {
        format = source.count > 1 ? source.first { $0.format != .stringsdict }?.format : source.first?.format
      }
    }
    if let index = candidates.first(where: { tables[$0].format == format }) ?? (format == nil ? candidates.first : nil)
    {
      return index
    }
    guard
      let template = tables.first(where: {
        $0.name == table && $0.language == developmentLanguage && (format == nil || $0.format == format)
      }) ?? tables.first(where: { $0.name == table && (format == nil || $0.format == format) })
    else {
      throw GlossaError.noSuchTable(bundle: name, table: table, tables: tableNames)
    }
    var canCreate = creating
    if case .file = storage { canCreate = false }
    guard canCreate else {
      throw GlossaError.invalidEdit(name, problem: .noTable(language: language, table: table))
    }
    return try createTable(language: language, table: table, like: template)
  }

  /// How well `table` holds the plural family of `key`: 0 for a `.stringsdict` key (with
  /// `variable`, when one is named), 1 for `KEY##{cat}` forms in another format, nil for none.
  private func familyRank(_ table: LocaleTable, _ key: String, _ variable: String?) -> Int? {
    let forms = table.entries.lazy.filter {
      $0.plural != nil && $0.hasKey(key) && (variable == nil || $0.variable == variable)
    }
    guard !forms.isEmpty else { return nil }
    return table.format == .stringsdict ? 0 : 1
  }

  /// The format a plural form of `key` is written in when the language has no family for it:
  /// the development language's family's, else the table's `.stringsdict`. A `KEY##{cat}` line
  /// is written only where the table already uses that form for the key.
  private func pluralFormat(table: String, key: String, source: [LocaleTable]) throws -> TableFormat {
    if let best = source.compactMap({ t in familyRank(t, key, nil).map { ($0, t.format) } }).min(by: { $0.0 < $1.0 }) {
      return best.1
    }
    if tables.contains(where: { $0.name == table && $0.format == .stringsdict })
      || listed.contains(where: { $0.name == table && $0.format == .stringsdict })
    {
      return .stringsdict
    }
    throw GlossaError.invalidEdit(name, problem: .noPluralFamilyTable(key: key, table: table))
  }

  /// Adds a new, empty file of `language` for `table`, laid out like `template` (the `.lproj`
  /// folder swapped). Only for a path the store lists no file at: a listed file is read, never
  /// replaced by an empty one.
  private mutating func createTable(language: String, table: String, like template: LocaleTable) throws -> Int {
    let path = BundleLayout.path(template.path, language: language)
    guard path != template.path, !listed.contains(where: { $0.path == path }),
      !tables.contains(where: { $0.path == path })
    else {
      throw GlossaError.invalidEdit(display(path), problem: .existsUnread(replacing: false))
    }
    let document = template.format.parse(template.format.emptyFileData, file: display(path))
    tables.append(
      LocaleTable(
        language: language, name: table, path: path, format: template.format, document: document, origin: .created))
    tables.sort(by: Self.tableOrder)
    return tables.firstIndex { $0.path == path }!
  }
}
