import ArgumentParser
import Foundation
import GlossaCore

extension ResolutionSpecificity: ExpressibleByArgument {}

struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Show the value a user with given languages sees for a key, and every step tried.",
    discussion: """
      SOURCE is a bundle (directory, .zip, table file or URL) or a localized-object JSON file \
      ({"greeting": {"en": "Hello", "fr": "Bonjour"}}, or one such object as the whole file, \
      resolved without a KEY). The wanted languages are --lang, then --prefer in order. \
      --specificity exact tries the first one exactly; language also tries it without its region \
      (en-GB → en, zh-Hant-HK → zh-Hant) and in other regions; preferred walks every wanted \
      language that way; default (the default) then tries the bundle's development language, or \
      a localized object's --default-lang and then any language it has. A remote bundle is \
      consulted before the local one. Last comes --default, else the key itself (a bundle) or no \
      value (a localized object; exit status 1).
      """)

  @Argument(help: "A bundle (directory, .zip, table file or URL) or a localized-object .json file.")
  var local: String

  @Argument(help: "The key to resolve (omit with --all-keys, or for a file that is one localized object).")
  var key: String?

  @Option(help: ArgumentHelp("The remote bundle, consulted first: URL, directory or .zip.", valueName: "bundle"))
  var remote: String?

  @Option(
    name: .customLong("lang"), help: ArgumentHelp("The requested language, tried first (en-GB).", valueName: "language")
  )
  var language: String?

  @Option(
    help: ArgumentHelp("Preferred languages, most preferred first, comma-separated (de-AT,fr).", valueName: "languages")
  )
  var prefer: String?

  @Option(help: "How far to fall back: exact, language, preferred or default.")
  var specificity: ResolutionSpecificity = .default

  @Option(
    name: .customLong("default"),
    help: ArgumentHelp("Text shown when nothing matches (default: the key, or no value).", valueName: "text"))
  var defaultValue: String?

  @Option(
    name: .customLong("default-lang"),
    help: ArgumentHelp(
      "Localized objects: the language tried after the preferences at default specificity.", valueName: "language"))
  var defaultLanguage: String?

  @Option(help: "The table to look in (bundles).")
  var table: String = "Localizable"

  @Flag(name: .customLong("all-keys"), help: "Resolve every key.")
  var allKeys = false

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @OptionGroup var options: BundleOptions

  func validate() throws {
    if allKeys && key != nil { throw ValidationError("give either a KEY or --all-keys, not both") }
    if language == nil && prefer == nil {
      throw ValidationError("give --lang or --prefer (for example --lang en-GB --prefer fr,en)")
    }
    _ = try wantedLanguages()
    _ = try tag(defaultLanguage, option: "--default-lang")
  }

  /// --lang, then --prefer.
  func wantedLanguages() throws -> [LanguageTag] {
    var tags: [LanguageTag] = []
    if let requested = try tag(language, option: "--lang") { tags.append(requested) }
    if let prefer {
      let parts = prefer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard !parts.isEmpty else { throw ValidationError("--prefer needs at least one language (for example de-AT,fr)") }
      tags += try parts.map { try requiredTag($0, option: "--prefer") }
    }
    return tags
  }

  private func tag(_ text: String?, option: String) throws -> LanguageTag? {
    try text.map { try requiredTag($0, option: option) }
  }

  private func requiredTag(_ text: String, option: String) throws -> LanguageTag {
    guard let tag = LanguageTag(text) else {
      throw ValidationError("\(option): '\(text)' is not a language tag (expected e.g. de, de-AT, zh-Hant-HK)")
    }
    return tag
  }

  func run() throws {
    if let document = try localizedObjectFile() {
      try resolveObjects(in: document)
      return
    }
    if defaultLanguage != nil {
      throw CommandError.defaultLanguageForBundle
    }
    if !allKeys && key == nil { throw CommandError.missingKey }
    try resolveInBundles()
  }

  /// The argument read as localized objects when it is a local `.json` file outside any `.lproj`
  /// folder (such a file is no bundle table); nil for every other argument.
  private func localizedObjectFile() throws -> LocalizedObjectDocument? {
    guard remote == nil, local.lowercased().hasSuffix(".json"), !local.contains("://") else { return nil }
    let url = URL(fileURLWithPath: local)
    if url.deletingLastPathComponent().pathExtension.lowercased() == "lproj" { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GlossaError.readFailed(local, reason: error.localizedDescription)
    }
    return try LocalizedObjectDocument.read(data, file: local)
  }

  private func resolveObjects(in document: LocalizedObjectDocument) throws {
    let resolver = LocalizedObjectResolver(
      preferredLanguages: try wantedLanguages(), specificity: specificity,
      defaultLanguage: try tag(defaultLanguage, option: "--default-lang"), defaultValue: defaultValue)
    if allKeys {
      let all = resolver.resolveAll(document)
      if format == .json {
        CLI.out(ResolutionText.json(all, single: false))
      } else {
        CLI.outText(ResolutionText.list(all))
      }
      return
    }
    let wantedKey = key ?? ""
    guard let object = document.object(forKey: wantedKey) else {
      if key == nil {
        throw CommandError.keyNeeded(file: local, keys: document.objects.map(\.key))
      }
      if document.isWholeFile {
        throw CommandError.keyForWholeFile(file: local)
      }
      throw CommandError.noSuchObject(file: local, key: wantedKey)
    }
    let resolution = resolver.resolve(object, file: local)
    if format == .json {
      CLI.out(ResolutionText.json([resolution], single: true))
    } else {
      CLI.outText(ResolutionText.single(resolution))
    }
    if resolution.from == .nothing { throw ExitCode(1) }
  }

  private func resolveInBundles() throws {
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
      throw CommandError.noSuchTable(bundles: sources.map(\.bundle.name), table: table, tables: names.sorted())
    }
    let resolver = Resolver(
      sources: sources, preferredLanguages: try wantedLanguages(), specificity: specificity,
      table: table, defaultValue: defaultValue)
    let resolutions = allKeys ? resolver.resolveAll() : [resolver.resolve(key ?? "")]
    switch format {
    case .text:
      CLI.outText(allKeys ? ResolutionText.list(resolutions) : ResolutionText.single(resolutions[0]))
    case .json:
      CLI.out(ResolutionText.json(resolutions, single: !allKeys))
    }
  }
}
