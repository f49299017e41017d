import ArgumentParser
import Foundation
import GlossaCore

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check a bundle and report every finding (for CI).",
    discussion: """
      Exit status: 0 when no finding is at or above --fail-on, 1 when some are, 2 when a bundle \
      cannot be read or the arguments or config are wrong. Settings come from .glossa.yml at the \
      bundle root, or --config; --max-ratio and --slack override them. --sources adds to the \
      config's sources:, --metadata replaces its metadata:. --since REV reports only the findings \
      the bundle did not have at that git revision (read with git from the repository the bundle \
      is in, checked with the same settings), and source texts changed since while a translation \
      did not (source-changed).
      """
  )

  @Argument(help: "A bundle directory, a .zip, or one table file.")
  var bundle: String

  @Option(help: "A second bundle (the deployed one) to compare keys with.")
  var against: String?

  @Option(
    help:
      "text, json, sarif, github, csv or markdown (default: github when GITHUB_ACTIONS is true, else text).")
  var format: LintFormat?

  @Option(
    name: .customLong("sources"), parsing: .upToNextOption,
    help: "Folders or files of the app's code: report keys it uses that are missing and keys it never uses.")
  var sources: [String] = []

  @Option(help: "A fastlane metadata folder (metadata/<lang>/*.txt) to check against the App Store limits.")
  var metadata: String?

  @Option(name: .customLong("enable"), help: "Report an opt-in finding kind (missing-comment); repeatable.")
  var enable: [String] = []

  @Option(
    name: .customLong("languages"), parsing: .singleValue,
    help: "Report only these languages (comma-separated, repeatable: fr,de); findings of the whole bundle are left out."
  )
  var languages: [String] = []

  @Option(
    name: .customLong("kind"), help: "Report only this finding kind; repeatable (--kind overlong --kind plural-gap).")
  var kinds: [String] = []

  @Option(name: .customLong("fail-on"), help: "Lowest severity that fails the run: error, warning, info or never.")
  var failOn: FailOn = .error

  @Option(
    help: ArgumentHelp(
      "Report only findings new since this git revision (HEAD~1, a tag, a hash), and source texts changed since.",
      valueName: "rev"))
  var since: String?

  @Option(help: "Config file (default: .glossa.yml at the bundle root).")
  var config: String?

  @Option(name: .customLong("max-ratio"), help: "Overlong when wider than this × the source (default 1.5).")
  var maxRatio: Double?

  @Option(help: "…and at least this many columns wider (default 10).")
  var slack: Int?

  @Option(name: .customLong("lang"), help: "Language of a lone table file outside any .lproj folder.")
  var language: String?

  @OptionGroup var options: BundleOptions

  func validate() throws {
    if let since {
      if since.isEmpty { throw ValidationError("--since needs a git revision (HEAD~1, a tag, a hash)") }
      if BundleSource.remoteURL(bundle) != nil {
        throw ValidationError("--since reads the bundle from git: name a bundle in a git work tree, not a URL")
      }
    }
    if let maxRatio, !(maxRatio >= 1) { throw ValidationError("--max-ratio must be at least 1") }
    if let slack, slack < 0 { throw ValidationError("--slack must not be negative") }
    for (flag, names) in [("--enable", enable), ("--kind", kinds)] {
      for name in names where FindingKind(rawValue: name) == nil {
        throw ValidationError(
          "\(flag): unknown finding kind '\(name)'; expected one of "
            + FindingKind.allCases.map(\.rawValue).joined(separator: ", "))
      }
    }
  }

  func run() throws {
    // The width table is made while the bundle is read (the checks measure values).
    DisplayWidth.prepareInBackground()
    // Opened, not loaded: the checker reads one language at a time and drops it when done.
    let local = try LocalizationBundle.open(bundle, options: options.loadOptions(language: language))
    let remote = try against.map { try LocalizationBundle.open($0, options: options.loadOptions(language: language)) }
    defer { CLI.keepUntilExit((local, remote)) }
    var checkOptions = try CheckConfig.options(config: config, bundle: bundle)
    if let maxRatio { checkOptions.maxRatio = maxRatio }
    if let slack { checkOptions.slack = slack }
    checkOptions.sourcePaths += sources
    if let metadata { checkOptions.metadataPath = metadata }
    checkOptions.enabled.formUnion(enable.compactMap(FindingKind.init(rawValue:)))
    // --kind: only those checks run (an opt-in kind named is enabled); --languages: only those
    // languages' findings are reported, as the review's findings view filters them.
    let onlyKinds = Set(kinds.compactMap(FindingKind.init(rawValue:)))
    checkOptions.enabled.formUnion(onlyKinds)
    let onlyLanguages = try selectedLanguages(local, remote)
    let keep: @Sendable (Finding) -> Bool = { finding in
      (onlyKinds.isEmpty || onlyKinds.contains(finding.kind))
        && (onlyLanguages.isEmpty || finding.language.map { onlyLanguages.contains($0) } == true)
    }
    var checks = (Checker.allChecks + (try ExtraChecks.make(checkOptions))).filter {
      onlyKinds.isEmpty || onlyKinds.contains($0.kind)
    }
    // --since: the findings the bundle had at the revision are left out of every format.
    let earlier = try since.map { try GitRevisionBundle.read(bundle, at: $0) }
    defer { earlier?.remove() }
    var ratchet = FindingRatchet([])
    if let since, let earlier {
      let previous = try openEarlier(earlier)
      if let previous {
        ratchet = FindingRatchet(
          try Checker(options: checkOptions, checks: checks).findings(in: previous, against: remote).filter(keep))
        if onlyKinds.isEmpty || onlyKinds.contains(.sourceChanged) {
          checks.append(try SourceChanged(previous: previous, revision: since))
        }
      }
      CLI.keepUntilExit(previous)
    }
    let isNew: @Sendable ([Finding]) -> [Finding] = { [ratchet] in ratchet.newFindings($0.filter(keep)) }
    let checker = Checker(options: checkOptions, checks: checks)
    let worst: Severity?
    switch format ?? LintFormat.automatic() {
    case .text:
      let findings = isNew(try checker.findings(in: local, against: remote))
      CLI.out(FindingText.render(findings, bundle: local, colour: FindingText.wantsColour()))
      worst = findings.map(\.severity).max()
    case .json:
      // Each language's part of the report is rendered by the worker that checked it.
      var parts: [FindingJSON.Part] = []
      try checker.run(local, against: remote, batch: { FindingJSON.part(isNew($0)) }) { parts.append($0) }
      worst = FindingJSON.write(parts, to: .standardOutput)
    case .sarif:
      let findings = isNew(try checker.findings(in: local, against: remote))
      JSONWriter.write(to: .standardOutput) { FindingSARIF.write(findings, bundle: local, to: &$0) }
      worst = findings.map(\.severity).max()
    case .github:
      let findings = isNew(try checker.findings(in: local, against: remote))
      CLI.out(FindingGitHub.render(findings, bundle: local))
      worst = findings.map(\.severity).max()
    case .csv, .markdown:
      // The review's export (`X`), with the value, width and limit of each length finding.
      let findings = isNew(try checker.findings(in: local, against: remote))
      // The checker read each language and let it go; the values of length findings are read
      // again, once, when there are any.
      let values =
        findings.contains { $0.kind == .overlong }
        ? try LocalizationBundle.load(bundle, options: options.loadOptions(language: language)) : local
      var measurer = ExportTable.Measurer(values, options: checkOptions)
      let table = ExportTable.findings(findings.map { (nil, $0) }) { finding, _ in measurer.measure(finding) }
      CLI.out(ExportOutput.render(table, as: format == .csv ? .csv : .markdown))
      worst = findings.map(\.severity).max()
    }
    if let threshold = failOn.severity, let worst, worst >= threshold {
      throw ExitCode(1)
    }
  }

  /// The bundle as `earlier`'s revision held it, opened as the bundle is; nil (with a note
  /// that every finding is new) when the revision lacks it or it cannot be read there.
  private func openEarlier(_ earlier: GitRevisionBundle) throws -> LocalizationBundle? {
    let at = "\(earlier.revision) (\(earlier.shortCommit))"
    guard let path = earlier.path else {
      CLI.warn("\(bundle) is not in \(at): every finding is new")
      return nil
    }
    do {
      return try LocalizationBundle.open(path, options: options.loadOptions(language: language))
    } catch let error as GlossaError {
      let reason = error.message.hasPrefix(path) ? String(error.message.dropFirst(path.count)) : ": " + error.message
      CLI.warn("\(bundle) cannot be read as \(at) has it\(reason); every finding is new")
      return nil
    }
  }

  /// The bundles' spelling of each `--languages` code (`FR` → `fr`); empty for all.
  /// - Throws: `GlossaError.noSuchLanguage` for a code neither bundle has.
  private func selectedLanguages(_ local: LocalizationBundle, _ remote: LocalizationBundle?) throws -> Set<String> {
    var result: Set<String> = []
    for code in languages.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
    where !code.isEmpty {
      guard let match = local.matchingLanguage(code) ?? remote?.matchingLanguage(code) else {
        throw GlossaError.noSuchLanguage(bundle: local.name, language: code, languages: local.languages)
      }
      result.insert(match)
    }
    return result
  }
}

/// Output formats of `glossa lint`.
enum LintFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, sarif, github, csv, markdown

  /// The format without `--format`: GitHub workflow commands inside a GitHub Actions job
  /// (`GITHUB_ACTIONS=true`), else text.
  static func automatic(environment: [String: String] = ProcessInfo.processInfo.environment) -> LintFormat {
    environment["GITHUB_ACTIONS"] == "true" ? .github : .text
  }
}

/// `--fail-on` values.
enum FailOn: String, ExpressibleByArgument, CaseIterable {
  case error, warning, info, never

  var severity: Severity? {
    switch self {
    case .error: .error
    case .warning: .warning
    case .info: .info
    case .never: nil
    }
  }
}
