import ArgumentParser
import Foundation
import GlossaCore

extension ResolutionSpecificity: ExpressibleByArgument {}

struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Show the value a user with given preferred languages sees for a key, and why.",
    discussion: """
      The remote bundle is consulted before the local one. Within a bundle: the preferred language \
      exactly, then without its region (de-AT → de, zh-Hant-HK → zh-Hant), then in another region, \
      then the next preferred language, then the development language. Last come --default, else \
      the key itself. --specificity exact stops after the first language exactly; language also \
      tries its other forms; preferred (the default) walks the whole chain.
      """)

  @Argument(help: "The local (shipped) bundle: directory, .zip, table file or URL.")
  var local: String

  @Argument(help: "The key to resolve (omit with --all-keys).")
  var key: String?

  @Option(help: ArgumentHelp("The remote bundle, consulted first: URL, directory or .zip.", valueName: "bundle"))
  var remote: String?

  @Option(
    help: ArgumentHelp("Preferred languages, most preferred first, comma-separated (de-AT,fr).", valueName: "languages")
  )
  var prefer: String

  @Option(help: "How far to fall back: exact, language or preferred.")
  var specificity: ResolutionSpecificity = .preferred

  @Option(
    name: .customLong("default"),
    help: ArgumentHelp("Text shown when no bundle has the key (default: the key).", valueName: "text"))
  var defaultValue: String?

  @Option(help: "The table to look in.")
  var table: String = "Localizable"

  @Flag(name: .customLong("all-keys"), help: "Resolve every key of the table.")
  var allKeys = false

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @OptionGroup var options: BundleOptions

  func validate() throws {
    if allKeys && key != nil { throw ValidationError("give either a KEY or --all-keys, not both") }
    if !allKeys && key == nil { throw ValidationError("missing KEY (or --all-keys to resolve every key)") }
    _ = try preferredLanguages()
  }

  func preferredLanguages() throws -> [LanguageTag] {
    let parts = prefer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !parts.isEmpty else { throw ValidationError("--prefer needs at least one language (for example de-AT,fr)") }
    return try parts.map { part in
      guard let tag = LanguageTag(part) else {
        throw ValidationError("--prefer: '\(part)' is not a language tag (expected e.g. de, de-AT, zh-Hant-HK)")
      }
      return tag
    }
  }

  func run() throws {
    let loadOptions = options.loadOptions(language: nil)
    var sources: [ResolutionSource] = []
    if let remote {
      let bundle = try LocalizationBundle.load(remote, options: loadOptions)
      CLI.reportDiagnostics(of: bundle.tables)
      sources.append(ResolutionSource(label: "remote", bundle: bundle))
    }
    let localBundle = try LocalizationBundle.load(local, options: loadOptions)
    CLI.reportDiagnostics(of: localBundle.tables)
    sources.append(ResolutionSource(label: "local", bundle: localBundle))
    let names = Set(sources.flatMap { $0.bundle.tableNames })
    guard names.contains(table) else {
      throw GlossaError(
        "no table named \"\(table)\" in \(sources.map(\.bundle.name).joined(separator: " or ")) (tables: \(names.sorted().joined(separator: ", ")))"
      )
    }
    let resolver = Resolver(
      sources: sources, preferredLanguages: try preferredLanguages(), specificity: specificity,
      table: table, defaultValue: defaultValue)
    let resolutions = allKeys ? resolver.resolveAll() : [resolver.resolve(key ?? "")]
    switch format {
    case .text:
      CLI.out(allKeys ? ResolutionText.list(resolutions) : ResolutionText.single(resolutions[0]))
    case .json:
      CLI.out(ResolutionText.json(resolutions, single: !allKeys))
    }
  }
}

/// Renders resolutions for `glossa resolve`.
enum ResolutionText {
  /// The value, where it came from, and the numbered chain.
  static func single(_ r: Resolution) -> String {
    var out = "\(r.key) = \(quoted(r.value))\n"
    out += "from: \(describe(r.from))\n"
    if r.steps.isEmpty {
      out += "chain: (no bundle language matched)\n"
      return out
    }
    out += "chain:\n"
    let sourceWidth = r.steps.map(\.source.count).max() ?? 0
    let languageWidth = r.steps.map(\.language.count).max() ?? 0
    for (index, step) in r.steps.enumerated() {
      let why = step.preferred.map { "\(step.rule.rawValue) of \($0)" } ?? step.rule.rawValue
      out += "  \(index + 1). \(step.source.padding(toLength: sourceWidth, withPad: " ", startingAt: 0))"
      out += "  \(step.language.padding(toLength: languageWidth, withPad: " ", startingAt: 0))"
      out += "  \(why): \(outcome(step.outcome))\n"
    }
    if case .defaultValue = r.from { out += "  then the --default text\n" }
    if case .key = r.from { out += "  then the key itself\n" }
    return out
  }

  /// One line per key: `key = "value"  (source language)`.
  static func list(_ resolutions: [Resolution]) -> String {
    resolutions.map { "\($0.key) = \(quoted($0.value))  (\(describe($0.from)))\n" }.joined()
  }

  static func json(_ resolutions: [Resolution], single: Bool) -> String {
    var out = JSONOutput()
    if !single { out.beginArray() }
    for r in resolutions {
      out.beginObject()
      out.field("key", r.key)
      out.field("value", r.value)
      switch r.from {
      case .bundle(let source, let language, let table):
        out.beginObject("from")
        out.field("source", source)
        out.field("language", language)
        out.field("table", table)
        out.endObject()
      case .defaultValue: out.field("from", "default")
      case .key: out.field("from", "key")
      }
      out.beginArray("steps")
      for step in r.steps {
        out.beginObject()
        out.field("source", step.source)
        out.field("language", step.language)
        out.field("rule", step.rule.rawValue)
        out.field("preferred", step.preferred)
        switch step.outcome {
        case .found(let value):
          out.field("outcome", "found")
          out.field("value", value)
        case .noTable: out.field("outcome", "no-table")
        case .noKey: out.field("outcome", "no-key")
        }
        out.endObject()
      }
      out.endArray()
      out.endObject()
    }
    if !single { out.endArray() }
    return out.text
  }

  private static func describe(_ from: ResolvedFrom) -> String {
    switch from {
    case .bundle(let source, let language, let table): "\(source) \(language) \(table)"
    case .defaultValue: "default text"
    case .key: "key (no value found)"
    }
  }

  private static func outcome(_ outcome: ResolutionOutcome) -> String {
    switch outcome {
    case .found(let value): "found \(quoted(value))"
    case .noTable: "no such table"
    case .noKey: "key missing"
    }
  }

  private static func quoted(_ value: String) -> String {
    var s = ""
    JSONOutput.appendString(value, to: &s)
    return s
  }
}
