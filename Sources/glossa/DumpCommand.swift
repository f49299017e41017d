import ArgumentParser
import Foundation
import GlossaCore

struct DumpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump",
    abstract: "Print every entry of a bundle: language, table, key, value, comment, plural category, file and line."
  )

  @Argument(help: "A bundle directory, a .zip, or one .strings/.stringsdict/.json/.xcstrings file.")
  var bundle: String

  @Option(name: .customLong("lang"), help: "Only this language (also the language of a lone table file).")
  var language: String?

  @Option(name: .customLong("table"), help: "Only this table (file base name, e.g. Localizable).")
  var table: String?

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @OptionGroup var options: BundleOptions

  func run() throws {
    var loaded = try LocalizationBundle.open(bundle, options: options.loadOptions(language: language))
    var selected: String?
    if let language {
      guard let match = loaded.matchingLanguage(language) else {
        throw GlossaError.noSuchLanguage(bundle: bundle, language: language, languages: loaded.languages)
      }
      selected = match
      try loaded.load(languages: [match])  // only the language shown is read
    } else {
      try loaded.loadAll()
    }
    let tables = loaded.tables.filter {
      (selected == nil || $0.language == selected) && (table == nil || $0.name == table)
    }
    if let table, !loaded.tableNames.contains(table) {
      throw GlossaError.noSuchTable(bundle: bundle, table: table, tables: loaded.tableNames)
    }
    CLI.reportDiagnostics(of: tables)
    switch format {
    case .json: JSONWriter.write(to: .standardOutput) { EntryDump.json(tables, bundle: loaded, to: &$0) }
    case .text: CLI.outText(EntryDump.text(tables, bundle: loaded))
    }
  }
}

/// Renders entries for `glossa dump`.
enum EntryDump {
  static func text(_ tables: [LocaleTable], bundle: LocalizationBundle) -> String {
    var out = ""
    for table in tables {
      out +=
        "== \(table.language) · \(table.name) · \(table.path) (\(table.entries.count) \(table.entries.count == 1 ? "entry" : "entries"))\n"
      for entry in table.entries {
        var key = entry.key
        if let variable = entry.variable { key += " %#@\(variable)@" }
        if let device = entry.device { key += " {\(device)}" }
        if let plural = entry.plural { key += " [\(plural.rawValue)]" }
        out += "\(String(entry.line).leftPadded(5))  \(key) = \(quoted(entry.value))"
        if let state = entry.state { out += "   (\(state.rawValue))" }
        if !entry.isTranslatable { out += "   (not translated)" }
        if let comment = entry.comment { out += "   /* \(comment.replacingOccurrences(of: "\n", with: " ")) */" }
        out += "\n"
      }
    }
    return out
  }

  static func json(_ tables: [LocaleTable], bundle: LocalizationBundle, to out: inout JSONWriter) {
    out.beginObject()
    out.field("bundle", bundle.name)
    out.field("developmentLanguage", bundle.developmentLanguage)
    out.beginArray("entries")
    for table in tables {
      for entry in table.entries {
        out.beginObject()
        out.field("language", table.language)
        out.field("table", table.name)
        out.field("key", entry.key)
        out.field("value", entry.value)
        out.field("comment", entry.comment)
        out.field("category", entry.plural?.rawValue)
        if let variable = entry.variable { out.field("variable", variable) }
        if let device = entry.device { out.field("device", device) }
        if let state = entry.state { out.field("state", state.rawValue) }
        if !entry.isTranslatable { out.field("shouldTranslate", false) }
        out.field("file", table.path)
        out.field("line", entry.line)
        out.endObject()
      }
    }
    out.endArray()
    out.endObject()
  }

  /// A value in double quotes with control characters made visible.
  static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
          out += String(format: "\\U%04X", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
