import GlossaCore

/// A value the detail pane can select and edit: one side's value, one plural form of it, or a
/// String Catalog device variation (and a plural form inside one).
public struct DetailField: Sendable, Hashable {
  public var side: Side
  /// The plural category, for plural families.
  public var category: PluralCategory?
  /// The String Catalog device variation (`iphone`, `mac`, `other`…).
  public var device: String?
  public init(side: Side, category: PluralCategory? = nil, device: String? = nil) {
    self.side = side
    self.category = category
    self.device = device
  }
}

extension AppState {
  /// The editable fields of the selected row: per side, its value or each of its plural forms,
  /// then each device variation (each plural form of a device that varies by plural).
  public var detailFields: [DetailField] {
    guard let row = selectedRow else { return [] }
    let sides: [Side] = remote == nil ? [.local] : [.local, .remote]
    let devices = deviceVariations(of: row)
    var fields: [DetailField] = []
    for side in sides {
      if devices.isEmpty || hasPlainPart(row) {
        if devices.isEmpty ? row.isPlural : hasPluralForms(row) {
          // A String Catalog substitution string (`%1$@ · %#@hikes@`) is a value of its own.
          if hasMainValue(row) { fields.append(DetailField(side: side)) }
          for category in pluralCategories(of: row, side: side) {
            fields.append(DetailField(side: side, category: category))
          }
        } else {
          fields.append(DetailField(side: side))
        }
      }
      for variation in devices {
        if variation.isPlural {
          for category in pluralCategories(of: row, side: side, device: variation.device) {
            fields.append(DetailField(side: side, category: category, device: variation.device))
          }
        } else {
          fields.append(DetailField(side: side, device: variation.device))
        }
      }
    }
    return fields
  }

  /// True when a plural row also has a value of its own in this language or the source: the
  /// format string of a String Catalog key whose substitutions vary by plural.
  ///
  /// A `.stringsdict` family has none: its format string is part of the family (shown, not
  /// edited), and a `.strings` line of the same key is a placeholder Apple's lookup never reads.
  public func hasMainValue(_ row: KeyRow) -> Bool {
    guard row.isPlural, stringsdictFormat(of: row, side: .local, language: local.developmentLanguage) == nil,
      stringsdictFormat(of: row, side: .local) == nil
    else { return false }
    for bundle in [local, remote].compactMap({ $0 }) {
      for language in [language, local.developmentLanguage] {
        let address = ValueAddress(language: language, table: table, key: row.key)
        if bundle.value(at: address) != nil { return true }
      }
    }
    return false
  }

  /// The source text of a row: the development language's local value, else (a key only the
  /// remote bundle has) the remote's development-language value, marked as such.
  public func sourceText(of row: KeyRow) -> (text: String, fromRemote: Bool)? {
    if let source = row.source { return (source, false) }
    guard let remote else { return nil }
    if let snapshot = snapshots.remoteSource {
      // A key the remote's table lacks has no source; a plain key's value is the one its row shows.
      guard snapshot.contains(row.key) else { return nil }
      if !row.isPlural { return snapshot.value(row.key).map { ($0, true) } }
    }
    let address = ValueAddress(
      language: remote.developmentLanguage, table: table, key: row.key, plural: row.isPlural ? .other : nil,
      variable: row.variable)
    return remote.value(at: address).map { ($0, true) }
  }

  /// The `NSStringLocalizedFormatKey` of the row's `.stringsdict` family on one side in
  /// `language` (the current one by default), or nil when the family is not in a `.stringsdict`.
  public func stringsdictFormat(of row: KeyRow, side: Side, language: String? = nil) -> String? {
    guard side == .local || remote != nil else { return nil }
    let language = language ?? self.language
    let files = bundle(side).tables.filter {
      $0.language == language && $0.name == table && $0.format == .stringsdict
    }
    for file in files {
      if let family = file.document.pluralFamilies.first(where: {
        $0.key == row.key && (row.variable == nil || $0.variable == row.variable)
      }) {
        return family.formatKey
      }
    }
    return nil
  }

  /// The forms a plural family has on one side in the current language (outside device
  /// variations, or inside `device`'s).
  public func pluralForms(
    of row: KeyRow, side: Side, language: String? = nil, device: String? = nil
  ) -> [PluralCategory: String] {
    guard side == .local || remote != nil else { return [:] }
    let language = language ?? self.language
    var forms: [PluralCategory: String] = [:]
    let files = bundle(side).tables.filter { $0.language == language && $0.name == table }
    for entry in files.flatMap(\.entries) where entry.hasKey(row.key) && entry.device == device {
      if let category = entry.plural, row.variable == nil || entry.variable == row.variable {
        forms[category] = entry.value
      }
    }
    return forms
  }

  /// The categories to show for a plural row (or a device's plural forms): those CLDR requires
  /// for the language plus any present, in CLDR order.
  public func pluralCategories(of row: KeyRow, side: Side, device: String? = nil) -> [PluralCategory] {
    var categories = Set(plurals.categories(language)?.map(\.category) ?? [])
    categories.formUnion(pluralForms(of: row, side: side, device: device).keys)
    if categories.isEmpty {
      categories.formUnion(
        pluralForms(of: row, side: .local, language: local.developmentLanguage, device: device).keys)
    }
    if categories.isEmpty { categories.insert(.other) }
    return categories.sorted()
  }

  /// The address of a field of the selected row.
  func address(of field: DetailField, row: KeyRow) -> ValueAddress {
    ValueAddress(
      language: language, table: table, key: row.key, plural: field.category,
      variable: field.category == nil || field.device != nil ? nil : row.variable, device: field.device)
  }
}
