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

  @Option(help: "A translator comment for a newly added key.")
  var comment: String?

  @Argument(help: "The key.")
  var key: String

  @Argument(help: "The new value (taken literally).")
  var value: String

  @OptionGroup var options: BundleOptions

  func run() throws {
    var loaded = try LocalizationBundle.load(bundle, options: options.loadOptions(language: language))
    guard let tableName = table ?? loaded.defaultTableName else {
      throw GlossaError("\(bundle): several tables (\(loaded.tableNames.joined(separator: ", "))); choose one with --table")
    }
    var variableName = variable
    if plural != nil, variableName == nil,
      let template = loaded.table(language: loaded.developmentLanguage, name: tableName) ?? loaded.table(language: language, name: tableName),
      template.format == .stringsdict
    {
      let variables = Set(template.document.pluralFamilies.filter { $0.key == key }.compactMap(\.variable))
      if variables.count > 1 {
        throw GlossaError("\(bundle): \"\(key)\" has several plural variables (\(variables.sorted().joined(separator: ", "))); choose one with --variable")
      }
      variableName = variables.first
    }
    let existed = loaded.table(language: language, name: tableName) != nil
    try loaded.setValue(value, forKey: key, language: language, table: tableName, plural: plural, variable: variableName, comment: comment)
    let written = try loaded.save()
    let path = written.first ?? "-"
    let what = plural.map { "\(key) [\($0.rawValue)]" } ?? key
    CLI.out("set \(language) · \(tableName) · \(what) in \(path)\(existed ? "" : " (new file)")\n")
  }
}
