import ArgumentParser
import GlossaCore

extension TranslationState: ExpressibleByArgument {}

extension SetCommand {
  /// `glossa set` on a String Catalog: any unit (plain, plural, device, device → plural,
  /// substitution form), its value and/or its state; the catalog file is written once.
  func setInCatalog(_ loaded: inout LocalizationBundle, table: String, language: String) throws {
    let source = loaded.tables.filter { $0.language == loaded.developmentLanguage && $0.name == table }
    var name = substitution ?? variable
    if let plural {
      if name == nil && device == nil { name = try onlySubstitution(in: source) }
      // A catalog key may start varying by plural in any language (Xcode's "Vary by plural"),
      // so only the category is checked against the language's CLDR rules.
      try checkPlural(plural, language: language, stringsdict: false, source: [])
    }
    let path = CatalogUnitPath(key: key, language: language, substitution: name, device: device, plural: plural)
    if let value {
      try loaded.setCatalogValue(value, at: path, table: table, state: state)
    } else if let state {
      try loaded.setCatalogState(state, at: path, table: table)
    } else {
      throw ValidationError("Missing expected argument '<value>' (or pass --state to change only the state)")
    }
    let written = try loaded.save().written
    var what = key
    if let name { what += " %#@\(name)@" }
    if let device { what += " {\(device)}" }
    if let plural { what += " [\(plural.rawValue)]" }
    let unit = loaded.catalogUnit(at: path, table: table)
    let stateText = unit?.state.map { " (\($0.rawValue))" } ?? ""
    guard let file = written.first else {
      let already = value == nil ? "state" : "value"
      CLI.out(
        "unchanged \(language) · \(table) · \(what)\(stateText): it already has that \(already); nothing was written\n")
      return
    }
    CLI.outText("set \(language) · \(table) · \(what)\(stateText) in \(file)\n")
  }

  /// The key's only substitution in the source language when it has no plain plural
  /// variation, so `--plural` alone reaches it; nil when the key varies by plural itself.
  private func onlySubstitution(in source: [LocaleTable]) throws -> String? {
    let families = source.flatMap { $0.document.pluralFamilies }.filter { $0.key == key && $0.device == nil }
    if families.contains(where: { $0.variable == nil }) { return nil }
    let names = Set(families.compactMap(\.variable))
    if names.count > 1 {
      throw CommandError.ambiguousSubstitution(bundle: bundle, key: key, substitutions: names.sorted())
    }
    return names.first
  }
}
