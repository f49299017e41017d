import ArgumentParser
import Foundation
import GlossaCore

struct SetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Change or add one value in place; every other byte of the bundle stays as it was."
  )

  @Argument(help: "A bundle directory, a .zip, or one table file.")
  var bundle: String

  @Option(name: .customLong("lang"), help: "The language to change.")
  var language: String

  @Option(name: .customLong("table"), help: "The table (defaults to the only table, or Localizable).")
  var table: String?

  @Option(help: "The plural category to set (zero, one, two, few, many, other).")
  var plural: PluralCategory?

  @Option(help: "The .stringsdict variable of the plural form (defaults to the family's only one).")
  var variable: String?

  @Option(help: "String Catalog: the %#@name@ substitution whose plural form to set (like --variable).")
  var substitution: String?

  @Option(help: "String Catalog: the device variation (iphone, ipad, mac, applewatch, appletv, applevision, other).")
  var device: String?

  @Option(
    help:
      "String Catalog: the unit's state (new, translated, needs_review, stale); without a value, only the state changes. An edited value becomes translated unless given; the value a unit already has keeps its state."
  )
  var state: TranslationState?

  @Option(help: "A translator comment for a newly added key.")
  var comment: String?

  @Flag(name: .customLong("add-language"), help: "Allow --lang to name a language the bundle does not have yet.")
  var addLanguage = false

  @Argument(help: "The key.")
  var key: String

  @Argument(help: "The new value (taken literally); may be left out with --state.")
  var value: String?

  @OptionGroup var options: BundleOptions

  func run() throws {
    if BundleSource.remoteURL(bundle) != nil {
      throw GlossaError.readOnly(
        bundle,
        reason:
          "a remote bundle cannot be edited in place; `glossa fetch` it, `glossa unpack` the cached zip, edit that and publish a new zip"
      )
    }
    // The save refuses a file that changed since it was read (another `glossa set`, an
    // editor): read it again and apply the edit on top, so concurrent edits all land.
    var attempt = 1
    while true {
      do {
        try setOnce()
        return
      } catch GlossaError.changedOnDisk where attempt < 20 {
        attempt += 1
        usleep(UInt32.random(in: 1_000...20_000))
      }
    }
  }

  /// Opens the bundle, reads only the files this edit touches (in a zip: the central
  /// directory, Info.plist and the table's files in the target and development languages;
  /// every other entry is copied as it is), sets the value and saves.
  private func setOnce() throws {
    var loaded = try LocalizationBundle.open(bundle, options: options.loadOptions(language: language))
    let target = try targetLanguage(in: loaded)
    let tableName = try table ?? loaded.tableName(holding: key, in: [loaded.developmentLanguage, target])
    guard loaded.tableNames.contains(tableName) else {
      throw GlossaError.noSuchTable(bundle: bundle, table: tableName, tables: loaded.tableNames)
    }
    try loaded.load(table: tableName, languages: [target, loaded.developmentLanguage])
    if loaded.isCatalog(table: tableName) {
      try setInCatalog(&loaded, table: tableName, language: target)
      return
    }
    if device != nil || state != nil || substitution != nil {
      throw CommandError.catalogOptions(bundle: bundle, table: tableName)
    }
    guard let value else { throw ValidationError("Missing expected argument '<value>'") }
    let source = loaded.tables.filter { $0.language == loaded.developmentLanguage && $0.name == tableName }
    var variableName = variable
    if let plural {
      if variableName == nil, let dict = source.first(where: { $0.format == .stringsdict }) {
        let variables = Set(dict.document.pluralFamilies.filter { $0.key == key }.compactMap(\.variable))
        if variables.count > 1 {
          throw CommandError.ambiguousVariable(bundle: bundle, key: key, variables: variables.sorted())
        }
        variableName = variables.first
      }
      try checkPlural(plural, language: target, stringsdict: variableName != nil, source: source)
      // A family new to the language starts with its `other` form: one without it is a file
      // Foundation and lint reject (every plural rule needs `other`).
      let targetEntries = loaded.tables.filter { $0.language == target && $0.name == tableName }.flatMap(\.entries)
      if plural != .other && !targetEntries.contains(where: { $0.hasKey(key) && $0.plural != nil }) {
        throw CommandError.pluralBeforeOther(bundle: bundle, key: key, language: target, plural: plural.rawValue)
      }
    }
    let existed = loaded.table(language: target, name: tableName) != nil || loaded.isMultiLanguage(table: tableName)
    try loaded.setValue(
      value, forKey: key, language: target, table: tableName, plural: plural, variable: variableName, comment: comment)
    let report = try loaded.save()
    let what = plural.map { "\(key) [\($0.rawValue)]" } ?? key
    guard let path = report.written.first else {
      CLI.outText("unchanged \(target) · \(tableName) · \(what): it already has that value; nothing was written\n")
      return
    }
    CLI.outText("set \(target) · \(tableName) · \(what) in \(path)\(existed ? "" : " (new file)")\n")
  }

  /// The bundle's own spelling of `--lang`; a language it lacks needs `--add-language`.
  func targetLanguage(in loaded: LocalizationBundle) throws -> String {
    if let match = loaded.matchingLanguage(language) { return match }
    guard addLanguage else {
      throw CommandError.languageNotAdded(bundle: bundle, language: language, languages: loaded.languages)
    }
    return language
  }

  /// A plural form must be a category the language uses, for a key that is plural in the source.
  func checkPlural(_ plural: PluralCategory, language: String, stringsdict: Bool, source: [LocaleTable]) throws {
    let sourceEntries = source.flatMap(\.entries).filter { $0.hasKey(key) }
    if !sourceEntries.isEmpty && sourceEntries.allSatisfy({ $0.plural == nil }) {
      throw CommandError.notAPluralKey(bundle: bundle, key: key)
    }
    let (rules, unknown) = PluralRules.resolve(localeCode: language)
    guard unknown == nil else { return }
    let allowed = rules.categories + (stringsdict ? [.zero] : [])
    guard allowed.contains(plural) else {
      throw CommandError.noSuchPluralCategory(
        language: language, category: plural.rawValue, categories: rules.categories.map(\.rawValue))
    }
  }
}
