import Foundation

/// Runs every enabled check over a bundle (optionally against a second one) and applies the
/// options: switched-off kinds, severity overrides and the baseline.
///
/// The TUI and `glossa lint` both use it, so they report exactly the same findings.
public struct Checker: Sendable {
  public var options: CheckOptions
  /// The checks that run, in report order of their kinds.
  public var checks: [any Check]
  /// True to call every per-key check on every key, ignoring their `keyTriggers` (for tests
  /// that hold the triggers against the checks).
  var runsEveryCheck = false

  /// Every check, one per finding kind.
  public static let allChecks: [any Check] = [
    MissingKey(), ExtraKey(), EmptyValue(), Untranslated(), WhitespaceMismatch(),
    FormatMismatch(), BrokenReference(), DuplicateKey(), Overlong(), PluralGap(), PluralExtra(),
    ParseError(), EncodingError(), InvalidInfoPlist(), MissingInRemote(), OnlyInRemote(),
    NeedsReview(), UnpositionedArguments(), MissingComment(), UnreadableFile(), PlaceholderText(), URLMismatch(),
    NumberMismatch(), InvisibleCharacter(), DoubleSpace(), RepeatedWord(), Ellipsis(), CaseDuplicateKey(),
    ShouldNotTranslate(), StaleKey(), PunctuationMismatch(), MarkupMismatch(), InconsistentTranslation(),
    UnlocalizedPermission(), Glossary(),
  ]

  /// A checker running every check `options` reports (not switched off; opt-in ones enabled).
  public init(options: CheckOptions = CheckOptions(), checks: [any Check] = Checker.allChecks) {
    self.options = options
    self.checks = checks.filter { options.reports($0.kind) }
  }

  /// The language translations are compared against: the development language, or `Base`
  /// when the development language has no tables but `Base` does.
  public static func sourceLanguage(of bundle: LocalizationBundle) -> String {
    sourceLanguage(development: bundle.developmentLanguage, languages: Set(bundle.languages))
  }

  /// What a run over languages needs besides the languages' own tables.
  struct LanguagePlan {
    var context: CheckContext
    var source: String
    var sourceTables: [String: TableIndex]
    /// Every language of either bundle.
    var languages: Set<String>
    var hasRemote: Bool
    /// The permissions the app's `Info.plist` asks for (`unlocalized-permission`).
    var permissions: AppPermissions?
  }

  /// Runs the bundle-wide checks, then every language (in parallel, each loaded by `tables`
  /// when its turn comes and dropped after), and emits in the fixed report order.
  ///
  /// - Throws: the error `tables` threw for the first language in report order that failed;
  ///   nothing is emitted then.
  func run<Failure: Error>(
    _ plan: LanguagePlan, emit: (Finding) -> Void,
    tables: @Sendable (String) throws(Failure) -> (local: [String: TableIndex], remote: [String: TableIndex]?)
  ) throws(Failure) {
    try run(plan, batch: { $0 }, emit: { $0.forEach(emit) }, tables: tables)
  }

  /// `run(_:emit:tables:)` in batches: the findings of the bundle as a whole, then of each
  /// language, each turned into a `T` by `batch` on the worker that checked it (a report
  /// renders its own part there, in parallel) and emitted in report order.
  func run<T, Failure: Error>(
    _ plan: LanguagePlan, batch: @Sendable ([Finding]) -> T, emit: (T) -> Void,
    tables: @Sendable (String) throws(Failure) -> (local: [String: TableIndex], remote: [String: TableIndex]?)
  ) throws(Failure) {
    var bundleWide: [Finding] = []
    for check in checks { check.check(plan.context) { bundleWide.append($0) } }
    var perLanguage = Dictionary(grouping: bundleWide, by: { $0.language ?? "" })
    let general = finish(perLanguage.removeValue(forKey: "") ?? [])

    var others = plan.languages
    others.remove(plan.source)
    let order = [plan.source] + others.sorted()
    let facts = plan.sourceTables.mapValues { SourceFactsTable($0, options: options) }
    let groups = checks.contains { $0.kind == .inconsistentTranslation } ? SourceTextGroups(plan.sourceTables) : nil
    // Languages are independent: check them in parallel, then emit in order.
    let results = LanguageResults<T, Failure>(count: order.count)
    let early = perLanguage
    DispatchQueue.concurrentPerform(iterations: order.count) { position in
      let language = order[position]
      do throws(Failure) {
        let (local, remote) = try tables(language)
        var found = early[language] ?? []
        check(language: language, local: local, remote: remote, plan: plan, facts: facts, groups: groups) {
          found.append($0)
        }
        results.set(position, .success(batch(finish(found))))
      } catch {
        results.set(position, .failure(error))
      }
    }
    var ordered: [T] = []
    for position in order.indices {
      switch results.get(position) {
      case .success(let found): ordered.append(found)
      case .failure(let error): throw error
      case nil: preconditionFailure("every language is checked")
      }
    }
    emit(batch(general))
    for (position, language) in order.enumerated() {
      perLanguage.removeValue(forKey: language)
      emit(ordered[position])
    }
    for language in perLanguage.keys.sorted() { emit(batch(finish(perLanguage[language] ?? []))) }
  }

  /// Every finding of one language: its tables as a whole, then each key of each table.
  private func check(
    language: String, local: [String: TableIndex], remote: [String: TableIndex]?, plan: LanguagePlan,
    facts: [String: SourceFactsTable], groups: SourceTextGroups?, emit: (Finding) -> Void
  ) {
    let bundleName = plan.context.bundle.name
    let subject = LanguageSubject(
      language: language, sourceLanguage: plan.source, tables: local, sourceTables: plan.sourceTables,
      remoteTables: remote, options: options, bundleName: bundleName, sourceTextGroups: groups,
      permissions: plan.permissions)
    for check in checks { check.check(subject, emit: emit) }
    // `Base` (storyboard strings) is checked on its own, never as a translation.
    let standsAlone = language == plan.source || language == "Base"
    // A table the language lacks entirely is one language-wide finding, not one per key.
    let names = Set(local.keys).union(remote?.keys ?? [:].keys)
    let languageTables = local.keys.sorted().compactMap { local[$0] }
    let keyChecks = checks.filter(\.inspectsKeys)
    let triggers = keyChecks.map { runsEveryCheck ? KeyShape.any : $0.keyTriggers }
    // Keys of no shape any check triggers on are skipped before a subject is made.
    let interesting = triggers.reduce(KeyShape()) { $0.union($1) }
    let skipping = interesting.contains(.any) ? nil : interesting
    for name in names.sorted() {
      let unit = TableUnit(
        language: language, name: name, isSource: standsAlone,
        source: plan.sourceTables[name], translation: local[name], remote: remote?[name],
        hasRemote: plan.hasRemote, languageTables: languageTables, options: options,
        bundleName: bundleName,
        sourceFacts: language == plan.source || !standsAlone ? facts[name] : nil)
      keyChecks.withUnsafeBufferPointer { keyChecks in
        unit.forEachSubject(skippingKeysWithout: skipping) { subject, shape in
          if subject.isExemptFromChecks { return }
          let facts = subject.sourceFacts
          let shape = shape ?? subject.shape(facts: facts)
          let ignored = facts.ignored
          // Called in place: iterating the array would copy each check out, per key.
          if ignored.isEmpty {
            for index in keyChecks.indices where !triggers[index].isDisjoint(with: shape) {
              keyChecks[index].check(subject, emit: emit)
            }
          } else {
            let kept = { (finding: Finding) in if !ignored.contains(finding.kind) { emit(finding) } }
            for index in keyChecks.indices where !triggers[index].isDisjoint(with: shape) {
              keyChecks[index].check(subject, emit: kept)
            }
          }
        }
      }
    }
  }

  /// Indexes files by language, then table name; a table's keys are expected in the order of
  /// the same table's in `templates` (the source language's: see `TableIndex.init(files:like:)`).
  static func indexes(
    _ tables: [LocaleTable], like templates: [String: TableIndex] = [:]
  ) -> [String: [String: TableIndex]] {
    var grouped: [String: [String: [LocaleTable]]] = [:]
    for table in tables { grouped[table.language, default: [:]][table.name, default: []].append(table) }
    return grouped.mapValues { $0.mapValues { TableIndex(files: $0, like: templates[$0[0].name]) } }
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
    return Finding.sortedInReportOrder(result)
  }
}

extension Finding {
  /// Report order within one language: file, line (findings without one last), key, kind,
  /// category, message.
  static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
    if a.language != b.language { return (a.language ?? "") < (b.language ?? "") }
    if a.file != b.file { return (a.file ?? "") < (b.file ?? "") }
    if a.line != b.line { return (a.line ?? Int.max) < (b.line ?? Int.max) }
    return reportOrder(sameLine: a, b)
  }

  /// `reportOrder` of two findings of the same language, file and line.
  static func reportOrder(sameLine a: Finding, _ b: Finding) -> Bool {
    if a.key != b.key { return (a.key ?? "") < (b.key ?? "") }
    if a.kind != b.kind { return a.kind.order < b.kind.order }
    if a.category != b.category {
      return (a.category.map { PluralCategory.allCases.firstIndex(of: $0) ?? 0 } ?? -1)
        < (b.category.map { PluralCategory.allCases.firstIndex(of: $0) ?? 0 } ?? -1)
    }
    return a.message < b.message
  }
}

extension Finding {
  /// `findings` sorted by `reportOrder`, as `sorted(by:)` would (the same stable sort, over
  /// positions): languages, files and keys are ranked once, so most comparisons are of integers,
  /// and a finding is moved once rather than at every step of the sort.
  static func sortedInReportOrder(_ findings: [Finding]) -> [Finding] {
    guard findings.count > 1 else { return findings }
    // Each value's rank among the values as `reportOrder` compares them (nil as ""), with the
    // lowest bit set for nil: `reportOrder` stops at a field where one finding has nil and the
    // other "" (they differ, but neither sorts first).
    //
    // A column of one value (a batch's language, most often its file) is ranked at once; any
    // other is ranked by sorting positions, equal neighbours sharing a rank: no string is hashed.
    func ranks(_ values: [String?]) -> [Int32] {
      if let first = values.first, values.allSatisfy({ $0 == first }) {
        return Array(repeating: first == nil ? 1 : 0, count: values.count)
      }
      var order = Array(values.indices)
      order.sort { (values[$0] ?? "") < (values[$1] ?? "") }
      var ranks = [Int32](repeating: 0, count: values.count)
      var rank: Int32 = 0
      for (position, index) in order.enumerated() {
        if position > 0 && (values[order[position - 1]] ?? "") != (values[index] ?? "") { rank += 2 }
        ranks[index] = rank | (values[index] == nil ? 1 : 0)
      }
      return ranks
    }
    let languages = ranks(findings.map(\.language))
    let files = ranks(findings.map(\.file))
    let lines = findings.map(\.line)
    let keys = ranks(findings.map(\.key))
    var order = Array(findings.indices)
    order.sort { a, b in
      if languages[a] != languages[b] { return languages[a] >> 1 < languages[b] >> 1 }
      if files[a] != files[b] { return files[a] >> 1 < files[b] >> 1 }
      if lines[a] != lines[b] { return (lines[a] ?? Int.max) < (lines[b] ?? Int.max) }
      if keys[a] != keys[b] { return keys[a] >> 1 < keys[b] >> 1 }
      return reportOrder(sameLine: findings[a], findings[b])
    }
    return order.map { findings[$0] }
  }
}

extension FindingKind {
  /// Position in `allCases`, for sorting.
  var order: Int { FindingKind.allCases.firstIndex(of: self) ?? 0 }
}

/// Per-language results filled from concurrent workers.
private final class LanguageResults<T, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Result<T, Failure>?]
  init(count: Int) { values = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ result: Result<T, Failure>) {
    lock.lock()
    values[index] = result
    lock.unlock()
  }
  func get(_ index: Int) -> Result<T, Failure>? {
    lock.lock()
    defer { lock.unlock() }
    return values[index]
  }
}
