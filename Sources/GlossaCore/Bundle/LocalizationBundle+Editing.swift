import Foundation

extension LocalizationBundle {
  /// Changes or adds one value; creates the language's table file (from the development
  /// language's layout) when it does not exist yet. The value the entry already has is no edit:
  /// the table stays unmodified.
  ///
  /// - Throws: `GlossaError` when the table is unknown or the document cannot take the value.
  public mutating func setValue(
    _ value: String, forKey key: String, language: String, table: String,
    plural: PluralCategory? = nil, variable: String? = nil, comment: String? = nil
  ) throws {
    let address = ValueAddress(language: language, table: table, key: key, plural: plural, variable: variable)
    if let current = self.value(at: address), current.isSameText(as: value) { return }
    if isMultiLanguage(table: table) {
      let index = try multiLanguageViewIndex(language: language, table: table)
      try tables[index].document.setValue(value, forKey: key, plural: plural, variable: variable, comment: comment)
      syncViews(from: index)
      return
    }
    let index = try tableIndex(language: language, table: table, key: key, plural: plural, variable: variable, creating: true)
    try tables[index].document.setValue(value, forKey: key, plural: plural, variable: variable, comment: comment)
    tables[index].isModified = true
  }

  /// Removes one value (and its comment).
  public mutating func removeValue(
    forKey key: String, language: String, table: String, plural: PluralCategory? = nil, variable: String? = nil
  ) throws {
    if isMultiLanguage(table: table) {
      let index = try multiLanguageViewIndex(language: language, table: table)
      try tables[index].document.removeValue(forKey: key, plural: plural, variable: variable)
      syncViews(from: index)
      return
    }
    let index = try tableIndex(language: language, table: table, key: key, plural: plural, variable: variable, creating: false)
    try tables[index].document.removeValue(forKey: key, plural: plural, variable: variable)
    tables[index].isModified = true
  }

  /// True when any table has unsaved edits.
  public var hasUnsavedChanges: Bool { tables.contains { $0.isModified } }

  /// The one table name when the bundle has one, else `Localizable` if present.
  public var defaultTableName: String? {
    let names = tableNames
    if names.count == 1 { return names[0] }
    return names.first { $0 == "Localizable" }
  }

  /// The file of `table` that should hold `key`: a table name can have a `.strings` and a
  /// `.stringsdict` file; plural forms with a variable, or keys the `.stringsdict` already has, go there.
  private mutating func tableIndex(
    language: String, table: String, key: String, plural: PluralCategory?, variable: String?, creating: Bool
  ) throws -> Int {
    func holds(_ t: LocaleTable) -> Bool { t.entries.contains { $0.key == key && $0.plural == plural } }
    func preferredFormat() -> TableFormat? {
      let source = tables.filter { $0.name == table && $0.language == developmentLanguage }
      if let match = source.first(where: { t in t.entries.contains { $0.key == key } }) { return match.format }
      if variable != nil { return .stringsdict }
      return source.count > 1 ? source.first { $0.format != .stringsdict }?.format : source.first?.format
    }
    let candidates = tables.indices.filter { tables[$0].language == language && tables[$0].name == table }
    if let index = candidates.first(where: { holds(tables[$0]) }) { return index }
    let format = preferredFormat()
    if let index = candidates.first(where: { tables[$0].format == format }) ?? (format == nil ? candidates.first : nil) {
      return index
    }
    guard let template = tables.first(where: { $0.name == table && $0.language == developmentLanguage && (format == nil || $0.format == format) })
      ?? tables.first(where: { $0.name == table })
    else {
      let known = tableNames.joined(separator: ", ")
      throw GlossaError("\(name): no table named \"\(table)\" (tables: \(known.isEmpty ? "none" : known))")
    }
    guard creating else {
      throw GlossaError("\(name): language \"\(language)\" has no table \"\(table)\"")
    }
    if case .file = storage {
      throw GlossaError("\(name): language \"\(language)\" has no table \"\(table)\"")
    }
    // Mirror the template's path with the language's folder.
    var parts = template.path.split(separator: "/").map(String.init)
    parts[parts.count - 2] = "\(language).lproj"
    let path = parts.joined(separator: "/")
    let document = template.format.parse(template.format.emptyFileData, file: LocalizationBundle.display(name) + path)
    tables.append(LocaleTable(language: language, name: table, path: path, format: template.format, document: document, isModified: true))
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return tables.firstIndex { $0.path == path }!
  }

  /// Writes every modified table back atomically and returns the bundle-relative paths written.
  ///
  /// Directory bundles get one atomic file write per table; a zip is rewritten as a whole into a
  /// temporary file renamed over the old one.
  /// - Throws: `GlossaError` naming the file when a write fails; files not yet written keep their old bytes.
  @discardableResult
  public mutating func save() throws -> [String] {
    let modified = tables.indices.filter { tables[$0].isModified }
    guard !modified.isEmpty else { return [] }
    // A multi-language file (catalog, localized objects) is behind several tables: write each path once.
    var seen = Set<String>()
    let unique = modified.filter { seen.insert(tables[$0].path).inserted }
    switch storage {
    case .directory(let root):
      for index in unique {
        let url = root.appendingPathComponent(tables[index].path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(tables[index].document.serialized(), to: url)
        for other in modified where tables[other].path == tables[index].path { tables[other].isModified = false }
      }
    case .file(let url):
      try AtomicFile.write(tables[unique[0]].document.serialized(), to: url)
      for index in modified { tables[index].isModified = false }
    case .zip(let url):
      try saveZip(url, modified: modified)
    }
    return unique.map { tables[$0].path }
  }
}
