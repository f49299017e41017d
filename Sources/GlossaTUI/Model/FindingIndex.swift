import GlossaCore

/// Where a finding belongs in the key list.
struct FindingSlot: Hashable, Sendable {
  var language: String
  var table: String
  var key: String
}

/// Findings indexed by language, table and key, for constant-time row lookups, with counts per
/// severity and per language for the header and the language picker.
public struct FindingIndex: Sendable {
  private var bySlot: [FindingSlot: [Finding]] = [:]
  /// Findings that name no key (a broken file, `Info.plist`, a missing table).
  public private(set) var general: [Finding] = []
  /// Count per severity, for the header.
  public private(set) var counts: [Severity: Int] = [:]
  /// Count per language and severity (findings with no language under ""), for the picker.
  public private(set) var countsByLanguage: [String: [Severity: Int]] = [:]
  /// Bumped by every change, so views built from the index know when to build again.
  public private(set) var version = 0

  public init(_ findings: [Finding] = []) {
    for finding in findings { insert(finding) }
  }

  /// The number of findings.
  public var count: Int { counts.values.reduce(0, +) }

  /// The findings of one key.
  public func findings(language: String, table: String, key: String) -> [Finding] {
    bySlot[FindingSlot(language: language, table: table, key: key)] ?? []
  }

  /// The findings of one table that name no key (a parse or encoding error of its file).
  public func general(language: String, table: String) -> [Finding] {
    general.filter { $0.language == language && ($0.table == table || $0.table == nil) }
  }

  /// Every finding, in no particular order.
  public var all: [Finding] {
    general + bySlot.values.joined()
  }

  /// Replaces the findings of one key (after an edit).
  public mutating func replace(language: String, table: String, key: String, with findings: [Finding]) {
    let slot = FindingSlot(language: language, table: table, key: key)
    for old in bySlot[slot] ?? [] { count(old, by: -1) }
    bySlot[slot] = nil
    for finding in findings { insert(finding) }
    version += 1
  }

  private mutating func insert(_ finding: Finding) {
    count(finding, by: 1)
    guard let language = finding.language, let table = finding.table, let key = finding.key else {
      general.append(finding)
      return
    }
    bySlot[FindingSlot(language: language, table: table, key: key), default: []].append(finding)
  }

  private mutating func count(_ finding: Finding, by step: Int) {
    counts[finding.severity, default: 0] += step
    countsByLanguage[finding.language ?? "", default: [:]][finding.severity, default: 0] += step
  }
}
