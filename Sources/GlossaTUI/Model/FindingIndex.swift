import GlossaCore
import Synchronization

/// The source of `FindingIndex.version`s: unique across every index made in the process.
private let findingIndexVersions = Atomic<Int>(0)

/// One language's table: where the key list's findings are grouped.
struct TablePlace: Hashable, Sendable {
  var language: String
  var table: String
}

/// Findings indexed by language, table and key, for constant-time row lookups, with counts per
/// severity and per language for the header and the language picker.
public struct FindingIndex: Sendable {
  /// Per table, per key: a row lookup hashes only the key once its table is found.
  private var byTable: [TablePlace: [String: [Finding]]] = [:]
  /// Findings that name no key (a broken file, `Info.plist`, a missing table).
  public private(set) var general: [Finding] = []
  /// Count per severity, for the header.
  public private(set) var counts: [Severity: Int] = [:]
  /// Count per kind and severity, for counts that leave some kinds out (the header's, as lint's).
  public private(set) var countsByKind: [FindingKind: [Severity: Int]] = [:]
  /// Count per language and severity (findings with no language under ""), for the picker.
  public private(set) var countsByLanguage: [String: [Severity: Int]] = [:]
  /// Changed by every change, and different in every index: what was read from an index with
  /// the same version is still what it holds.
  public private(set) var version = FindingIndex.nextVersion()

  private static func nextVersion() -> Int {
    findingIndexVersions.wrappingAdd(1, ordering: .relaxed).newValue
  }

  public init(_ findings: [Finding] = []) {
    for finding in findings { insert(finding) }
  }

  /// The number of findings.
  public var count: Int { counts.values.reduce(0, +) }

  /// The findings of one key.
  public func findings(language: String, table: String, key: String) -> [Finding] {
    byTable[TablePlace(language: language, table: table)]?[key] ?? []
  }

  /// The findings of `kinds` in `language`, by table and key (only keys that have some).
  func findings(language: String, kinds: Set<FindingKind>) -> [String: [String: [Finding]]] {
    var found: [String: [String: [Finding]]] = [:]
    for (place, keys) in byTable where place.language == language {
      for (key, list) in keys where list.contains(where: { kinds.contains($0.kind) }) {
        found[place.table, default: [:]][key] = list.filter { kinds.contains($0.kind) }
      }
    }
    return found
  }

  /// The findings of one table by key, for building its rows.
  func findings(language: String, table: String) -> [String: [Finding]] {
    byTable[TablePlace(language: language, table: table)] ?? [:]
  }

  /// The findings of one table that name no key (a parse or encoding error of its file).
  public func general(language: String, table: String) -> [Finding] {
    general.filter { $0.language == language && ($0.table == table || $0.table == nil) }
  }

  /// Every finding, in no particular order.
  public var all: [Finding] {
    var all = general
    all.reserveCapacity(count)
    for table in byTable.values {
      for findings in table.values { all += findings }
    }
    return all
  }

  /// Replaces the findings of one key (after an edit).
  public mutating func replace(language: String, table: String, key: String, with findings: [Finding]) {
    let place = TablePlace(language: language, table: table)
    for old in byTable[place]?[key] ?? [] { count(old, by: -1) }
    byTable[place]?[key] = nil
    for finding in findings { insert(finding) }
    version = Self.nextVersion()
  }

  private mutating func insert(_ finding: Finding) {
    count(finding, by: 1)
    guard let language = finding.language, let table = finding.table, let key = finding.key else {
      general.append(finding)
      return
    }
    byTable[TablePlace(language: language, table: table), default: [:]][key, default: []].append(finding)
  }

  private mutating func count(_ finding: Finding, by step: Int) {
    counts[finding.severity, default: 0] += step
    countsByKind[finding.kind, default: [:]][finding.severity, default: 0] += step
    countsByLanguage[finding.language ?? "", default: [:]][finding.severity, default: 0] += step
  }
}
