import GlossaCore

/// One String Catalog device variation of a key, as the detail pane shows it.
public struct DeviceVariation: Sendable, Hashable {
  /// The device (`iphone`, `ipad`, `mac`, `other`…).
  public var device: String
  /// True when the device's value varies by plural in this language or the source language.
  public var isPlural: Bool
}

extension AppState {
  /// The device variations of the selected key in the development language and the current one
  /// (a device only the source has is one the translation can add): the source's in file order,
  /// then the translation's others. Empty for tables that are not String Catalogs.
  public func deviceVariations(of row: KeyRow) -> [DeviceVariation] {
    guard local.isCatalog(table: table) || remote?.isCatalog(table: table) == true else { return [] }
    var order: [String] = []
    var plural: [String: Bool] = [:]
    for bundle in [local, remote].compactMap({ $0 }) {
      for language in [local.developmentLanguage, language] {
        for table in bundle.tables where table.language == language && table.name == self.table {
          for entry in table.entries where entry.hasKey(row.key) {
            guard let device = entry.device else { continue }
            if plural[device] == nil { order.append(device) }
            plural[device] = (plural[device] ?? false) || entry.plural != nil
          }
        }
      }
    }
    return order.map { DeviceVariation(device: $0, isPlural: plural[$0] ?? false) }
  }

  /// True when the key has a value outside device variations in this language or the source
  /// (or no device variations at all): the pane shows the plain value or plural forms.
  func hasPlainPart(_ row: KeyRow) -> Bool {
    let entries = [language, local.developmentLanguage].flatMap { language in
      local.tables.filter { $0.language == language && $0.name == table }.flatMap(\.entries)
    }.filter { $0.hasKey(row.key) }
    return entries.isEmpty || entries.contains { $0.device == nil }
  }

  /// True when the key has plural forms outside device variations here or in the source.
  func hasPluralForms(_ row: KeyRow) -> Bool {
    !pluralForms(of: row, side: .local).isEmpty
      || !pluralForms(of: row, side: .local, language: local.developmentLanguage).isEmpty
  }

  /// The value of `device`'s variation on one side, in the current language.
  public func deviceValue(of row: KeyRow, side: Side, device: String) -> String? {
    guard side == .local || remote != nil else { return nil }
    return bundle(side).value(at: ValueAddress(language: language, table: table, key: row.key, device: device))
  }
}
