import Foundation

/// Runs every enabled check over a bundle (optionally against a second one) and applies the
/// options: switched-off kinds, severity overrides and the baseline.
///
/// The TUI and `glossa lint` both use it, so they report exactly the same findings.
public struct Checker: Sendable {
  public var options: CheckOptions
  /// The checks that run, in report order of their kinds.
  public var checks: [any Check]

  /// Every check, one per finding kind.
  public static let allChecks: [any Check] = [
    MissingKey(), ExtraKey(), EmptyValue(), Untranslated(), WhitespaceMismatch(),
    FormatMismatch(), BrokenReference(), DuplicateKey(), Overlong(), PluralGap(), PluralExtra(),
    ParseError(), EncodingError(), InvalidInfoPlist(), MissingInRemote(), OnlyInRemote(),
    NeedsReview(),
  ]

  /// A checker running every check not switched off in `options`.
  public init(options: CheckOptions = CheckOptions(), checks: [any Check] = Checker.allChecks) {
    self.options = options
    self.checks = checks.filter { !options.disabled.contains($0.kind) }
  }

  /// The language translations are compared against: the development language, or `Base`
  /// when the development language has no tables but `Base` does.
  public static func sourceLanguage(of bundle: LocalizationBundle) -> String {
    let languages = Set(bundle.tables.map(\.language))
    if languages.contains(bundle.developmentLanguage) || !languages.contains("Base") {
      return bundle.developmentLanguage
    }
    return "Base"
  }

  /// Streams every finding, bundle-wide ones first, then language by language (source language
  /// first); within a group the order is file, line, key, kind, category.
  public func run(
    _ bundle: LocalizationBundle, against remote: LocalizationBundle? = nil,
    emit: (Finding) -> Void
  ) {
    let context = CheckContext(bundle: bundle, remote: remote, options: options)
    var bundleWide: [Finding] = []
    for check in checks { check.check(context) { bundleWide.append($0) } }
    var perLanguage = Dictionary(grouping: bundleWide, by: { $0.language ?? "" })
    finish(perLanguage.removeValue(forKey: "") ?? []).forEach(emit)

    let local = Self.indexes(bundle.tables)
    let remoteTables = Self.indexes(remote?.tables ?? [])
    let source = Self.sourceLanguage(of: bundle)
    let sourceTables = local[source] ?? [:]
    var languages = Set(local.keys).union(remoteTables.keys)
    languages.remove(source)
    let order = [source] + languages.sorted()
    // Languages are independent: check them in parallel, then emit in order.
    let results = LanguageResults(count: order.count)
    let early = perLanguage
    DispatchQueue.concurrentPerform(iterations: order.count) { position in
      let language = order[position]
      let tables = local[language] ?? [:]
      var found = early[language] ?? []
      // `Base` (storyboard strings) is checked on its own, never as a translation.
      let standsAlone = language == source || language == "Base"
      // A table the language lacks entirely is one bundle-wide finding, not one per key.
      let names = Set(tables.keys).union(remoteTables[language]?.keys ?? [:].keys)
      let languageTables = tables.keys.sorted().compactMap { tables[$0] }
      for name in names.sorted() {
        let unit = TableUnit(
          language: language, name: name, isSource: standsAlone,
          source: sourceTables[name], translation: tables[name],
          remote: remoteTables[language]?[name], hasRemote: remote != nil,
          languageTables: languageTables)
        for key in unit.keys() {
          let subject = unit.subject(key, options: options, bundleName: bundle.name)
          if subject.isExemptFromChecks { continue }
          for check in checks { check.check(subject) { found.append($0) } }
        }
      }
      results.set(position, finish(found))
    }
    for (position, language) in order.enumerated() {
      perLanguage.removeValue(forKey: language)
      results.get(position).forEach(emit)
    }
    for language in perLanguage.keys.sorted() { finish(perLanguage[language] ?? []).forEach(emit) }
  }

  /// Indexes files by language, then table name.
  static func indexes(_ tables: [LocaleTable]) -> [String: [String: TableIndex]] {
    var grouped: [String: [String: [LocaleTable]]] = [:]
    for table in tables { grouped[table.language, default: [:]][table.name, default: []].append(table) }
    return grouped.mapValues { $0.mapValues { TableIndex(files: $0) } }
  }

  /// Every finding, in the order `run` streams them.
  public func findings(
    in bundle: LocalizationBundle, against remote: LocalizationBundle? = nil
  ) -> [Finding] {
    var result: [Finding] = []
    run(bundle, against: remote) { result.append($0) }
    return result
  }

  /// Applies severity overrides and the baseline, then sorts.
  func finish(_ findings: [Finding]) -> [Finding] {
    var result: [Finding] = []
    result.reserveCapacity(findings.count)
    for var finding in findings {
      if let severity = options.severities[finding.kind] { finding.severity = severity }
      if options.isAccepted(finding) { continue }
      result.append(finding)
    }
    return result.sorted(by: Finding.reportOrder)
  }
}

/// One language × table name being checked.
struct TableUnit {
  var language: String
  var name: String
  var isSource: Bool
  var source: TableIndex?
  var translation: TableIndex?
  var remote: TableIndex?
  var hasRemote: Bool
  var languageTables: [TableIndex]

  /// This table's keys, then the source's keys it lacks, then the remote's keys neither has.
  /// A table the language lacks entirely contributes no source keys (see `MissingKey`).
  func keys() -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    let sourceKeys = isSource || translation == nil ? nil : source
    for index in [translation, sourceKeys, remote].compactMap({ $0 }) {
      for key in index.keys where seen.insert(key).inserted { result.append(key) }
    }
    return result
  }

  func subject(_ key: String, options: CheckOptions, bundleName: String) -> KeySubject {
    let sourceTable = isSource ? translation : source
    return KeySubject(
      key: key, language: language, table: name, isSource: isSource,
      source: sourceTable?.record(for: key), translation: translation?.record(for: key),
      remote: remote?.record(for: key), sourceTable: sourceTable, translationTable: translation,
      remoteTable: remote, hasRemote: hasRemote, languageTables: languageTables, options: options,
      bundleName: bundleName)
  }
}

extension Finding {
  /// Report order within one language: file, line (findings without one last), key, kind,
  /// category, message.
  static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
    if a.language != b.language { return (a.language ?? "") < (b.language ?? "") }
    if a.file != b.file { return (a.file ?? "") < (b.file ?? "") }
    if a.line != b.line { return (a.line ?? Int.max) < (b.line ?? Int.max) }
    if a.key != b.key { return (a.key ?? "") < (b.key ?? "") }
    if a.kind != b.kind { return a.kind.order < b.kind.order }
    if a.category != b.category {
      return (a.category.map { PluralCategory.allCases.firstIndex(of: $0) ?? 0 } ?? -1)
        < (b.category.map { PluralCategory.allCases.firstIndex(of: $0) ?? 0 } ?? -1)
    }
    return a.message < b.message
  }
}

extension FindingKind {
  /// Position in `allCases`, for sorting.
  var order: Int { FindingKind.allCases.firstIndex(of: self) ?? 0 }
}

/// Per-language results filled from concurrent workers.
private final class LanguageResults: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [[Finding]]
  init(count: Int) { values = Array(repeating: [], count: count) }
  func set(_ index: Int, _ findings: [Finding]) {
    lock.lock()
    values[index] = findings
    lock.unlock()
  }
  func get(_ index: Int) -> [Finding] {
    lock.lock()
    defer { lock.unlock() }
    return values[index]
  }
}
